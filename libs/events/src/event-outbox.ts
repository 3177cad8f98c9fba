import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '@app/database';
import type { EventEnvelope, EventPayloads, EventType, JobQueueName } from '@app/contracts';
import { EVENTS_OPTIONS, type EventsModuleOptions, notifyChannelOf } from './events.options';

export interface PublishMeta {
  correlation_id?: string;
  causation_id?: string;
}

/** How the relay adds a job written by EventOutbox.enqueue (BullMQ's own options, kept with the row). */
export interface OutboxJobOptions {
  /**
   * The BullMQ job id; default the outbox row's id. A stable id (a mail's message id, `seal-<request>`) makes
   * the same work queued twice one job, and the relay publishing the row again (a relay that died after
   * adding, before marking it published) adds nothing.
   */
  jobId?: string;
  attempts?: number;
  backoff?: { type: string; delay: number };
  delay?: number;
  priority?: number;
  removeOnComplete?: boolean | number | { age?: number; count?: number };
  removeOnFail?: boolean | number | { age?: number; count?: number };
}

export interface EnqueueMeta extends PublishMeta {
  /** The team the job is for (operators' look-ups of the outbox); none by default. */
  team_id?: number | null;
}

/** What EventOutbox.enqueue wrote: the outbox row and the job id the relay will add it under. */
export interface OutboxJob {
  id: string;
  jobId: string;
}

/** The reason BullMQ would refuse a custom job id (it throws for the whole batch), or null. */
export function jobIdProblem(jobId: string): string | null {
  if (typeof jobId !== 'string' || jobId.length === 0) return 'a job id must be a non-empty string';
  if (`${parseInt(jobId, 10)}` === jobId) return `job id ${jobId} is an integer (BullMQ refuses those)`;
  if (jobId.includes(':')) return `job id ${jobId} contains ':' (BullMQ refuses those)`;
  return null;
}

/**
 * Writes events, and the jobs a change causes (mail, pushes, syncs), into the service's outbox inside the
 * caller's transaction; the relay publishes them once the transaction has committed.
 */
@Injectable()
export class EventOutbox {
  constructor(@Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions) {}

  async publish<T extends EventType>(
    manager: EntityManager,
    type: T,
    teamId: number | null,
    payload: EventPayloads[T],
    meta: PublishMeta = {},
  ): Promise<EventEnvelope<T>> {
    if (!manager.queryRunner?.isTransactionActive) {
      // An event outside the change's transaction could be delivered for a change that never happened.
      throw new Error(`EventOutbox.publish(${type}) must run inside a database transaction`);
    }
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type,
      team_id: teamId,
      occurred_at: new Date().toISOString(),
      version: 1,
      ...meta,
      payload,
    };
    await preparedQuery(
      manager,
      `WITH published AS (
         INSERT INTO "${this.options.schema}".outbox (id, type, team_id, version, payload, occurred_at, correlation_id, causation_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8))
       SELECT pg_notify($9, '')`,
      [
        envelope.id,
        type,
        teamId,
        envelope.version,
        JSON.stringify(payload),
        envelope.occurred_at,
        meta.correlation_id ?? null,
        meta.causation_id ?? null,
        this.channel,
      ],
    );
    return envelope;
  }

  /**
   * A side effect of the change, written in its transaction: the relay adds job `name` with `data` to BullMQ
   * queue `queue` (under this service's QUEUE_PREFIX) once the transaction has committed, never if it rolls
   * back, and again after a relay failure under the same job id. Its consumer must be idempotent (a job may
   * run twice: a redelivery, a stalled worker); the options are BullMQ's (attempts, backoff, retention).
   * `queue` is one of JOB_QUEUES (the operators' board lists them).
   */
  async enqueue<T extends object>(
    manager: EntityManager,
    queue: JobQueueName,
    name: string,
    data: T,
    options: OutboxJobOptions = {},
    meta: EnqueueMeta = {},
  ): Promise<OutboxJob> {
    const [job] = await this.enqueueMany(manager, queue, [{ name, data, options }], meta);
    return job;
  }

  /** Several jobs of one queue in one statement (a DM to a whole team mails each member): as enqueue, each. */
  async enqueueMany(
    manager: EntityManager,
    queue: JobQueueName,
    jobs: readonly { name: string; data: object; options?: OutboxJobOptions }[],
    meta: EnqueueMeta = {},
  ): Promise<OutboxJob[]> {
    if (!manager.queryRunner?.isTransactionActive) {
      // A job queued outside the change's transaction is "commit, then enqueue" again: lost in between.
      throw new Error(`EventOutbox.enqueue(${queue}, ${jobs[0]?.name ?? '-'}) must run inside a database transaction`);
    }
    if (jobs.length === 0) return [];
    const rows = jobs.map(({ name, data, options = {} }) => {
      const { jobId, ...jobOptions } = options;
      if (jobId !== undefined) {
        const problem = jobIdProblem(jobId);
        if (problem) throw new Error(`EventOutbox.enqueue(${queue}, ${name}): ${problem}`);
      }
      return { id: randomUUID(), type: name, payload: data, job_id: jobId ?? null, job_options: jobOptions };
    });
    await preparedQuery(
      manager,
      `WITH published AS (
         INSERT INTO "${this.options.schema}".outbox (id, type, team_id, version, payload, occurred_at, correlation_id, causation_id, queue, job_id, job_options)
         SELECT r.id, r.type, $1, 1, r.payload, now(), $2, $3, $4, r.job_id, r.job_options
           FROM ROWS FROM (jsonb_to_recordset($5::jsonb) AS (id uuid, type text, payload jsonb, job_id text, job_options jsonb))
                WITH ORDINALITY AS r(id, type, payload, job_id, job_options, n)
          ORDER BY r.n)
       SELECT pg_notify($6, '')`,
      [meta.team_id ?? null, meta.correlation_id ?? null, meta.causation_id ?? null, queue, JSON.stringify(rows), this.channel],
    );
    return rows.map((row) => ({ id: row.id, jobId: row.job_id ?? row.id }));
  }

  /**
   * Publishes one event of `type` per row of a query answering `team_id` and `payload` (jsonb), in one
   * statement: how a writer of many rows (a bulk change, the seed) publishes their events. Returns how
   * many it wrote.
   */
  async publishEach<T extends EventType>(
    manager: EntityManager,
    type: T,
    rowsSql: string,
    params: unknown[],
    meta: PublishMeta = {},
  ): Promise<number> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`EventOutbox.publishEach(${type}) must run inside a database transaction`);
    }
    const n = params.length;
    // The relay is woken only when a row was written (the subquery's one-time filter skips pg_notify otherwise).
    const result = await preparedQuery<{ count: number }>(
      manager,
      `WITH published AS (
         INSERT INTO "${this.options.schema}".outbox (id, type, team_id, version, payload, occurred_at, correlation_id, causation_id)
         SELECT gen_random_uuid(), $${n + 1}, rows.team_id, 1, rows.payload, now(), $${n + 2}, $${n + 3}
           FROM (${rowsSql}) AS rows
         RETURNING 1),
       written AS (SELECT count(*)::int AS count FROM published)
       SELECT written.count, (SELECT true FROM (SELECT pg_notify($${n + 4}, '')) notified WHERE written.count > 0) AS notified FROM written`,
      [...params, type, meta.correlation_id ?? null, meta.causation_id ?? null, this.channel],
    );
    return result[0]?.count ?? 0;
  }

  /**
   * Where each write wakes the relay, in the writing statement itself (one round trip, not two). Postgres
   * delivers a NOTIFY only if the transaction commits.
   */
  private get channel(): string {
    return notifyChannelOf(this.options.schema);
  }
}
