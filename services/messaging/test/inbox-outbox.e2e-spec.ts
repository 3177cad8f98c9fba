import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { JOB_QUEUES, MESSAGING_SOCKET_EVENTS, type Role } from '@app/contracts';
import { OutboxRelay } from '@app/events';
import { MAIL_DRIVER, MAIL_QUEUE, readMailbox, type MailDriver, type QueuedMail } from '@app/mail';
import { createBlockingRedis } from '@app/platform';
import {
  bootTestService,
  createTestDatabase,
  eventually,
  MessagingFactory,
  signedInClient,
  testEnv,
  type MessagingUserRow,
  type SignedInClient,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { DirectMessagesRepository } from '../src/direct-messages/direct-messages.repository';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { messagingMigrations } from '../src/migrations';
import { InboxPublisher, type InboxMessagePush } from '../src/realtime/inbox.publisher';
import { mentionOf } from './inbox-test-kit';

// Side effects ride the outbox (ARCHITECTURE.md section 4, the reliability issue's part 4): a DM during an outage
// committed, answered 500, and its mail was never queued. Now a new message's mails and push are written in its
// transaction and delivered from the outbox by messaging's worker, so neither Redis nor the worker needs to be up
// when the message is saved, and a row relayed twice mails once.

describe('inbox side effects through the outbox', () => {
  let database: TestDatabase;
  let mailDir: string;
  /** The API alone ('api': no relay, no worker), as a replica whose worker is down. */
  let api: TestService<MessagingConfig>;
  /** The worker side, started when a test wants the outbox drained. */
  let worker: TestService<MessagingConfig> | undefined;
  let redis: ReturnType<typeof createBlockingRedis>;
  let mailQueue: Queue<QueuedMail>;
  const TEAM = 71;
  type Person = { user: MessagingUserRow; api: SignedInClient };
  let ann: Person, ben: Person, cal: Person;

  const boot = (mode: 'api' | 'all') =>
    bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mailDir }),
      configSpec: messagingConfigSpec,
      migrations: messagingMigrations,
      module: (config) => MessagingModule.forRoot(config, mode),
    });

  const person = async (role: Role, first: string): Promise<Person> => {
    const user = await new MessagingFactory(api.dataSource).user(TEAM, { role, first_name: first, last_name: 'Outbox' });
    return { user, api: await signedInClient(api.server, { agent_id: user.agent_id, team_id: TEAM, roles: user.roles as Role[] }) };
  };

  /** Starts the worker side (relay, mail worker, push worker) and records what its driver and publisher were given. */
  const startWorker = async () => {
    worker = await boot('all');
    const driver = worker.app.get<MailDriver>(MAIL_DRIVER);
    const deliver = driver.deliver.bind(driver);
    const delivered: string[] = [];
    jest.spyOn(driver, 'deliver').mockImplementation(async (mail) => {
      delivered.push(mail.id);
      await deliver(mail);
    });
    const pushed: InboxMessagePush[] = [];
    jest.spyOn(worker.app.get(InboxPublisher), 'pushMessages').mockImplementation(async (pushes) => void pushed.push(...pushes));
    return { delivered, pushed, relay: worker.app.get(OutboxRelay) };
  };

  const unpublished = async (): Promise<{ queue: string | null; job_id: string | null }[]> =>
    api.dataSource.query(`SELECT queue, job_id FROM messaging.outbox WHERE published_at IS NULL ORDER BY seq`);
  const mailsOf = async (dmId: number) => (await readMailbox(mailDir)).filter((m) => m.id.startsWith(`dm-${dmId}-`));

  beforeAll(async () => {
    database = await createTestDatabase();
    mailDir = mkdtempSync(path.join(tmpdir(), 'inbox-outbox-mail-'));
    api = await boot('api');
    redis = createBlockingRedis(api.config.REDIS_URL, 'inbox-outbox-spec');
    mailQueue = new Queue(MAIL_QUEUE, { connection: redis, prefix: api.config.QUEUE_PREFIX });
    ann = await person('AGENT', 'Ann');
    ben = await person('AGENT', 'Ben');
    cal = await person('TRANC', 'Cal');
  }, 60_000);

  afterEach(async () => {
    jest.restoreAllMocks();
    await worker?.close();
    worker = undefined;
  });

  afterAll(async () => {
    await mailQueue?.close();
    await redis?.quit();
    await api?.close();
    await database?.drop();
  });

  it('a DM saved while the queues cannot be reached answers 201; its mails and push go once the outbox is relayed, exactly once', async () => {
    // The mail queue (and every other BullMQ queue) refuses: Redis is away for the request's process.
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    jest.spyOn(Queue.prototype, 'add').mockRejectedValue(refused);
    jest.spyOn(Queue.prototype, 'addBulk').mockRejectedValue(refused);
    const sent = await ann.api
      .post('/api/messages/dms')
      .send({ dm_value: `<p>${mentionOf(ben.user)} ${mentionOf(cal.user)} the keys</p>` });
    jest.restoreAllMocks();
    expect(sent.status).toBe(201);
    const dmId = sent.body.dm_id as number;
    expect(sent.body).toMatchObject({ dm_id: dmId, author: { agent_id: ann.user.agent_id } });

    // Committed with the message: two mails and one push waiting in the outbox, none in Redis, nothing mailed.
    const waiting = await unpublished();
    expect(
      waiting
        .filter((row) => row.queue === MAIL_QUEUE)
        .map((row) => row.job_id)
        .sort(),
    ).toEqual([`dm-${dmId}-to-${ben.user.agent_id}`, `dm-${dmId}-to-${cal.user.agent_id}`].sort());
    expect(waiting.filter((row) => row.queue === JOB_QUEUES.inboxPush)).toHaveLength(1);
    expect(await mailQueue.getJob(`dm-${dmId}-to-${ben.user.agent_id}`)).toBeUndefined();
    expect(await mailsOf(dmId)).toEqual([]);

    // The worker comes back: its relay drains the outbox, the mail worker delivers, the push worker pushes.
    const { delivered, pushed } = await startWorker();
    await eventually(async () => (await mailsOf(dmId)).length === 2, 15_000);
    expect((await mailsOf(dmId)).map((m) => m.to).sort()).toEqual([ben.user.email, cal.user.email].sort());
    await eventually(async () => pushed.filter((p) => p.event === MESSAGING_SOCKET_EVENTS.messageCreated).length >= 3);
    expect([...new Set(pushed.map((p) => p.agent_id))].sort()).toEqual([ann.user.agent_id, ben.user.agent_id, cal.user.agent_id].sort());
    expect(delivered.filter((id) => id.startsWith(`dm-${dmId}-`)).sort()).toEqual(
      [`dm-${dmId}-to-${ben.user.agent_id}`, `dm-${dmId}-to-${cal.user.agent_id}`].sort(),
    );
    expect(await unpublished()).toEqual([]);
  });

  it('the relay publishing the same outbox rows again mails nobody twice, even once BullMQ has let the jobs go', async () => {
    const { delivered, relay } = await startWorker();
    const sent = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${mentionOf(ben.user)} twice?</p>` });
    expect(sent.status).toBe(201);
    const dmId = sent.body.dm_id as number;
    const mailId = `dm-${dmId}-to-${ben.user.agent_id}`;
    await eventually(async () => (await mailQueue.getJob(mailId))?.isCompleted(), 15_000);
    expect((await mailQueue.getJob(mailId))?.returnvalue).toEqual({ delivered: true });

    // Relayed again while BullMQ keeps the job: the same job id adds nothing.
    await api.dataSource.query(`UPDATE messaging.outbox SET published_at = NULL WHERE job_id = $1`, [mailId]);
    await relay.drain();
    expect(await unpublished()).toEqual([]);
    // Relayed again after the job left BullMQ (its retention ended): a new job, dropped as delivered before.
    await mailQueue.remove(mailId);
    await api.dataSource.query(`UPDATE messaging.outbox SET published_at = NULL WHERE job_id = $1`, [mailId]);
    await relay.drain();
    await eventually(async () => (await mailQueue.getJob(mailId))?.isCompleted(), 15_000);
    expect((await mailQueue.getJob(mailId))?.returnvalue).toEqual({ skipped: `message ${mailId} was delivered before` });

    expect(delivered.filter((id) => id === mailId)).toHaveLength(1);
    expect(await mailsOf(dmId)).toHaveLength(1);
    expect(await api.dataSource.query(`SELECT message_id FROM messaging.mail_deliveries WHERE message_id = $1`, [mailId])).toEqual([
      { message_id: mailId },
    ]);
  });

  it('a DM whose answer cannot be read is not saved: the error answers a change that did not happen, with no mail or push', async () => {
    const [{ n: before }]: { n: number }[] = await api.dataSource.query(`SELECT count(*)::int AS n FROM messaging.direct_messages`);
    const [{ n: rowsBefore }]: { n: number }[] = await api.dataSource.query(`SELECT count(*)::int AS n FROM messaging.outbox`);
    // Postgres goes away after the writes, when the answer is read (inside the transaction now).
    jest.spyOn(DirectMessagesRepository.prototype, 'threadsOf').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    const failed = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${mentionOf(ben.user)} lost?</p>` });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await api.dataSource.query(`SELECT count(*)::int AS n FROM messaging.direct_messages`))[0].n).toBe(before);
    expect((await api.dataSource.query(`SELECT count(*)::int AS n FROM messaging.outbox`))[0].n).toBe(rowsBefore);
  });

  it("a status change whose push fails still answers 200 with the thread (the caller's other tabs are best effort)", async () => {
    const sent = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${mentionOf(ben.user)} read me</p>` });
    jest.spyOn(InboxPublisher.prototype, 'pushMessages').mockRejectedValue(new Error('redis gone'));
    jest.spyOn(InboxPublisher.prototype, 'pushCounts').mockRejectedValue(new Error('redis gone'));
    const read = await ben.api.patch('/api/messages/dms/status').send({ dm_id: sent.body.dm_id, status: 'read' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ dm_id: sent.body.dm_id, read_ts: expect.any(String) });
  });
});
