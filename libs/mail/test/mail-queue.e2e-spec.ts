import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { eventually, testInfraUrls } from '@app/testing';
import { UnrecoverableError } from 'bullmq';
import {
  MAIL_DRIVER,
  MAIL_QUEUE,
  MailboxDriver,
  MailModule,
  type MailModuleOptions,
  MailService,
  MailWorker,
  type QueuedMail,
  readMailbox,
  startMailDelivery,
} from '../src';

describe(MailService.name, () => {
  let dir: string;
  let prefix: string;
  const apps: INestApplicationContext[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mail-queue-'));
    prefix = `t-mail-${randomUUID().slice(0, 8)}`;
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await rm(dir, { recursive: true, force: true });
  });

  async function boot(overrides: Partial<MailModuleOptions> = {}, driver?: MailboxDriver) {
    const builder = Test.createTestingModule({
      imports: [
        MailModule.forRoot({
          service: 'identity',
          redisUrl: testInfraUrls().redisUrl,
          queuePrefix: prefix,
          driver: 'mailbox',
          mailDir: dir,
          from: 'Realty <no-reply@realty.test>',
          process: true,
          backoffMs: 20,
          ...overrides,
        }),
      ],
    });
    if (driver) builder.overrideProvider(MAIL_DRIVER).useValue(driver);
    const module = await builder.compile();
    hooks?.(module.get(MailWorker));
    const app = await module.init();
    apps.push(app);
    return app.get(MailService);
  }
  let hooks: ((worker: MailWorker) => void) | undefined;
  afterEach(() => {
    hooks = undefined;
  });

  /** A driver that fails every time (with `error`), counting its calls. */
  function failing(error: () => Error) {
    const driver = new MailboxDriver(dir, 'Realty <no-reply@realty.test>');
    const calls: string[] = [];
    driver.deliver = async (mail: QueuedMail) => {
      calls.push(mail.id);
      throw error();
    };
    return { driver, calls };
  }

  const message = (id = randomUUID()) => ({ id, to: 'agent@demo-realty.test', subject: 'Hi', text: 'Body', html: '<p>Body</p>' });

  it('queues a message on mail.outgoing with 5 attempts and exponential backoff, and the worker writes it to the mailbox', async () => {
    const sut = await boot();
    const sent = message();
    await sut.send(sent);
    const job = await sut.queueOf().getJob(sent.id);
    expect(sut.queueOf().name).toBe(MAIL_QUEUE);
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 20 } });
    const [mail] = await eventually(async () => {
      const mails = await readMailbox(dir);
      return mails.length ? mails : null;
    });
    expect(mail).toMatchObject({
      id: sent.id,
      to: sent.to,
      subject: 'Hi',
      text: 'Body',
      html: '<p>Body</p>',
      created_at: expect.any(String),
    });
  });

  it('queues a message id once, so sending it again does not mail twice', async () => {
    const sut = await boot({ process: false });
    const sent = message();
    await sut.send(sent);
    await sut.send(sent);
    expect(await sut.queueOf().getJobCounts('waiting')).toMatchObject({ waiting: 1 });
  });

  it('leaves delivery to the process that runs the worker', async () => {
    const api = await boot({ process: false });
    await api.send(message());
    await new Promise((r) => setTimeout(r, 300));
    expect(await readMailbox(dir)).toEqual([]);

    await boot({ process: true });
    await eventually(async () => (await readMailbox(dir)).length === 1);
  });

  it('retries a failed delivery', async () => {
    let calls = 0;
    const flaky = new MailboxDriver(dir, 'Realty <no-reply@realty.test>');
    const deliver = flaky.deliver.bind(flaky);
    flaky.deliver = async (mail: QueuedMail) => {
      calls += 1;
      if (calls < 3) throw new Error('smtp down');
      await deliver(mail);
    };
    const sut = await boot({}, flaky);
    await sut.send(message());
    await eventually(async () => (await readMailbox(dir)).length === 1);
    expect(calls).toBe(3);
  });

  it('calls the failure hook once when the last attempt fails, and never for a retried one', async () => {
    const failed: string[] = [];
    hooks = (worker) => worker.useHooks({ onFailedForGood: async (mail) => void failed.push(mail.id) });
    const { driver, calls } = failing(() => new Error('smtp down'));
    const sut = await boot({ attempts: 3 }, driver);
    const sent = message();
    await sut.send(sent);
    await eventually(async () => (await sut.queueOf().getJob(sent.id))?.isFailed());
    expect(calls).toHaveLength(3);
    expect(failed).toEqual([sent.id]);
  });

  it('fails a permanent error at once (no retry) and calls the failure hook once', async () => {
    const failed: string[] = [];
    hooks = (worker) => worker.useHooks({ onFailedForGood: async (mail, error) => void failed.push(`${mail.id}: ${error.message}`) });
    const { driver, calls } = failing(() => new UnrecoverableError('SMTP 550: no such mailbox'));
    const sut = await boot({}, driver);
    const sent = message();
    await sut.send(sent);
    await eventually(async () => (await sut.queueOf().getJob(sent.id))?.isFailed());
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toHaveLength(1);
    expect(failed).toEqual([`${sent.id}: SMTP 550: no such mailbox`]);
  });

  it('drops a mail the skip hook names a reason for: the job completes, nothing is delivered', async () => {
    hooks = (worker) =>
      worker.useHooks({ skipReasonOf: async (mail) => (mail.notification_key === 'direct_message' ? 'switched off' : null) });
    const sut = await boot();
    const skipped = { ...message(), notification_key: 'direct_message', to_agent_id: 7 };
    const sent = message();
    await sut.send(skipped);
    await sut.send(sent);
    await eventually(async () => (await readMailbox(dir)).length === 1);
    await eventually(async () => (await sut.queueOf().getJob(skipped.id))?.isCompleted());
    expect((await readMailbox(dir)).map((m) => m.id)).toEqual([sent.id]);
    expect((await sut.queueOf().getJob(skipped.id))?.returnvalue).toEqual({ skipped: 'switched off' });
  });

  it('startMailDelivery runs a worker alone that delivers what another process queued', async () => {
    const api = await boot({ process: false });
    await api.send(message());
    const delivery = await startMailDelivery({
      service: 'messaging',
      redisUrl: testInfraUrls().redisUrl,
      queuePrefix: prefix,
      driver: 'mailbox',
      mailDir: dir,
      from: 'Realty <no-reply@realty.test>',
    });
    try {
      await eventually(async () => (await readMailbox(dir)).length === 1);
    } finally {
      await delivery.close();
    }
  });
});
