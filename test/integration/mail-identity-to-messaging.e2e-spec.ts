import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MailService, MailWorker, readMailbox } from '@app/mail';
import { eventually, type TestService } from '@app/testing';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import type { MessagingConfig } from '../../services/messaging/src/messaging.config';
import { bootMessagingBeside } from '../../services/messaging/test/mail-test-kit';

/**
 * identity only queues its mails; messaging's worker delivers them (docs/notifications-api.md): identity
 * runs with its worker ('all') and messaging beside it on the same database and queue prefix.
 */
describe("identity's mails delivered by messaging's worker", () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let messaging: TestService<MessagingConfig>;
  let mailDir: string;

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(tmpdir(), 'identity-to-messaging-mail-'));
    // mail: false: no stand-in worker beside identity; messaging's is the only one.
    identity = await bootIdentity({ mode: 'all', mail: false, env: { MAIL_DIR: mailDir, PUBLIC_URL: 'https://realty.example' } });
    messaging = await bootMessagingBeside(identity.database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mailDir });
  }, 60_000);
  afterAll(async () => {
    await messaging?.close();
    await identity?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("an admin's Send Password Reset is delivered into the mailbox by messaging's worker; identity's worker takes no job", async () => {
    expect(identity.app.get(MailWorker).delivering).toBe(false);
    expect(messaging.app.get(MailWorker).delivering).toBe(true);

    const admin = (
      await request(identity.server).post('/api/auth/login').send({ email: 'admin@demo-realty.test', password: DEMO_PASSWORD }).expect(200)
    ).body;
    const [isa] = await identity.dataSource.query(`SELECT agent_id FROM identity.users WHERE email = 'isa@demo-realty.test'`);
    await request(identity.server)
      .post('/api/admin/user/email')
      .set('authorization', `Bearer ${admin.access_token}`)
      .send({ agent_id: isa.agent_id, type: 'reset' })
      .expect(200);

    const mail = await eventually(async () => (await readMailbox(mailDir)).find((m) => m.to === 'isa@demo-realty.test'));
    expect(mail).toMatchObject({ from: 'Realty <no-reply@realty.test>', subject: 'Reset your Realty password' });
    expect(mail.text).toMatch(/https:\/\/realty\.example\/auth\/reset-password\/[A-Za-z0-9_-]+/);

    // The job identity queued was taken by messaging's worker, on the one mail.outgoing queue.
    const job = await identity.app.get(MailService).queueOf().getJob(mail.id);
    expect(job?.processedBy).toBe('messaging:mail-worker');
    const jobs = await identity.app.get(MailService).queueOf().getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.processedBy && j.processedBy !== 'messaging:mail-worker')).toEqual([]);
  }, 30_000);

  it("messaging's users read copy keeps the team name from identity's events (the notification sender's '{sender} via {team}')", async () => {
    const row = await eventually(async () => {
      const [user] = await messaging.dataSource.query(`SELECT team_name FROM messaging.users WHERE email = 'admin@demo-realty.test'`);
      return user;
    });
    expect(row.team_name).toBe('Demo Realty');
  });
});
