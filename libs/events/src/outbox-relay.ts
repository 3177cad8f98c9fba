import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { EventEnvelope, EventType, ServiceName } from '@app/contracts';
import { EVENT_SUBSCRIPTIONS, eventsQueueOf } from '@app/contracts';
import { createQueueConnection as createRedis } from './redis-connection';
import { DEFAULT_QUEUE_PREFIX, EVENTS_OPTIONS, type EventsModuleOptions, notifyChannelOf } from './events.options';

interface OutboxRow {
  id: string;
  type: string;
  team_id: number | null;
  version: number;
  payload: unknown;
  occurred_at: Date;
  correlation_id: string | null;
  causation_id: string | null;
}

/** Test seam: runs after the jobs are enqueued and before the rows are marked published. */
export type AfterEnqueueHook = (ids: string[]) => Promise<void>;

/**
 * Moves committed outbox rows to one BullMQ queue per consuming service (job id = event id), then
 * marks them published. Rows are locked with SKIP LOCKED so several relays can run; a relay that
 * dies after enqueueing leaves its rows unpublished, and the next pass enqueues them again under the
 * same job ids (BullMQ ignores the duplicates; the consumers' inbox covers the rest).
 */
/** The BullMQ priority of a service's own events on its queue (lower numbers first; none is first of all). */
export const OWN_EVENTS_PRIORITY = 10;

@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues = new Map<ServiceName, Queue>();
  private connection?: ReturnType<typeof createRedis>;
  private listener?: Client;
  private running = false;
  private wake?: () => void;
  /** Set by a NOTIFY; a commit that lands while a pass runs must not wait for the idle timer. */
  private notified = false;
  private loop?: Promise<void>;
  private readonly unsubscribedTypesSeen = new Set<string>();
  afterEnqueue?: AfterEnqueueHook;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  private queueOf(service: ServiceName): Queue {
    let queue = this.queues.get(service);
    if (!queue) {
      this.connection ??= createRedis(this.options.redisUrl, `${this.options.service}:relay`);
      queue = new Queue(eventsQueueOf(service), {
        connection: this.connection,
        prefix: this.options.queuePrefix ?? DEFAULT_QUEUE_PREFIX,
      });
      this.queues.set(service, queue);
    }
    return queue;
  }

  /** Publishes one batch; returns how many outbox rows it moved. */
  async relayOnce(): Promise<number> {
    const batchSize = this.options.relayBatchSize ?? 500;
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, team_id, version, payload, occurred_at, correlation_id, causation_id
           FROM "${this.options.schema}".outbox
          WHERE published_at IS NULL
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      if (rows.length === 0) return 0;

      const byConsumer = new Map<ServiceName, EventEnvelope[]>();
      for (const row of rows) {
        const consumers = EVENT_SUBSCRIPTIONS[row.type as EventType] ?? [];
        if (consumers.length === 0 && !this.unsubscribedTypesSeen.has(row.type)) {
          // Once per type: a bulk change (the seed) would otherwise log a line per event.
          this.unsubscribedTypesSeen.add(row.type);
          this.logger.log(`event type ${row.type} has no subscribers yet; marking such events published`);
        }
        const envelope = {
          id: row.id,
          type: row.type as EventType,
          team_id: row.team_id,
          occurred_at: new Date(row.occurred_at).toISOString(),
          version: row.version,
          ...(row.correlation_id ? { correlation_id: row.correlation_id } : {}),
          ...(row.causation_id ? { causation_id: row.causation_id } : {}),
          payload: row.payload,
        } as EventEnvelope;
        for (const consumer of consumers) {
          const list = byConsumer.get(consumer) ?? [];
          list.push(envelope);
          byConsumer.set(consumer, list);
        }
      }

      const attempts = this.options.attempts ?? 10;
      const delay = this.options.backoffMs ?? 500;
      for (const [consumer, envelopes] of byConsumer) {
        await this.queueOf(consumer).addBulk(
          envelopes.map((envelope) => ({
            name: envelope.type,
            data: envelope,
            opts: {
              jobId: envelope.id,
              // A service's own events (Display Mode's push) wait behind what other services tell it: a bulk
              // change of its own never delays another service's event (unprioritised jobs go first).
              ...(consumer === this.options.service ? { priority: OWN_EVENTS_PRIORITY } : {}),
              attempts,
              backoff: { type: 'exponential', delay },
              removeOnComplete: { age: 24 * 3600, count: 50_000 },
              removeOnFail: { age: 7 * 24 * 3600 },
            },
          })),
        );
      }
      const ids = rows.map((r) => r.id);
      if (this.afterEnqueue) await this.afterEnqueue(ids);
      await manager.query(`UPDATE "${this.options.schema}".outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
      return rows.length;
    });
  }

  /** Relays until the outbox is empty (tests and the seed use it). */
  async drain(): Promise<number> {
    let total = 0;
    for (let moved = await this.relayOnce(); moved > 0; moved = await this.relayOnce()) total += moved;
    return total;
  }

  async onApplicationBootstrap() {
    if (!this.options.relay) return;
    this.running = true;
    this.listener = new Client({ connectionString: this.options.databaseUrl });
    this.listener.on('error', (error: Error) => this.logger.warn(`outbox listener: ${error.message}`));
    try {
      await this.listener.connect();
      this.listener.on('notification', () => {
        this.notified = true;
        this.wake?.();
      });
      await this.listener.query(`LISTEN ${notifyChannelOf(this.options.schema)}`);
    } catch (error) {
      this.logger.warn(`LISTEN unavailable, polling only: ${(error as Error).message}`);
    }
    this.loop = this.run();
  }

  private async run() {
    const idleMs = this.options.relayIdleMs ?? 1000;
    while (this.running) {
      let moved = 0;
      let failed = false;
      this.notified = false;
      try {
        moved = await this.relayOnce();
      } catch (error) {
        this.logger.error(`relay pass failed: ${(error as Error).message}`);
        failed = true;
      }
      // Idle (or back off after a failure) in a wait that a NOTIFY or shutdown can cut short.
      if (this.running && (failed || (moved === 0 && !this.notified))) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  async onApplicationShutdown() {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
