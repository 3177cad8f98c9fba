import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { MAIL_QUEUE, MailService, type MailMessage } from '@app/mail';
import type { EventEnvelope } from '@app/contracts';
import { bootTestService, createTestDatabase, eventDelivery, eventually, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { messagingMigrations } from '../src/migrations';

// Outgoing mail delivered by messaging's worker over SMTP (docs/notifications-api.md), against a local fake
// SMTP server: a 4xx is retried with backoff, a 5xx fails at once and publishes messaging.mail.failed once;
// a mail with a notification_key is dropped while its recipient's switch is off.

/** What the fake server does with a recipient: accept, answer a temporary 451 n times first, or refuse with 550. */
type Behaviour = { kind: 'accept' } | { kind: 'temporary'; times: number } | { kind: 'permanent' };

interface Received {
  to: string;
  from: string;
  raw: string;
}

class FakeSmtp {
  readonly received: Received[] = [];
  /** Every RCPT TO seen, accepted or not (one per delivery attempt). */
  readonly attempts: string[] = [];
  private readonly behaviours = new Map<string, Behaviour>();
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      const to = address.address.toLowerCase();
      this.attempts.push(to);
      const behaviour = this.behaviours.get(to) ?? { kind: 'accept' };
      if (behaviour.kind === 'permanent') return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      if (behaviour.kind === 'temporary' && behaviour.times > 0) {
        behaviour.times -= 1;
        return callback(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo)
          this.received.push({
            to: rcpt.address.toLowerCase(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            raw,
          });
        callback();
      });
    },
  });

  behave(to: string, behaviour: Behaviour) {
    this.behaviours.set(to.toLowerCase(), behaviour);
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  receivedBy = (to: string) => this.received.filter((r) => r.to === to.toLowerCase());
  attemptsFor = (to: string) => this.attempts.filter((a) => a === to.toLowerCase()).length;
}

describe("messaging's mail worker over SMTP", () => {
  let database: TestDatabase;
  let sut: TestService<MessagingConfig>;
  let smtp: FakeSmtp;
  let mail: MailService;

  beforeAll(async () => {
    smtp = new FakeSmtp();
    const port = await smtp.listen();
    database = await createTestDatabase();
    sut = await bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Realty <no-reply@realty.test>' }),
      configSpec: messagingConfigSpec,
      migrations: messagingMigrations,
      module: (config) => MessagingModule.forRoot(config, 'all'),
    });
    mail = sut.app.get(MailService);
  });

  afterAll(async () => {
    await sut?.close();
    await database?.drop();
    await smtp?.close();
  });

  const aMail = (to: string, extra: Partial<MailMessage> = {}): MailMessage => ({
    id: randomUUID(),
    to,
    subject: `Hello ${to}`,
    text: 'Body',
    html: '<p>Body</p>',
    ...extra,
  });
  const failedEvents = async () =>
    (await sut.dataSource.query(`SELECT payload FROM messaging.outbox WHERE type = 'messaging.mail.failed' ORDER BY occurred_at`)) as {
      payload: { message_id: string };
    }[];
  const jobOf = (id: string) => mail.queueOf().getJob(id);

  it('delivers through SMTP with the display name at the platform address and Reply-To', async () => {
    const sent = aMail('plain@buyer.test', { from_name: 'Jane Doe via Demo Realty', reply_to: 'jane@demo-realty.test' });
    await mail.send(sent);
    const [received] = await eventually(async () =>
      smtp.receivedBy('plain@buyer.test').length ? smtp.receivedBy('plain@buyer.test') : null,
    );
    expect(received.from).toBe('no-reply@realty.test');
    expect(received.raw).toMatch(/^From: Jane Doe via Demo Realty <no-reply@realty\.test>$/m);
    expect(received.raw).toMatch(/^Reply-To: jane@demo-realty\.test$/m);
    expect(received.raw).toMatch(/^Subject: Hello plain@buyer\.test$/m);
    expect((await jobOf(sent.id))?.processedBy).toBe('messaging:mail-worker');
  });

  it('retries a temporary (4xx) refusal with backoff: refused twice, then accepted, delivers exactly one message', async () => {
    const to = 'flaky@buyer.test';
    smtp.behave(to, { kind: 'temporary', times: 2 });
    const sent = aMail(to);
    await mail.send(sent);
    await eventually(async () => (await jobOf(sent.id))?.isCompleted(), 20_000);
    // Give a stray duplicate the time to show up.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.attemptsFor(to)).toBe(3);
    expect(smtp.receivedBy(to)).toHaveLength(1);
    const job = await jobOf(sent.id);
    // Three attempts: two refused, the third accepted.
    expect(job?.attemptsMade).toBe(3);
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential' } });
    expect((await failedEvents()).filter((e) => e.payload.message_id === sent.id)).toEqual([]);
  }, 30_000);

  it('fails a permanent (5xx) refusal at once, without a retry, and publishes messaging.mail.failed {message_id} once', async () => {
    const to = 'gone@buyer.test';
    smtp.behave(to, { kind: 'permanent' });
    const sent = aMail(to);
    await mail.send(sent);
    await eventually(async () => (await jobOf(sent.id))?.isFailed(), 10_000);
    // Longer than the first backoff (1 s): a retry would have come by now.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.attemptsFor(to)).toBe(1);
    expect(smtp.receivedBy(to)).toEqual([]);
    const job = await jobOf(sent.id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.failedReason).toMatch(/^SMTP 550/);
    expect((await failedEvents()).filter((e) => e.payload.message_id === sent.id)).toEqual([{ payload: { message_id: sent.id } }]);
  }, 20_000);

  describe('notification switches', () => {
    const AGENT_OFF = 3101;
    const AGENT_ON = 3102;
    const AGENT_UNKNOWN = 3103;

    beforeAll(async () => {
      // The effective switches as identity.notification-setting.changed leaves them (a team override
      // off arrives as enabled false too).
      await sut.dataSource.query(
        `INSERT INTO messaging.notification_switches (agent_id, code, team_id, notification_id, enabled, source_occurred_at)
         VALUES (${AGENT_OFF}, 'direct_message', 31, 1, false, now()), (${AGENT_OFF}, 'comment_mention', 31, 2, true, now()),
                (${AGENT_ON}, 'direct_message', 31, 1, true, now())`,
      );
    });

    it("drops a mail whose recipient's switch of its notification_key is off when it runs; sends when on, unknown, or without a key", async () => {
      const skipped = aMail('off@agents.test', { notification_key: 'direct_message', to_agent_id: AGENT_OFF });
      const otherCode = aMail('off-mention@agents.test', { notification_key: 'comment_mention', to_agent_id: AGENT_OFF });
      const noKey = aMail('off-reset@agents.test', { to_agent_id: AGENT_OFF });
      const on = aMail('on@agents.test', { notification_key: 'direct_message', to_agent_id: AGENT_ON });
      const unknown = aMail('unknown@agents.test', { notification_key: 'direct_message', to_agent_id: AGENT_UNKNOWN });
      for (const m of [skipped, otherCode, noKey, on, unknown]) await mail.send(m);

      for (const m of [otherCode, noKey, on, unknown]) await eventually(async () => smtp.receivedBy(m.to).length === 1);
      await eventually(async () => (await jobOf(skipped.id))?.isCompleted());
      expect(smtp.attemptsFor(skipped.to)).toBe(0);
      expect((await jobOf(skipped.id))?.returnvalue).toEqual({ skipped: `agent ${AGENT_OFF} turned off direct_message notifications` });
      expect((await jobOf(on.id))?.returnvalue).toEqual({ delivered: true });
    });

    it('follows identity.notification-setting.changed: a team override off (enabled false) skips the mail, lifted it goes again', async () => {
      const AGENT = 3104;
      const events = eventDelivery('messaging', sut.config);
      const changed = (enabled: boolean, occurredAt: string): EventEnvelope<'identity.notification-setting.changed'> => ({
        id: randomUUID(),
        type: 'identity.notification-setting.changed',
        team_id: 31,
        occurred_at: occurredAt,
        version: 1,
        payload: { agent_id: AGENT, team_id: 31, notification_id: 2, code: 'comment_mention', enabled },
      });
      try {
        await events.deliver(changed(false, '2026-01-01T10:00:00.000Z'));
        const skipped = aMail('override-off@agents.test', { notification_key: 'comment_mention', to_agent_id: AGENT });
        await mail.send(skipped);
        await eventually(async () => (await jobOf(skipped.id))?.isCompleted());
        expect((await jobOf(skipped.id))?.returnvalue).toEqual({ skipped: `agent ${AGENT} turned off comment_mention notifications` });

        await events.deliver(changed(true, '2026-01-01T11:00:00.000Z'));
        const sent = aMail('override-lifted@agents.test', { notification_key: 'comment_mention', to_agent_id: AGENT });
        await mail.send(sent);
        await eventually(async () => smtp.receivedBy(sent.to).length === 1);
        expect(smtp.attemptsFor(skipped.to)).toBe(0);
      } finally {
        await events.close();
      }
    });

    it('reads the switch when the job runs, not when it was queued', async () => {
      await sut.dataSource.query(
        `UPDATE messaging.notification_switches SET enabled = true WHERE agent_id = ${AGENT_OFF} AND code = 'direct_message'`,
      );
      const now = aMail('off-now-on@agents.test', { notification_key: 'direct_message', to_agent_id: AGENT_OFF });
      await mail.send(now);
      await eventually(async () => smtp.receivedBy(now.to).length === 1);
    });
  });

  it('queues on mail.outgoing under the queue prefix', () => {
    expect(mail.queueOf().name).toBe(MAIL_QUEUE);
    expect(MAIL_QUEUE).toBe('mail.outgoing');
    expect(mail.queueOf().opts.prefix).toBe(sut.config.QUEUE_PREFIX);
  });
});
