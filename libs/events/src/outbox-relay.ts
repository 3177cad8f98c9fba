import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { EventEnvelope, EventType, ServiceName } from '@app/contracts';
import { EVENT_SUBSCRIPTIONS, eventsQueueOf } from '@app/contracts';
import type { DB, Narrow, TableRow } from '@app/database';
import { createBlockingRedis } from './redis-connection';
import { DEFAULT_QUEUE_PREFIX, EVENTS_OPTIONS, type EventsModuleOptions, notifyChannelOf } from './events.options';

/**
 * A row of the service's outbox (EventBusTables1763700000000, the same in every schema). Set on a
 * side-effect row (EventOutbox.enqueue): queue, job_id and job_options; null for an event.
 */
type OutboxRow = Narrow<
  Pick<
    TableRow<Extract<keyof DB, `${string}.outbox`>>,
    | 'id'
    | 'type'
    | 'team_id'
    | 'version'
    | 'payload'
    | 'occurred_at'
    | 'correlation_id'
    | 'causation_id'
    | 'queue'
    | 'job_id'
    | 'job_options'
  >,
  { job_options: JobsOptions | null }
>;

/** Test seam: runs after the jobs are enqueued and before the rows are marked published. */
export type AfterEnqueueHook = (ids: string[]) => Promise<void>;

/**
 * Moves committed outbox rows to BullMQ, then marks them published: an event to one queue per consuming
 * service (job id = event id), a side-effect row (EventOutbox.enqueue) to its job queue under its job id
 * (the row's id unless the writer gave a stable one) with the options it was written with. Rows are locked with SKIP LOCKED so several relays can run; a relay that
 * dies after enqueueing leaves its rows unpublished, and the next pass enqueues them again under the
 * same job ids (BullMQ ignores the duplicates; the consumers' inbox covers the rest).
 */
/**
 * How long a pass waits for Redis to take a batch before it gives up and rolls back (its rows stay
 * unpublished; a late add is harmless, the next pass adds the same job ids again).
 */
export const ENQUEUE_TIMEOUT_MS = 5000;

/** The batch's adds, given up when Redis drops the connection or takes longer than ms: the pass rolls back at once. */
function enqueueBounded<T>(connection: Redis, work: Promise<T>, ms = ENQUEUE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onClose: (() => void) | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not take the batch within ${ms} ms`)), ms);
    onClose = () => reject(new Error('Redis connection lost while adding the batch'));
    connection.once('close', onClose);
  });
  // Given up, the adds may still settle later: never as an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work, givenUp]).finally(() => {
    clearTimeout(timer);
    connection.off('close', onClose!);
  });
}

/** The BullMQ priority of a service's own events on its queue (lower numbers first; none is first of all). */
export const OWN_EVENTS_PRIORITY = 10;

@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues = new Map<string, Queue>();
  private connection?: ReturnType<typeof createBlockingRedis>;
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

  /** A queue by name (events.<service> or a job queue), opened on first use on the relay's one connection. */
  private queueOf(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.connection ??= createBlockingRedis(this.options.redisUrl, `${this.options.service}:relay`);
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.options.queuePrefix ?? DEFAULT_QUEUE_PREFIX,
      });
      // The connection's own listener reports an outage once; without one BullMQ prints every error.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Resolves once the relay's Redis connection is ready, or throws after waitMs: a pass never opens its
   * database transaction (locking rows, holding a pooled connection) while Redis cannot take the jobs.
   */
  private async redisReady(waitMs = ENQUEUE_TIMEOUT_MS): Promise<void> {
    this.connection ??= createBlockingRedis(this.options.redisUrl, `${this.options.service}:relay`);
    const connection = this.connection;
    if (connection.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.off('ready', onReady);
        reject(new Error(`Redis is not ready (${connection.status})`));
      }, waitMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      connection.once('ready', onReady);
    });
  }

  /** Publishes one batch; returns how many outbox rows it moved. */
  async relayOnce(): Promise<number> {
    const batchSize = this.options.relayBatchSize ?? 500;
    await this.redisReady();
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, team_id, version, payload, occurred_at, correlation_id, causation_id, queue, job_id, job_options
           FROM "${this.options.schema}".outbox
          WHERE published_at IS NULL
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      if (rows.length === 0) return 0;

      const byConsumer = new Map<ServiceName, EventEnvelope[]>();
      const jobsByQueue = new Map<string, { name: string; data: unknown; opts: JobsOptions }[]>();
      for (const row of rows) {
        if (row.queue) {
          const jobs = jobsByQueue.get(row.queue) ?? [];
          jobs.push({ name: row.type, data: row.payload, opts: { ...(row.job_options ?? {}), jobId: row.job_id ?? row.id } });
          jobsByQueue.set(row.queue, jobs);
          continue;
        }
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
        await enqueueBounded(
          this.connection!,
          this.queueOf(eventsQueueOf(consumer)).addBulk(
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
          ),
        );
      }
      // Side effects: the same job id again is ignored by BullMQ while the job is kept (its own retention).
      for (const [queue, jobs] of jobsByQueue) await enqueueBounded(this.connection!, this.queueOf(queue).addBulk(jobs));
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
    await this.listen();
    this.loop = this.run();
  }

  /**
   * LISTENs on the outbox channel on a connection of its own; when Postgres ends it (a restart), the
   * relay polls every idle period and listens again after a back-off, so commits wake it again.
   */
  private async listen(attempt = 0): Promise<void> {
    if (!this.running) return;
    const listener = new Client({ connectionString: this.options.databaseUrl, connectionTimeoutMillis: 5000 });
    this.listener = listener;
    let retried = false;
    const retry = (reason: string) => {
      if (retried || !this.running) return;
      retried = true;
      void listener.end().catch(() => undefined);
      const waitMs = Math.min(1000 * 2 ** attempt, 30_000);
      this.logger.warn(`outbox listener: ${reason}; polling, listening again in ${waitMs} ms`);
      setTimeout(() => void this.listen(Math.min(attempt + 1, 5)), waitMs).unref();
    };
    listener.on('error', (error: Error) => retry(error.message));
    listener.on('end', () => retry('connection ended'));
    try {
      await listener.connect();
      listener.on('notification', () => {
        this.notified = true;
        this.wake?.();
      });
      await listener.query(`LISTEN ${notifyChannelOf(this.options.schema)}`);
      if (attempt > 0) this.logger.log('outbox listener: listening again');
      attempt = 0;
    } catch (error) {
      retry((error as Error).message);
    }
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
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
