import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventType } from '@app/contracts';

export const HANDLES_EVENT = 'events:handles';

/**
 * Marks a provider method as the handler of one event type. It runs inside the consumer's
 * transaction (with the inbox row) and may return a callback to run after commit (e.g. a push).
 */
export const HandleEvent = (type: EventType) => SetMetadata(HANDLES_EVENT, type);

export type EventHandlerFn<T extends EventType = EventType> = (
  event: EventEnvelope<T>,
  manager: EntityManager,
) => Promise<void | (() => Promise<void> | void)>;
