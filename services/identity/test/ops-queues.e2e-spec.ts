import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { allQueueNames, eventsQueueOf, JOB_QUEUES, SERVICE_NAMES } from '@app/contracts';
import { createBlockingRedis, createRedis } from '@app/platform';
import { eventually } from '@app/testing';
import { bootIdentity } from './identity-test-app';

type Identity = Awaited<ReturnType<typeof bootIdentity>>;

const OPS_PASSWORD = 'operator-password-for-tests-1';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const OPERATOR = basic('ops', OPS_PASSWORD);
const BOARD = '/api/ops/queues';

interface BoardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: { id: string }[];
}

/** The operators' Bull Board: every queue of every service, behind HTTP Basic, with retry and clean. */
describe('operators queues board', () => {
  let sut: Identity;
  let unconfigured: Identity;
  let redis: Redis;

  beforeAll(async () => {
    sut = await bootIdentity({ env: { OPS_PASSWORD } });
    // No OPS_PASSWORD, in development: still refused.
    unconfigured = await bootIdentity({
      database: sut.database,
      env: { NODE_ENV: 'development', QUEUE_PREFIX: `${sut.config.QUEUE_PREFIX}-dev` },
    });
    redis = createRedis(sut.config.REDIS_URL, 'ops-queues-spec');
  }, 90_000);
  afterAll(async () => {
    await redis?.quit();
    await unconfigured?.close();
    await sut?.close();
  });

  const queuesOnBoard = async (): Promise<BoardQueue[]> =>
    (await request(sut.server).get(`${BOARD}/api/queues`).set('authorization', OPERATOR).expect(200)).body.queues;
  const countsOf = async (name: string) => (await queuesOnBoard()).find((queue) => queue.name === name)!.counts;

  it.each([
    ['GET', BOARD],
    ['GET', `${BOARD}/api/queues`],
    ['GET', `${BOARD}/static/favicon-32x32.png`],
    ['PUT', `${BOARD}/api/queues/${JOB_QUEUES.mail}/retry/failed`],
    ['PUT', `${BOARD}/api/queues/${JOB_QUEUES.mail}/clean/failed`],
  ])('refuses %s %s without the operator credential (401, Basic challenge)', async (method, url) => {
    const reply = await request(sut.server)[method === 'GET' ? 'get' : 'put'](url).expect(401);
    expect(reply.headers['www-authenticate']).toMatch(/^Basic realm="Realty operations"/);
    expect(reply.body).toEqual({ status: 'error', message: 'Operator credentials required' });
  });

  it.each([
    ['a wrong password', basic('ops', 'not-the-password-at-all')],
    ['a wrong user', basic('admin', OPS_PASSWORD)],
    ['a bearer token', 'Bearer something'],
    ['garbage', 'Basic !!!'],
  ])('refuses %s', async (_label, authorization) => {
    await request(sut.server).get(`${BOARD}/api/queues`).set('authorization', authorization).expect(401);
  });

  it('refuses an address that sent 10 wrong credentials in 15 minutes (429), even with the right one, and no other', async () => {
    const guesser = '203.0.113.40';
    for (let i = 0; i < 10; i++) {
      await request(sut.server)
        .get(`${BOARD}/api/queues`)
        .set('x-forwarded-for', guesser)
        .set('authorization', basic('ops', `guess-number-${i}-xxxxxxxx`))
        .expect(401);
    }
    const refused = await request(sut.server)
      .get(`${BOARD}/api/queues`)
      .set('x-forwarded-for', guesser)
      .set('authorization', OPERATOR)
      .expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.body).toEqual({ status: 'error', message: 'Too many wrong operator credentials. Try again later.' });
    // A visit without credentials (the browser's first, before its prompt) never counts.
    await request(sut.server).get(BOARD).set('x-forwarded-for', '203.0.113.41').expect(401);
    await request(sut.server).get(`${BOARD}/api/queues`).set('x-forwarded-for', '203.0.113.41').set('authorization', OPERATOR).expect(200);
  });

  it('refuses everyone, in development too, when no operator password is configured', async () => {
    await request(unconfigured.server).get(BOARD).expect(401);
    await request(unconfigured.server).get(`${BOARD}/api/queues`).set('authorization', OPERATOR).expect(401);
    await request(unconfigured.server).get(`${BOARD}/api/queues`).set('authorization', basic('ops', '')).expect(401);
  });

  it('serves the board page to the operator, uncached and with its own content policy', async () => {
    const reply = await request(sut.server).get(BOARD).set('authorization', OPERATOR).expect(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.text).toContain(`<base href="${BOARD}/"`);
    expect(reply.text).toContain('Realty queues');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('lists every queue of every service: each events.<service>, mail and the job queues', async () => {
    const names = (await queuesOnBoard()).map((queue) => queue.name);
    expect([...names].sort()).toEqual(allQueueNames().sort());
    for (const service of SERVICE_NAMES) expect(names).toContain(eventsQueueOf(service));
    expect(names).toEqual(expect.arrayContaining(Object.values(JOB_QUEUES)));
  });

  it('shows a failed job of another service, retries the failed list and cleans one job or the whole list', async () => {
    const name = JOB_QUEUES.skyslopeBackfill;
    const queue = new Queue(name, { connection: redis, prefix: sut.config.QUEUE_PREFIX });
    // Stands in for integrations-sync's worker: fails every job it takes.
    const failing = () =>
      new Worker(
        name,
        async () => {
          throw new Error('SkySlope is down');
        },
        { connection: createBlockingRedis(sut.config.REDIS_URL, 'ops-queues-spec:worker'), prefix: sut.config.QUEUE_PREFIX },
      );
    try {
      let worker = failing();
      const job = await queue.add('backfill', { team_id: 1 }, { attempts: 1 });
      await eventually(async () => (await countsOf(name)).failed === 1);
      await worker.close();
      // The same counts on identity's /metrics (its own port; neither the edge nor the Ingress routes it).
      const metrics = (await request(sut.server).get('/metrics').expect(200)).text;
      expect(metrics).toMatch(new RegExp(`^bullmq_queue_jobs\\{queue="${name}",state="failed",service="identity"\\} 1$`, 'm'));
      expect(metrics).toMatch(/^bullmq_queue_jobs\{queue="events\.transactions",state="waiting",service="identity"\} 0$/m);
      const listed = (
        await request(sut.server)
          .get(`${BOARD}/api/queues`)
          .query({ activeQueue: name, status: 'failed' })
          .set('authorization', OPERATOR)
          .expect(200)
      ).body.queues as BoardQueue[];
      expect(listed.find((q) => q.name === name)!.jobs.map((j) => j.id)).toEqual([job.id]);

      await request(sut.server).put(`${BOARD}/api/queues/${name}/retry/failed`).set('authorization', OPERATOR).expect(200);
      expect(await countsOf(name)).toMatchObject({ failed: 0, waiting: 1 });

      worker = failing();
      await eventually(async () => (await countsOf(name)).failed === 1);
      // One job cleaned (removed) at once...
      await request(sut.server).put(`${BOARD}/api/queues/${name}/${job.id}/clean`).set('authorization', OPERATOR).expect(204);
      expect(await queue.getJob(job.id!)).toBeUndefined();
      // ...or every failed job at once, past the board's 5 s grace (a job failing right now is kept).
      await queue.add('backfill', { team_id: 2 }, { attempts: 1 });
      await eventually(async () => (await countsOf(name)).failed === 1);
      await worker.close();
      await new Promise((resolve) => setTimeout(resolve, 5_200));
      await request(sut.server).put(`${BOARD}/api/queues/${name}/clean/failed`).set('authorization', OPERATOR).expect(200);
      expect(await countsOf(name)).toMatchObject({ failed: 0, waiting: 0, active: 0 });
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
  }, 60_000);
});
