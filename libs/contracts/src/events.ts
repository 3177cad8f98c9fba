import type { ServiceName } from './services';
import type { Role } from './roles';

/** Envelope of every event on the bus (ARCHITECTURE.md section 4). */
export interface EventEnvelope<TType extends EventType = EventType> {
  id: string;
  type: TType;
  team_id: number | null;
  occurred_at: string;
  version: number;
  correlation_id?: string;
  causation_id?: string;
  payload: EventPayloads[TType];
}

export interface UserSnapshot {
  agent_id: number;
  team_id: number;
  team_name: string;
  first_name: string;
  last_name: string;
  email: string;
  status: 'active' | 'inactive';
  roles: Role[];
  profile_image_path: string | null;
  leader_board_exclude: boolean;
}

/** Event type -> payload. Types are <service>.<entity>.<past-tense verb>. */
export interface EventPayloads {
  'identity.user.created': UserSnapshot;
  'identity.user.updated': UserSnapshot;
  'team-admin.notification-settings.changed': {
    settings: { notification_id: number; enabled: boolean }[];
  };
  'team-admin.blackout-days.changed': { dates: string[] };
  /** Used only by the event bus's own tests. */
  'platform.probe.happened': { n: number; note?: string };
}
export type EventType = keyof EventPayloads;

/** Which services consume each event type. The relay fans out to events.<service> queues. */
export const EVENT_SUBSCRIPTIONS: Record<EventType, readonly ServiceName[]> = {
  'identity.user.created': ['transactions'],
  'identity.user.updated': ['transactions'],
  // Consumers of these arrive with the administration and transactions issues.
  'team-admin.notification-settings.changed': [],
  'team-admin.blackout-days.changed': [],
  'platform.probe.happened': ['messaging', 'esign'],
};

/** Event types that only the event bus's own tests publish; no service has to handle them. */
export const TEST_ONLY_EVENT_TYPES: readonly EventType[] = ['platform.probe.happened'];

/** BullMQ queue that carries events to one consuming service. */
export function eventsQueueOf(service: ServiceName): string {
  return `events.${service}`;
}
