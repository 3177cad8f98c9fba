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

export interface TeamProvisioned {
  team_id: number;
  name: string;
  market_id: number;
}

export interface TeamSettingsChanged {
  team_id: number;
  name: string;
  timezone: string | null;
  revision: number;
}

/** Event type -> payload. Types are <service>.<entity>.<past-tense verb>. */
export interface EventPayloads {
  'identity.user.created': UserSnapshot;
  'identity.user.updated': UserSnapshot;
  /** A team was created (by the seed or, later, by billing): other services set up their part of it. */
  'identity.team.provisioned': TeamProvisioned;
  /** Team settings saved (name, address, timezone): identity and transactions keep the name. */
  'team-admin.team.updated': TeamSettingsChanged;
  /**
   * The team's whole set of switches after a change. revision grows with every change of the
   * team, so a consumer can ignore an older snapshot delivered late.
   */
  'team-admin.notification-settings.changed': {
    revision: number;
    settings: { notification_id: number; enabled: boolean }[];
  };
  /**
   * The team's blackout days resolved for due-date rules: weekdays (0 Sunday .. 6 Saturday) and
   * dates (YYYY-MM-DD: custom days, and holidays as observed, this year and the next two). holidays
   * lists the chosen holiday keys ('thanksgiving_day'), so a consumer can resolve any later year.
   */
  'team-admin.blackout-days.changed': { revision: number; timezone: string | null; weekdays: number[]; holidays: string[]; dates: string[] };
  /** Used only by the event bus's own tests. */
  'platform.probe.happened': { n: number; note?: string };
}
export type EventType = keyof EventPayloads;

/** Which services consume each event type. The relay fans out to events.<service> queues. */
export const EVENT_SUBSCRIPTIONS: Record<EventType, readonly ServiceName[]> = {
  'identity.user.created': ['transactions'],
  'identity.user.updated': ['transactions'],
  'identity.team.provisioned': ['team-admin'],
  'team-admin.team.updated': ['identity', 'transactions'],
  'team-admin.notification-settings.changed': ['identity'],
  // The transactions service's due-date rules (a later issue) will consume this one.
  'team-admin.blackout-days.changed': [],
  'platform.probe.happened': ['messaging', 'esign'],
};

/** Event types that only the event bus's own tests publish; no service has to handle them. */
export const TEST_ONLY_EVENT_TYPES: readonly EventType[] = ['platform.probe.happened'];

/** BullMQ queue that carries events to one consuming service. */
export function eventsQueueOf(service: ServiceName): string {
  return `events.${service}`;
}
