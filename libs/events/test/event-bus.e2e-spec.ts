import { type Job, Queue } from 'bullmq';
import type IORedis from 'ioredis';
import { EVENT_SUBSCRIPTIONS, type EventType, TEST_ONLY_EVENT_TYPES } from '@app/contracts';
import { EventConsumer, EventOutbox, OutboxRelay } from '@app/events';
import { createTestDatabase, eventually, type TestDatabase } from '@app/testing';
import {
  bootBusApp,
  bootConsumer,
  bootPublisher,
  type BusApp,
  consumerOf,
  effectCount,
  effectsOf,
  eventsQueue,
  handlerOf,
  newTag,
  outboxRow,
  PROBE,
  type ProbeEnvelope,
  probeEnvelope,
  probePayload,
  ProbeHandler,
  publishProbe,
  publishProbes,
  queuePrefixOf,
  redisConnection,
  relayOf,
  sleep,
  standInHandlersFor,
} from './event-bus-test-apps';

/**
 * The event bus end to end on real Postgres and Redis: a publishing service ('bus_pub' schema,
 * relayed by hand) and the two subscribers of platform.probe.happened, messaging and esign, each
 * consuming its own events.<service> queue and recording the probe in its own probe_effects table.
 */
let database: TestDatabase;
let publisher: BusApp;
let messaging: BusApp;
let esign: BusApp;
let redis: IORedis;
let queues: Record<'messaging' | 'esign', Queue<ProbeEnvelope>>;
const consumers = () => [
  { app: messaging, queue: queues.messaging },
  { app: esign, queue: queues.esign },
];

// Relay options: fast retries so the retry test takes well under a second.
const relayOptions = { attempts: 5, backoffMs: 50 };

beforeAll(async () => {
  database = await createTestDatabase();
  [publisher, messaging, esign] = await Promise.all([
    bootPublisher(database, 'bus_pub', relayOptions),
    bootConsumer(database, 'messaging'),
    bootConsumer(database, 'esign'),
  ]);
  redis = redisConnection();
  queues = { messaging: eventsQueue(database, 'messaging', redis), esign: eventsQueue(database, 'esign', redis) };
}, 30_000);

afterAll(async () => {
  await Promise.all([publisher, messaging, esign].map((app) => app?.close()));
  await Promise.all(Object.values(queues ?? {}).map((queue) => queue.close()));
  await redis?.quit();
  await database?.drop();
}, 30_000);

afterEach(() => {
  jest.restoreAllMocks();
  if (publisher) relayOf(publisher).afterEnqueue = undefined;
});

/** The job of `eventId` on `queue` once it has completed. */
async function completedJob(queue: Queue<ProbeEnvelope>, eventId: string, timeoutMs = 10_000): Promise<Job<ProbeEnvelope>> {
  // State first, then the job: a job read while still active would carry no return value.
  return eventually(async () => ((await queue.getJobState(eventId)) === 'completed' ? queue.getJob(eventId) : undefined), timeoutMs);
}

async function effectsEverywhere(eventId: string): Promise<Record<'messaging' | 'esign', number>> {
  return { messaging: await effectsOf(messaging, eventId), esign: await effectsOf(esign, eventId) };
}

describe(OutboxRelay.name, () => {
  it('refuses to publish outside a transaction', async () => {
    await expect(publisher.app.get(EventOutbox).publish(publisher.dataSource.manager, PROBE, 1, probePayload())).rejects.toThrow(
      'must run inside a database transaction',
    );
  });

  it('never delivers an event whose transaction rolls back', async () => {
    const outbox = publisher.app.get(EventOutbox);
    let rolledBack: ProbeEnvelope | undefined;
    await expect(
      publisher.dataSource.transaction(async (manager) => {
        rolledBack = await outbox.publish(manager, PROBE, 1, probePayload());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A committed event published afterwards goes through the same relay and queues: once it has
    // arrived everywhere, the rolled-back one would have too.
    const sentinel = await publishProbe(publisher);
    await relayOf(publisher).drain();
    await eventually(async () => {
      const effects = await effectsEverywhere(sentinel.id);
      return effects.messaging === 1 && effects.esign === 1;
    });
    await sleep(200);

    expect(rolledBack).toBeDefined();
    expect(await outboxRow(publisher, rolledBack!.id)).toBeUndefined();
    for (const { queue } of consumers()) expect(await queue.getJob(rolledBack!.id)).toBeUndefined();
    expect(await effectsEverywhere(rolledBack!.id)).toEqual({ messaging: 0, esign: 0 });
  });

  it('delivers a committed event to every subscribed service, once each', async () => {
    const event = await publishProbe(publisher, probePayload({ n: 42 }));
    await relayOf(publisher).drain();
    expect((await outboxRow(publisher, event.id))?.published_at).toBeInstanceOf(Date);

    for (const { app, queue } of consumers()) {
      const job = await completedJob(queue, event.id);
      expect(job.returnvalue).toBe('applied');
      expect(job.data).toMatchObject({ id: event.id, type: PROBE, team_id: 1, version: 1, payload: { n: 42 } });
      const effects = await app.dataSource.query(`SELECT n, note FROM "${app.options.schema}".probe_effects WHERE event_id = $1`, [
        event.id,
      ]);
      expect(effects).toEqual([{ n: 42, note: event.payload.note }]);
      const inbox = await app.dataSource.query(`SELECT event_type FROM "${app.options.schema}".inbox WHERE event_id = $1`, [event.id]);
      expect(inbox).toEqual([{ event_type: PROBE }]);
    }
  });

  it.each([
    ['before the consumers have run', false],
    ['after the consumers have run', true],
  ])('causes no duplicate effect when it dies between enqueueing and marking published (rerun %s)', async (_when, waitForConsumers) => {
    const relay = relayOf(publisher);
    const consumeSpies = consumers().map(({ app }) => jest.spyOn(consumerOf(app), 'consume'));
    const event = await publishProbe(publisher);

    // The process "dies" after addBulk and before the UPDATE: the relay's transaction rolls back.
    let enqueued: string[] = [];
    relay.afterEnqueue = async (ids) => {
      enqueued = ids;
      relay.afterEnqueue = undefined;
      throw new Error('relay killed');
    };
    await expect(relay.relayOnce()).rejects.toThrow('relay killed');
    expect(enqueued).toContain(event.id);
    expect((await outboxRow(publisher, event.id))?.published_at).toBeNull();
    for (const { queue } of consumers()) expect(await queue.getJob(event.id)).toBeDefined();
    if (waitForConsumers) for (const { queue } of consumers()) await completedJob(queue, event.id);

    // The next relay pass enqueues the same rows again under the same job ids, then marks them.
    expect(await relay.drain()).toBeGreaterThanOrEqual(1);
    expect((await outboxRow(publisher, event.id))?.published_at).toBeInstanceOf(Date);
    for (const { queue } of consumers()) expect((await completedJob(queue, event.id)).returnvalue).toBe('applied');
    await sleep(300);

    expect(await effectsEverywhere(event.id)).toEqual({ messaging: 1, esign: 1 });
    // BullMQ kept one job per id, so each consumer was handed the event exactly once.
    for (const spy of consumeSpies) expect(spy.mock.calls.filter(([envelope]) => envelope.id === event.id)).toHaveLength(1);
  });

  describe('with the relay loop running', () => {
    let looping: BusApp;

    beforeAll(async () => {
      // An idle wait far beyond any timeout below: only LISTEN/NOTIFY can wake the loop in time.
      looping = await bootPublisher(database, 'bus_loop', { ...relayOptions, relay: true, relayIdleMs: 60_000, relayBatchSize: 1000 });
    }, 30_000);
    afterAll(() => looping?.close(), 30_000);

    it('wakes on commit through LISTEN/NOTIFY instead of waiting for its idle timer', async () => {
      await sleep(300); // the loop's first pass found nothing and is now asleep
      const started = Date.now();
      const event = await publishProbe(looping);
      await eventually(async () => {
        const effects = await effectsEverywhere(event.id);
        return effects.messaging === 1 && effects.esign === 1;
      }, 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('does not miss a commit that lands while a relay pass is running', async () => {
      // Another transaction commits after a pass found the outbox empty but before the loop went
      // back to sleep: its NOTIFY arrives while nobody waits for it, and must not be lost.
      const relay = relayOf(looping);
      const pass = relay.relayOnce.bind(relay);
      let committedDuringPass: ProbeEnvelope | undefined;
      jest.spyOn(relay, 'relayOnce').mockImplementation(async () => {
        const moved = await pass();
        if (moved === 0 && !committedDuringPass) {
          committedDuringPass = await publishProbe(looping);
          await sleep(100); // the NOTIFY reaches the relay's listener while this pass is still running
        }
        return moved;
      });
      const trigger = await publishProbe(looping); // wakes the loop: one pass moves it, the next finds nothing

      const late = await eventually(async () => committedDuringPass, 5_000);
      await eventually(async () => (await outboxRow(looping, late.id))?.published_at, 5_000);
      for (const event of [trigger, late]) {
        await eventually(async () => {
          const effects = await effectsEverywhere(event.id);
          return effects.messaging === 1 && effects.esign === 1;
        });
      }
    }, 30_000);

    it('retries a failed pass on the next commit and shuts down without waiting for its idle timer', async () => {
      const flaky = await bootPublisher(database, 'bus_flaky', { ...relayOptions, relay: true, relayIdleMs: 60_000 });
      try {
        const relay = relayOf(flaky);
        let failures = 0;
        relay.afterEnqueue = async () => {
          failures++;
          relay.afterEnqueue = undefined;
          throw new Error('Redis went away');
        };
        const first = await publishProbe(flaky);
        await eventually(async () => failures === 1, 5_000);
        expect((await outboxRow(flaky, first.id))?.published_at).toBeNull();

        const second = await publishProbe(flaky);
        for (const event of [first, second]) {
          await eventually(async () => (await outboxRow(flaky, event.id))?.published_at, 5_000);
          await eventually(async () => {
            const effects = await effectsEverywhere(event.id);
            return effects.messaging === 1 && effects.esign === 1;
          });
        }
      } finally {
        const closing = Date.now();
        await flaky.close();
        expect(Date.now() - closing).toBeLessThan(5_000);
      }
    }, 30_000);

    it('delivers a burst of 10,000 events to every subscriber', async () => {
      const tag = newTag('burst');
      const transactions = 10;
      const perTransaction = 1000;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: transactions }, (_, t) =>
          publishProbes(
            looping,
            Array.from({ length: perTransaction }, (_, i) => probePayload({ n: t * perTransaction + i, note: tag })),
          ),
        ),
      );
      const publishedMs = Date.now() - started;
      await eventually(
        async () => (await effectCount(messaging, { note: tag })) === 10_000 && (await effectCount(esign, { note: tag })) === 10_000,
        100_000,
        250,
      );
      const deliveredMs = Date.now() - started;
      console.log(
        `10,000 events: published in ${publishedMs} ms, applied by messaging and esign ${deliveredMs} ms after the first publish`,
      );

      const [{ unpublished }] = await looping.dataSource.query(
        `SELECT count(*)::int AS unpublished FROM bus_loop.outbox WHERE published_at IS NULL`,
      );
      expect(unpublished).toBe(0);
      for (const app of [messaging, esign]) {
        const [{ distinct }] = await app.dataSource.query(
          `SELECT count(DISTINCT n)::int AS distinct FROM "${app.options.schema}".probe_effects WHERE note = $1`,
          [tag],
        );
        expect(distinct).toBe(10_000);
      }
    }, 120_000);
  });
});

describe(EventConsumer.name, () => {
  it('retries a failing handler with exponential backoff and applies the effect once', async () => {
    const event = await publishProbe(publisher, probePayload({ note: 'fail:2' }));
    await relayOf(publisher).drain();

    for (const { app, queue } of consumers()) {
      const job = await completedJob(queue, event.id);
      expect(job.returnvalue).toBe('applied');
      expect(job.attemptsMade).toBe(3);
      const attempts = handlerOf(app).attempts.get(event.id)!;
      expect(attempts).toHaveLength(3);
      // backoff: 50 ms then 100 ms (exponential from backoffMs); allow a few ms of timer slack
      expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(45);
      expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(95);
      // the two failed attempts wrote their effect too, and their rollback took it away again
      expect(await effectsOf(app, event.id)).toBe(1);
    }
  });

  it('applies a redelivered envelope once (inbox)', async () => {
    const envelope = probeEnvelope();
    const consumer = consumerOf(messaging);
    expect(await consumer.consume(envelope)).toBe('applied');
    expect(await consumer.consume(envelope)).toBe('duplicate');
    expect(await effectsOf(messaging, envelope.id)).toBe(1);
  });

  it('applies an event once even when its job was removed from BullMQ and the relay publishes it again', async () => {
    const event = await publishProbe(publisher);
    await relayOf(publisher).drain();
    for (const { queue } of consumers()) expect((await completedJob(queue, event.id)).returnvalue).toBe('applied');

    // Redis lost the jobs (removed / obliterated) and the row is relayed again: new jobs, same ids.
    for (const { queue } of consumers()) {
      await queue.remove(event.id);
      expect(await queue.getJob(event.id)).toBeUndefined();
    }
    await publisher.dataSource.query(`UPDATE bus_pub.outbox SET published_at = NULL WHERE id = $1`, [event.id]);
    expect(await relayOf(publisher).drain()).toBeGreaterThanOrEqual(1);

    for (const { queue } of consumers()) expect((await completedJob(queue, event.id)).returnvalue).toBe('duplicate');
    expect(await effectsEverywhere(event.id)).toEqual({ messaging: 1, esign: 1 });
  });

  describe('startup check against EVENT_SUBSCRIPTIONS', () => {
    it('refuses to start a service without a handler for a type it subscribes to', async () => {
      // transactions subscribes to identity.user.created and identity.user.updated (and maybe more by now).
      const subscribed = (Object.keys(EVENT_SUBSCRIPTIONS) as EventType[]).filter(
        (type) => EVENT_SUBSCRIPTIONS[type].includes('transactions') && !TEST_ONLY_EVENT_TYPES.includes(type),
      );
      expect(subscribed).toEqual(expect.arrayContaining(['identity.user.created', 'identity.user.updated']));
      const failure = await bootBusApp(database, { service: 'transactions', schema: 'bus_check', consume: true }).then(
        (app) => app.close().then(() => new Error('started')),
        (error: Error) => error,
      );
      expect(failure.message).toMatch(/^transactions event handlers do not match EVENT_SUBSCRIPTIONS: missing /);
      for (const type of subscribed) expect(failure.message).toContain(type);
    });

    it('refuses to start a service with a handler for a type it does not subscribe to', async () => {
      await expect(
        bootBusApp(database, { service: 'integrations-sync', schema: 'bus_check', consume: true }, [ProbeHandler]),
      ).rejects.toThrow(/^integrations-sync event handlers do not match EVENT_SUBSCRIPTIONS: .*not subscribed platform\.probe\.happened$/);
    });

    it('lets a subscriber of the test-only probe start without a handler for it', async () => {
      // messaging subscribes to the probe beside its real events: stand-in handlers for those, none for the probe.
      const types = (Object.keys(EVENT_SUBSCRIPTIONS) as EventType[]).filter(
        (type) => EVENT_SUBSCRIPTIONS[type].includes('messaging') && !TEST_ONLY_EVENT_TYPES.includes(type),
      );
      expect(EVENT_SUBSCRIPTIONS['platform.probe.happened']).toContain('messaging');
      const app = await bootBusApp(database, { service: 'messaging', schema: 'bus_check', consume: true }, [standInHandlersFor(types)]);
      await app.close();
    });

    it('checks only a process that consumes: a publishing replica starts whatever its handlers', async () => {
      const app = await bootBusApp(database, { service: 'transactions', schema: 'bus_check' });
      await app.close();
    });
  });
});

describe('side effects through the outbox (EventOutbox.enqueue)', () => {
  // A job queue of the platform under this suite's own prefix; nothing processes it here, so jobs stay waiting.
  const QUEUE = 'recompute-team-due-dates' as const;
  let jobs: Queue;

  beforeAll(() => {
    jobs = new Queue(QUEUE, { connection: redis, prefix: queuePrefixOf(database) });
  });
  afterAll(() => jobs?.close());

  const enqueueIn = (app: BusApp, data: object, options: Parameters<EventOutbox['enqueue']>[4] = {}) =>
    app.dataSource.transaction((manager) => app.app.get(EventOutbox).enqueue(manager, QUEUE, 'recompute', data, options, { team_id: 7 }));

  it('adds a committed job to its queue under its stable id, with the options it was written with, beside the events of the same transaction', async () => {
    const outbox = publisher.app.get(EventOutbox);
    const tag = newTag('job');
    const { job, event } = await publisher.dataSource.transaction(async (manager) => ({
      job: await outbox.enqueue(
        manager,
        QUEUE,
        'recompute',
        { tag },
        { jobId: `team-${tag}`, attempts: 4, backoff: { type: 'exponential', delay: 250 }, removeOnComplete: true },
      ),
      event: await outbox.publish(manager, PROBE, 1, probePayload()),
    }));
    expect(job.jobId).toBe(`team-${tag}`);
    // Nothing reaches Redis before the relay: the change's transaction never needed it.
    expect(await jobs.getJob(job.jobId)).toBeUndefined();

    await relayOf(publisher).drain();
    const added = await jobs.getJob(job.jobId);
    expect(added).toMatchObject({ name: 'recompute', data: { tag } });
    expect(added!.opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: 250 }, removeOnComplete: true });
    expect((await outboxRow(publisher, job.id))?.published_at).toBeInstanceOf(Date);
    await eventually(async () => (await effectsEverywhere(event.id)).messaging === 1);
  });

  it("uses the outbox row's id as the job id when none is given", async () => {
    const job = await enqueueIn(publisher, { tag: newTag('job') });
    expect(job.jobId).toBe(job.id);
    await relayOf(publisher).drain();
    expect((await jobs.getJob(job.id))?.data).toEqual({ tag: expect.any(String) });
  });

  it('never adds the job of a transaction that rolls back', async () => {
    const tag = newTag('job');
    await expect(
      publisher.dataSource.transaction(async (manager) => {
        await publisher.app.get(EventOutbox).enqueue(manager, QUEUE, 'recompute', { tag }, { jobId: `rolled-${tag}` });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await relayOf(publisher).drain();
    expect(await jobs.getJob(`rolled-${tag}`)).toBeUndefined();
    expect(await publisher.dataSource.query(`SELECT id FROM bus_pub.outbox WHERE job_id = $1`, [`rolled-${tag}`])).toEqual([]);
  });

  it('keeps the job while Redis refuses it and adds it once the relay can (a commit never waits for Redis)', async () => {
    const tag = newTag('job');
    const job = await enqueueIn(publisher, { tag }, { jobId: `late-${tag}` });
    const addBulk = jest.spyOn(Queue.prototype, 'addBulk').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    await expect(relayOf(publisher).relayOnce()).rejects.toThrow('ECONNREFUSED');
    addBulk.mockRestore();
    expect((await outboxRow(publisher, job.id))?.published_at).toBeNull();
    expect(await jobs.getJob(job.jobId)).toBeUndefined();

    await relayOf(publisher).drain();
    expect((await jobs.getJob(job.jobId))?.data).toEqual({ tag });
  });

  it('adds one job when the relay publishes the same row twice (it died between adding and marking published)', async () => {
    const tag = newTag('job');
    const job = await enqueueIn(publisher, { tag }, { jobId: `twice-${tag}` });
    const relay = relayOf(publisher);
    relay.afterEnqueue = async () => {
      relay.afterEnqueue = undefined;
      throw new Error('relay killed');
    };
    await expect(relay.relayOnce()).rejects.toThrow('relay killed');
    expect((await outboxRow(publisher, job.id))?.published_at).toBeNull();
    expect(await jobs.getJob(job.jobId)).toBeDefined();

    expect(await relay.drain()).toBeGreaterThanOrEqual(1);
    expect((await outboxRow(publisher, job.id))?.published_at).toBeInstanceOf(Date);
    const all = await jobs.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    expect(all.filter((j) => j.data?.tag === tag)).toHaveLength(1);
  });
});
