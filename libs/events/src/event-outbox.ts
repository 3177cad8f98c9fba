import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventType } from '@app/contracts';
import { EVENTS_OPTIONS, type EventsModuleOptions, notifyChannelOf } from './events.options';

export interface PublishMeta {
  correlation_id?: string;
  causation_id?: string;
}

/** Writes events into the service's outbox inside the caller's transaction. */
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
    await manager.query(
      `INSERT INTO "${this.options.schema}".outbox (id, type, team_id, version, payload, occurred_at, correlation_id, causation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        envelope.id,
        type,
        teamId,
        envelope.version,
        JSON.stringify(payload),
        envelope.occurred_at,
        meta.correlation_id ?? null,
        meta.causation_id ?? null,
      ],
    );
    await this.notify(manager);
    return envelope;
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
    const result: { count: number }[] = await manager.query(
      `WITH published AS (
         INSERT INTO "${this.options.schema}".outbox (id, type, team_id, version, payload, occurred_at, correlation_id, causation_id)
         SELECT gen_random_uuid(), $${n + 1}, rows.team_id, 1, rows.payload, now(), $${n + 2}, $${n + 3}
           FROM (${rowsSql}) AS rows
         RETURNING 1)
       SELECT count(*)::int AS count FROM published`,
      [...params, type, meta.correlation_id ?? null, meta.causation_id ?? null],
    );
    const count = result[0]?.count ?? 0;
    if (count > 0) await this.notify(manager);
    return count;
  }

  // Delivered by Postgres only if the transaction commits: wakes the relay without polling delay.
  private async notify(manager: EntityManager) {
    await manager.query(`SELECT pg_notify($1, '')`, [notifyChannelOf(this.options.schema)]);
  }
}
