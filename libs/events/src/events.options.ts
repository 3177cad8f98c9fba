import type { ServiceName } from '@app/contracts';

export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

export interface EventsModuleOptions {
  service: ServiceName;
  schema: string;
  databaseUrl: string;
  redisUrl: string;
  /** BullMQ key prefix; tests give each suite its own. */
  queuePrefix?: string;
  /** Run the outbox relay in this process. */
  relay?: boolean;
  /** Consume this service's events queue in this process. */
  consume?: boolean;
  relayBatchSize?: number;
  relayIdleMs?: number;
  consumerConcurrency?: number;
  /** Attempts and first backoff delay of a delivery. */
  attempts?: number;
  backoffMs?: number;
}

export function notifyChannelOf(schema: string): string {
  return `outbox_${schema}`;
}

export const DEFAULT_QUEUE_PREFIX = 'realty';
