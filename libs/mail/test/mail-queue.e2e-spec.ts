import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { eventually, testInfraUrls } from '@app/testing';
import { MAIL_DRIVER, MAIL_QUEUE, MailboxDriver, MailModule, type MailModuleOptions, MailService, type QueuedMail, readMailbox } from '../src';

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
    const app = await (await builder.compile()).init();
    apps.push(app);
    return app.get(MailService);
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
    expect(mail).toMatchObject({ id: sent.id, to: sent.to, subject: 'Hi', text: 'Body', html: '<p>Body</p>', created_at: expect.any(String) });
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
});
