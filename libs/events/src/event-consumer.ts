import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@app/database';
import type { EventEnvelope, EventType } from '@app/contracts';
import { EVENT_SUBSCRIPTIONS, TEST_ONLY_EVENT_TYPES, eventsQueueOf } from '@app/contracts';
import { isDependencyUnavailable } from './dependency-errors';
import { createBlockingRedis } from './redis-connection';
import { DEFAULT_QUEUE_PREFIX, EVENTS_OPTIONS, type EventsModuleOptions } from './events.options';
import { HANDLES_EVENT, type EventHandlerFn } from './handle-event.decorator';

export type ConsumeResult = 'applied' | 'duplicate';

/** How long an event waits before it is tried again while Postgres cannot serve it. */
export const OUTAGE_RETRY_MS = 2000;

/**
 * Consumes events.<service>: each event is applied in one transaction together with its inbox
 * row, so a redelivered event is applied once. A handler that throws rolls back and BullMQ retries
 * with exponential backoff.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private readonly handlers = new Map<EventType, EventHandlerFn>();
  private worker?: Worker;
  private connection?: ReturnType<typeof createBlockingRedis>;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  private discoverHandlers() {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const type = this.reflector.get<EventType | undefined>(HANDLES_EVENT, prototype[method]);
        if (!type) continue;
        if (this.handlers.has(type)) throw new Error(`two handlers for ${type} in ${this.options.service}`);
        this.handlers.set(type, (prototype[method] as EventHandlerFn).bind(instance));
      }
    }
    // A process that consumes the service's queue must hold exactly one handler for every event the service
    // subscribes to, and none for another; a process that only publishes (an API replica) is not checked.
    if (!this.options.consume) return;
    const subscribed = (Object.keys(EVENT_SUBSCRIPTIONS) as EventType[]).filter((t) =>
      EVENT_SUBSCRIPTIONS[t].includes(this.options.service),
    );
    const missing = subscribed.filter((t) => !this.handlers.has(t) && !TEST_ONLY_EVENT_TYPES.includes(t));
    const orphaned = [...this.handlers.keys()].filter((t) => !subscribed.includes(t));
    if (missing.length || orphaned.length) {
      throw new Error(
        `${this.options.service} event handlers do not match EVENT_SUBSCRIPTIONS: ` +
          [missing.length ? `missing ${missing.join(', ')}` : '', orphaned.length ? `not subscribed ${orphaned.join(', ')}` : '']
            .filter(Boolean)
            .join('; '),
      );
    }
  }

  /** Applies one event once; exposed so tests can redeliver an envelope by hand. */
  async consume(envelope: EventEnvelope): Promise<ConsumeResult> {
    const handler = this.handlers.get(envelope.type);
    if (!handler) throw new UnrecoverableError(`${this.options.service} has no handler for ${envelope.type}`);
    const pending: { afterCommit?: () => Promise<void> | void } = {};
    const result = await this.dataSource.transaction(async (manager): Promise<ConsumeResult> => {
      const inserted = await preparedQuery(
        manager,
        `INSERT INTO "${this.options.schema}".inbox (event_id, event_type) VALUES ($1, $2)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [envelope.id, envelope.type],
      );
      if (inserted.length === 0) return 'duplicate';
      pending.afterCommit = (await handler(envelope, manager)) || undefined;
      return 'applied';
    });
    if (result === 'applied' && pending.afterCommit) {
      try {
        await pending.afterCommit();
      } catch (error) {
        this.logger.warn(`after-commit step of ${envelope.type} ${envelope.id} failed: ${(error as Error).message}`);
      }
    }
    return result;
  }

  async onApplicationBootstrap() {
    this.discoverHandlers();
    if (!this.options.consume) return;
    this.worker = new Worker(
      eventsQueueOf(this.options.service),
      async (job: Job<EventEnvelope>, token?: string) => {
        try {
          return await this.consume(job.data);
        } catch (error) {
          // Postgres away or the pool full: wait and try again without spending an attempt, so an outage
          // longer than the backoff's reach never fails an event for good.
          if (token && isDependencyUnavailable(error)) {
            this.logger.warn(`event ${job.data?.type} ${job.id} waits ${OUTAGE_RETRY_MS} ms: ${(error as Error).message}`);
            await job.moveToDelayed(Date.now() + OUTAGE_RETRY_MS, token);
            throw new DelayedError();
          }
          throw error;
        }
      },
      {
        // BullMQ does not close a connection it was handed (it treats it as shared): we close it below.
        connection: (this.connection = createBlockingRedis(this.options.redisUrl, `${this.options.service}:consumer`)),
        prefix: this.options.queuePrefix ?? DEFAULT_QUEUE_PREFIX,
        concurrency: this.options.consumerConcurrency ?? 10,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`event ${job?.data?.type} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`events worker: ${error.message}`));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
