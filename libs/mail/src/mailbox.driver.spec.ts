import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueuedMail } from './mail-message';
import { mailConfigProblem, mailConfigSpec } from './mail.options';
import { MailboxDriver, readMailbox } from './mailbox.driver';
import { readConfig } from '@app/platform';

function aMail(overrides: Partial<QueuedMail> = {}): QueuedMail {
  return {
    id: 'b6f7d1c2-0000-4000-8000-000000000001',
    to: 'agent@demo-realty.test',
    subject: 'Hello',
    text: 'Plain body',
    html: '<p>Plain body</p>',
    created_at: '2025-11-21T10:00:00.000Z',
    ...overrides,
  };
}

describe(MailboxDriver.name, () => {
  let dir: string;
  let sut: MailboxDriver;

  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'mailbox-')), 'nested', 'mailbox');
    sut = new MailboxDriver(dir, 'Realty <no-reply@realty.test>');
  });
  afterEach(() => rm(path.dirname(path.dirname(dir)), { recursive: true, force: true }));

  it('writes a message as <timestamp>-<id>.json with to, subject, text, html and created_at', async () => {
    await sut.deliver(aMail());
    expect(await readdir(dir)).toEqual(['2025-11-21T10-00-00-000Z-b6f7d1c2-0000-4000-8000-000000000001.json']);
    expect(await readMailbox(dir)).toEqual([
      {
        id: 'b6f7d1c2-0000-4000-8000-000000000001',
        from: 'Realty <no-reply@realty.test>',
        to: 'agent@demo-realty.test',
        subject: 'Hello',
        text: 'Plain body',
        html: '<p>Plain body</p>',
        created_at: '2025-11-21T10:00:00.000Z',
      },
    ]);
  });

  it('is idempotent: the same message delivered twice is one file', async () => {
    await sut.deliver(aMail());
    await sut.deliver(aMail());
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('lists messages oldest first', async () => {
    await sut.deliver(aMail({ id: 'second', created_at: '2025-11-21T10:00:01.000Z' }));
    await sut.deliver(aMail({ id: 'first', created_at: '2025-11-21T09:59:59.000Z', html: undefined }));
    const mails = await readMailbox(dir);
    expect(mails.map((m) => m.id)).toEqual(['first', 'second']);
    expect(mails[0].html).toBeNull();
  });

  it("writes a message's display name at the platform address and its reply_to", async () => {
    await sut.deliver(aMail({ from_name: 'Jane Doe via Demo Realty', reply_to: 'jane@demo-realty.test' }));
    const [mail] = await readMailbox(dir);
    expect(mail.from).toBe('Jane Doe via Demo Realty <no-reply@realty.test>');
    expect(mail.reply_to).toBe('jane@demo-realty.test');
  });

  it('quotes a display name with special characters and keeps the address', async () => {
    await sut.deliver(aMail({ from_name: 'Doe, Jane via "Demo" Realty' }));
    const [mail] = await readMailbox(dir);
    expect(mail.from).toBe('"Doe, Jane via \\"Demo\\" Realty" <no-reply@realty.test>');
    expect(mail).not.toHaveProperty('reply_to');
  });

  it('reads a mailbox that does not exist yet as empty', async () => {
    expect(await readMailbox(path.join(dir, 'nothing-here'))).toEqual([]);
  });
});

describe('mail settings', () => {
  it('defaults to the mailbox driver under .data/mailbox and the Realty sender', () => {
    expect(readConfig(mailConfigSpec, {})).toEqual({
      MAIL_DRIVER: 'mailbox',
      MAIL_DIR: path.join(process.cwd(), '.data', 'mailbox'),
      SMTP_URL: undefined,
      MAIL_FROM: 'Realty <no-reply@realty.test>',
    });
  });

  it('refuses an unknown driver and a SMTP_URL that is not smtp://', () => {
    expect(() => readConfig(mailConfigSpec, { MAIL_DRIVER: 'pigeon' })).toThrow('MAIL_DRIVER must be one of mailbox, smtp, got "pigeon"');
    expect(() => readConfig(mailConfigSpec, { SMTP_URL: 'http://mailpit:1025' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
  });

  it('requires SMTP_URL with the smtp driver', () => {
    const smtp = readConfig(mailConfigSpec, { MAIL_DRIVER: 'smtp' });
    expect(mailConfigProblem(smtp)).toBe('SMTP_URL is missing (required when MAIL_DRIVER=smtp; expected smtp://...)');
    expect(mailConfigProblem(readConfig(mailConfigSpec, { MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://mailpit:1025' }))).toBeNull();
  });
});
