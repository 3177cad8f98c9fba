import { randomUUID } from 'node:crypto';
import { ConsoleLogger, Inject, Injectable, type INestApplicationContext, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import type { EventEnvelope, EventType, ServiceName } from '@app/contracts';
import { EVENT_SUBSCRIPTIONS, eventsQueueOf } from '@app/contracts';
import { createServiceDataSource, DatabaseModule, migrateServiceSchema } from '@app/database';
import {
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  EventConsumer,
  EventOutbox,
  EventsModule,
  type EventsModuleOptions,
  HandleEvent,
  OutboxRelay,
} from '@app/events';
import { testInfraUrls, type TestDatabase } from '@app/testing';

export const PROBE = 'platform.probe.happened' as const;
export type ProbeEnvelope = EventEnvelope<typeof PROBE>;

/** The tests' own side effect: one row per applied event (no unique key, so a duplicate would show). */
export class ProbeEffectsTable1763700000001 implements MigrationInterface {
  name = 'ProbeEffectsTable1763700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
    await queryRunner.query(`
      CREATE TABLE "${s}".probe_effects (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL,
        n integer NOT NULL,
        note text,
        applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`CREATE INDEX probe_effects_event_idx ON "${s}".probe_effects (event_id)`);
    await queryRunner.query(`CREATE INDEX probe_effects_note_idx ON "${s}".probe_effects (note)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
    await queryRunner.query(`DROP TABLE "${s}".probe_effects`);
  }
}

const migrations = [EventBusTables1763700000000, ProbeEffectsTable1763700000001, OutboxJobs1763700000010];

/**
 * Handles the probe by inserting a row into its own schema's probe_effects. A payload note
 * `fail:<k>` makes it throw on the first k attempts of that event (after writing the effect, which
 * the rollback must then undo).
 */
@Injectable()
export class ProbeHandler {
  /** Start time of every attempt, per event id (in-memory, for assertions). */
  readonly attempts = new Map<string, number[]>();

  private readonly schema: string;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.schema = (dataSource.options as { schema: string }).schema;
  }

  @HandleEvent(PROBE)
  async onProbe(event: ProbeEnvelope, manager: EntityManager): Promise<void> {
    const times = this.attempts.get(event.id) ?? [];
    times.push(Date.now());
    this.attempts.set(event.id, times);
    await manager.query(`INSERT INTO "${this.schema}".probe_effects (event_id, n, note) VALUES ($1, $2, $3)`, [
      event.id,
      event.payload.n,
      event.payload.note ?? null,
    ]);
    const failures = /^fail:(\d+)$/.exec(event.payload.note ?? '');
    if (failures && times.length <= Number(failures[1])) {
      throw new Error(`probe ${event.id} fails on purpose (attempt ${times.length})`);
    }
  }
}

/** Silent unless TEST_LOG_LEVEL is set (the testing module's own logger would swallow warnings). */
const logger = (): ConsoleLogger | false =>
  process.env.TEST_LOG_LEVEL ? new ConsoleLogger({ logLevels: ['error', 'warn', 'log', 'debug'] }) : false;

export interface BusApp {
  app: INestApplicationContext;
  dataSource: DataSource;
  options: EventsModuleOptions;
  close(): Promise<void>;
}

/** Migrates `schema` (outbox, inbox, probe_effects), then starts a Nest context with the event bus. */
export async function bootBusApp(
  database: TestDatabase,
  options: Omit<EventsModuleOptions, 'databaseUrl' | 'redisUrl' | 'queuePrefix'>,
  providers: Type[] = [],
): Promise<BusApp> {
  const fullOptions: EventsModuleOptions = {
    databaseUrl: database.url,
    redisUrl: testInfraUrls().redisUrl,
    queuePrefix: queuePrefixOf(database),
    ...options,
  };
  await migrateServiceSchema(createServiceDataSource({ url: database.url, schema: options.schema, entities: [], migrations }));
  const app = await Test.createTestingModule({
    imports: [
      DatabaseModule.forRoot({
        url: database.url,
        schema: options.schema,
        entities: [],
        migrations,
        applicationName: `bus-${options.schema}`,
      }),
      EventsModule.forRoot(fullOptions),
    ],
    providers,
  }).compile();
  app.useLogger(logger());
  try {
    await app.init();
  } catch (error) {
    // A context that fails to start still holds its DataSource: release it, then report the failure.
    await app.close().catch(() => undefined);
    throw error;
  }
  return { app, dataSource: app.get(DataSource), options: fullOptions, close: () => app.close() };
}

/**
 * A publishing service (no handlers; relay by hand unless `relay`). It is esign because that service
 * subscribes to nothing but the test-only probe, so its start-up check passes without handlers.
 */
export function bootPublisher(database: TestDatabase, schema: string, extra: Partial<EventsModuleOptions> = {}) {
  return bootBusApp(database, { service: 'esign', schema, ...extra });
}

/** A consuming service whose ProbeHandler records the probe in `<schema>.probe_effects`. */
/**
 * A consuming service: the probe's real handler, and no-op stand-ins for the service's other subscriptions
 * (the consumer's start-up check wants one handler for each).
 */
export function bootConsumer(database: TestDatabase, service: ServiceName, extra: Partial<EventsModuleOptions> = {}) {
  const others = (Object.keys(EVENT_SUBSCRIPTIONS) as EventType[]).filter(
    (type) => type !== PROBE && EVENT_SUBSCRIPTIONS[type].includes(service),
  );
  return bootBusApp(database, { service, schema: service, consume: true, consumerConcurrency: 10, ...extra }, [
    ProbeHandler,
    standInHandlersFor(others),
  ]);
}

/** A provider with one no-op @HandleEvent method for each of `types`. */
export function standInHandlersFor(types: readonly EventType[]): Type {
  @Injectable()
  class StandInHandlers {}
  for (const [index, type] of types.entries()) {
    const method = `on${index}`;
    const descriptor: PropertyDescriptor = { value: async () => undefined, writable: true, configurable: true };
    HandleEvent(type)(StandInHandlers.prototype, method, descriptor);
    Object.defineProperty(StandInHandlers.prototype, method, descriptor);
  }
  return StandInHandlers;
}

export function queuePrefixOf(database: TestDatabase): string {
  return `t-${database.name}`;
}

/** A queue handle on events.<service>, as the relay and the consumer see it. */
export function eventsQueue(database: TestDatabase, service: ServiceName, connection: IORedis): Queue<ProbeEnvelope> {
  return new Queue(eventsQueueOf(service), { connection, prefix: queuePrefixOf(database) });
}

export function redisConnection(): IORedis {
  return new IORedis(testInfraUrls().redisUrl, { maxRetriesPerRequest: null, connectionName: 'events-e2e' });
}

// ---- data factories -----------------------------------------------------------------------------

/** A run tag, stored in the probe's note so counts never include another test's events. */
export const newTag = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

export function probePayload(overrides: Partial<ProbeEnvelope['payload']> = {}): ProbeEnvelope['payload'] {
  return { n: 1, note: newTag('probe'), ...overrides };
}

/** An envelope as the relay would build it, for redelivering by hand. */
export function probeEnvelope(overrides: Partial<ProbeEnvelope> = {}): ProbeEnvelope {
  return {
    id: randomUUID(),
    type: PROBE,
    team_id: 1,
    occurred_at: new Date().toISOString(),
    version: 1,
    payload: probePayload(),
    ...overrides,
  };
}

/** Publishes `payloads` in one committed transaction of the publisher. */
export async function publishProbes(publisher: BusApp, payloads: ProbeEnvelope['payload'][], teamId = 1): Promise<ProbeEnvelope[]> {
  const outbox = publisher.app.get(EventOutbox);
  return publisher.dataSource.transaction(async (manager) => {
    const envelopes: ProbeEnvelope[] = [];
    for (const payload of payloads) envelopes.push(await outbox.publish(manager, PROBE, teamId, payload));
    return envelopes;
  });
}

export async function publishProbe(publisher: BusApp, payload = probePayload()): Promise<ProbeEnvelope> {
  const [envelope] = await publishProbes(publisher, [payload]);
  return envelope;
}

// ---- observations -------------------------------------------------------------------------------

export async function effectCount(consumer: BusApp, where: { eventIds?: string[]; note?: string }): Promise<number> {
  const schema = consumer.options.schema;
  const [{ count }] = where.eventIds
    ? await consumer.dataSource.query(`SELECT count(*)::int AS count FROM "${schema}".probe_effects WHERE event_id = ANY($1::uuid[])`, [
        where.eventIds,
      ])
    : await consumer.dataSource.query(`SELECT count(*)::int AS count FROM "${schema}".probe_effects WHERE note = $1`, [where.note]);
  return count;
}

export async function effectsOf(consumer: BusApp, eventId: string): Promise<number> {
  return effectCount(consumer, { eventIds: [eventId] });
}

export async function outboxRow(publisher: BusApp, eventId: string): Promise<{ published_at: Date | null } | undefined> {
  const rows = await publisher.dataSource.query(`SELECT published_at FROM "${publisher.options.schema}".outbox WHERE id = $1`, [eventId]);
  return rows[0];
}

export const relayOf = (app: BusApp) => app.app.get(OutboxRelay);
export const consumerOf = (app: BusApp) => app.app.get(EventConsumer);
export const handlerOf = (app: BusApp) => app.app.get(ProbeHandler);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
