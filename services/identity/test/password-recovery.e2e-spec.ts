import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import request from 'supertest';
import { MailboxDriver, readMailbox } from '@app/mail';
import { eventually } from '@app/testing';
import { CaptchaGenerator, type GeneratedCaptcha } from '../src/captcha/captcha-generator';
import { FORGOT_MIN_RESPONSE_MS } from '../src/password/password-recovery.service';
import { DEMO_PASSWORD } from '../src/seed/demo-seed';
import { bootIdentity } from './identity-test-app';

const INVALID_CODE = 'Invalid code. Try again or refresh for new image.';
const INVALID_LINK = 'This password reset link is invalid or has expired. Request a new one.';
const PUBLIC_URL = 'https://realty.example';

describe('identity password recovery', () => {
  let sut: Awaited<ReturnType<typeof bootIdentity>>;
  let mailDir: string;
  let generated: jest.SpyInstance<GeneratedCaptcha, []>;
  let ipSeq = 0;

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'identity-mailbox-'));
    // 'all': the mail worker runs in process and writes to mailDir.
    sut = await bootIdentity({
      mode: 'all',
      env: { MAIL_DIR: mailDir, PUBLIC_URL, RECOVERY_MAX_REQUESTS_PER_IP: '6', RECOVERY_MAX_MAILS_PER_ACCOUNT: '100' },
    });
    // The test's seam: the answers of the captchas the service draws (no backdoor endpoint).
    generated = jest.spyOn(sut.app.get(CaptchaGenerator), 'create');
  });
  afterAll(async () => {
    await sut.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  // Every call from its own IP, except where the per-IP limit is the subject.
  const nextIp = () => `10.30.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

  async function captcha() {
    const response = await request(sut.server).get('/api/auth/captcha').expect(200);
    return { ...response.body, answer: generated.mock.results.at(-1)!.value.text as string };
  }

  const forgot = (body: object, ip = nextIp()) =>
    request(sut.server).post('/api/auth/forgot-password').set('x-forwarded-for', ip).send(body);
  const reset = (body: object, ip = nextIp()) => request(sut.server).post('/api/auth/reset-password').set('x-forwarded-for', ip).send(body);
  const check = (key?: string, ip = nextIp()) =>
    request(sut.server)
      .get('/api/auth/reset-password/check')
      .query(key === undefined ? {} : { reset_key: key })
      .set('x-forwarded-for', ip);
  const login = (email: string, password: string) =>
    request(sut.server).post('/api/auth/login').set('x-forwarded-for', nextIp()).send({ email, password });

  async function forgotWithCaptcha(email: string) {
    const c = await captcha();
    return forgot({ email, captcha_string: c.answer, captcha_hash: c.captcha_hash }).expect(200);
  }

  const mailsTo = async (email: string) => (await readMailbox(mailDir)).filter((m) => m.to === email.toLowerCase());

  /** Asks for a reset of this user's password and returns the key of the link in the mail. */
  async function resetKeyOf(email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    await forgotWithCaptcha(email);
    const mail = await eventually(async () => {
      const mails = await mailsTo(email);
      return mails.length > before ? mails.at(-1) : null;
    });
    const match = mail!.text.match(/https:\/\/realty\.example\/auth\/reset-password\/([A-Za-z0-9_-]+)/);
    expect(match).not.toBeNull();
    return match![1];
  }

  describe('GET /auth/captcha', () => {
    it('answers a distorted SVG image as a data URL and a random id; the answer is stored hashed', async () => {
      const first = await captcha();
      const second = await captcha();
      expect(Object.keys(first.valueOf()).sort()).toEqual(['answer', 'captcha_hash', 'captcha_image_base64']);
      expect(first.captcha_image_base64).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
      const svg = Buffer.from(first.captcha_image_base64.split(',')[1], 'base64').toString();
      expect(svg).toMatch(/^<svg /);
      // The letters are paths (no <text> to read), plus the noise lines.
      expect(svg).not.toContain('<text');
      expect((svg.match(/<path/g) ?? []).length).toBeGreaterThan(first.answer.length);
      expect(first.captcha_hash).not.toBe(second.captcha_hash);
      expect(first.captcha_hash.length).toBeGreaterThanOrEqual(32);

      const [row] = await sut.dataSource.query(`SELECT answer_hash, expires_at - created_at AS ttl FROM identity.captchas WHERE id = $1`, [
        first.captcha_hash,
      ]);
      expect(row.answer_hash).not.toContain(first.answer);
      expect(row.answer_hash).not.toContain(first.answer.toLowerCase());
      expect(row.ttl).toMatchObject({ minutes: 10 });
    });
  });

  describe('POST /auth/forgot-password', () => {
    it('refuses a wrong code with the spec message, and the captcha is spent by that attempt', async () => {
      const c = await captcha();
      const wrong = await forgot({ email: 'nobody@demo-realty.test', captcha_string: 'zzzzz', captcha_hash: c.captcha_hash }).expect(400);
      expect(wrong.body).toEqual({
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'captcha_string', error: INVALID_CODE }],
      });
      const right = await forgot({ email: 'nobody@demo-realty.test', captcha_string: c.answer, captcha_hash: c.captcha_hash }).expect(400);
      expect(right.body).toEqual(wrong.body);
    });

    it('accepts the right code in any case, once', async () => {
      const c = await captcha();
      await forgot({ email: 'nobody@demo-realty.test', captcha_string: c.answer.toUpperCase(), captcha_hash: c.captcha_hash }).expect(200);
      const again = await forgot({ email: 'nobody@demo-realty.test', captcha_string: c.answer, captcha_hash: c.captcha_hash }).expect(400);
      expect(again.body.errors).toEqual([{ field: 'captcha_string', error: INVALID_CODE }]);
    });

    it('refuses an expired captcha', async () => {
      const c = await captcha();
      await sut.dataSource.query(`UPDATE identity.captchas SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.captcha_hash]);
      const response = await forgot({ email: 'nobody@demo-realty.test', captcha_string: c.answer, captcha_hash: c.captcha_hash }).expect(
        400,
      );
      expect(response.body.errors).toEqual([{ field: 'captcha_string', error: INVALID_CODE }]);
    });

    it('refuses an unknown or missing captcha id and an empty code', async () => {
      const unknown = await forgot({ email: 'nobody@demo-realty.test', captcha_string: 'abcde', captcha_hash: 'no-such-captcha' }).expect(
        400,
      );
      expect(unknown.body.errors).toEqual([{ field: 'captcha_string', error: INVALID_CODE }]);
      const missing = await forgot({ email: 'nobody@demo-realty.test', captcha_string: 'abcde' }).expect(400);
      expect(missing.body.errors).toEqual([{ field: 'captcha_string', error: INVALID_CODE }]);
      const empty = await forgot({
        email: 'nobody@demo-realty.test',
        captcha_string: '',
        captcha_hash: (await captcha()).captcha_hash,
      }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'captcha_string', error: INVALID_CODE }]);
    });

    it.each([['not-an-email'], [''], [undefined]])('refuses the email %p with the spec message', async (email) => {
      const c = await captcha();
      const response = await forgot({ email, captcha_string: c.answer, captcha_hash: c.captcha_hash }).expect(400);
      expect(response.body.errors).toEqual([{ field: 'email', error: 'Invalid email address.' }]);
    });

    it('answers the same for an existing and an unknown email, no sooner than the floor, and mails only the user', async () => {
      const timed = async (email: string) => {
        const started = Date.now();
        const response = await forgotWithCaptcha(email);
        return { status: response.status, body: response.body, ms: Date.now() - started };
      };
      const existing = await timed('isa@demo-realty.test');
      const unknown = await timed('nobody-at-all@demo-realty.test');
      expect(existing.status).toBe(200);
      expect(unknown.status).toBe(existing.status);
      expect(unknown.body).toEqual(existing.body);
      expect(existing.body).toEqual({
        status: 'ok',
        message: 'If an account exists for this email address, a password reset link has been sent to it.',
      });
      expect(existing.ms).toBeGreaterThanOrEqual(FORGOT_MIN_RESPONSE_MS);
      expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_MIN_RESPONSE_MS);
      await eventually(async () => (await mailsTo('isa@demo-realty.test')).length > 0);
      expect(await mailsTo('nobody-at-all@demo-realty.test')).toEqual([]);
    });

    it('queues a reset mail with a link to /auth/reset-password/{key}; the key is stored hashed and expires in 1 hour', async () => {
      // The email is matched without case; the mail goes to the address on the account.
      const key = await resetKeyOf('ISA@demo-realty.test');
      const [mail] = (await mailsTo('isa@demo-realty.test')).slice(-1);
      expect(mail).toMatchObject({ from: 'Realty <no-reply@realty.test>', subject: 'Reset your Realty password' });
      expect(mail.text).toContain(`${PUBLIC_URL}/auth/reset-password/${key}`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/auth/reset-password/${key}"`);
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);

      const rows = await sut.dataSource.query(
        `SELECT key_hash, expires_at - created_at AS ttl, used_at FROM identity.password_reset_keys WHERE key_hash = $1`,
        [createHash('sha256').update(key).digest('hex')],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ttl: { hours: 1 }, used_at: null });
      const plain = await sut.dataSource.query(`SELECT 1 FROM identity.password_reset_keys WHERE key_hash = $1`, [key]);
      expect(plain).toEqual([]);
    });

    it('takes a reset while the mail queue is out of reach: the key and its mail commit together, and the mail goes once the relay can, once', async () => {
      const email = 'tc@demo-realty.test';
      const delivered = jest.spyOn(MailboxDriver.prototype, 'deliver');
      const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');
      const queueSpies = [
        jest.spyOn(Queue.prototype, 'add').mockRejectedValue(refused),
        jest.spyOn(Queue.prototype, 'addBulk').mockRejectedValue(refused),
      ];
      let mailId: string;
      try {
        await forgotWithCaptcha(email);
        // The mail's id is the key's row id: written in the key's transaction, waiting for the relay.
        const waiting: { job_id: string }[] = await sut.dataSource.query(
          `SELECT o.job_id FROM identity.outbox o
             JOIN identity.password_reset_keys k ON k.id::text = o.job_id
             JOIN identity.users u ON u.agent_id = k.agent_id
            WHERE o.queue = 'mail.outgoing' AND o.published_at IS NULL AND lower(u.email) = $1`,
          [email],
        );
        expect(waiting).toHaveLength(1);
        mailId = waiting[0].job_id;
        await new Promise((r) => setTimeout(r, 300));
        expect((await mailsTo(email)).filter((m) => m.id === mailId)).toEqual([]);
      } finally {
        queueSpies.forEach((spy) => spy.mockRestore());
      }
      try {
        // Redis answers again: the relay's next pass queues it and the mail worker delivers it.
        await eventually(async () => (await mailsTo(email)).some((m) => m.id === mailId), 15_000);
        // Relayed once more (as by a relay that died between adding and marking it): the same job id, no new mail.
        await sut.dataSource.query(`UPDATE identity.outbox SET published_at = NULL WHERE job_id = $1`, [mailId]);
        await eventually(
          async () => (await sut.dataSource.query(`SELECT published_at FROM identity.outbox WHERE job_id = $1`, [mailId]))[0].published_at,
          10_000,
        );
        await new Promise((r) => setTimeout(r, 500));
        expect(delivered.mock.calls.filter(([mail]) => mail.id === mailId)).toHaveLength(1);
        expect((await mailsTo(email)).filter((m) => m.id === mailId)).toHaveLength(1);
      } finally {
        delivered.mockRestore();
      }
    });

    it('mails nobody for an inactive user, with the same answer', async () => {
      await sut.dataSource.query(`UPDATE identity.users SET status = 'inactive' WHERE email = 'vendor@demo-realty.test'`);
      const response = await forgotWithCaptcha('vendor@demo-realty.test');
      expect(response.body.status).toBe('ok');
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsTo('vendor@demo-realty.test')).toEqual([]);
    });

    it('rate-limits recovery calls per IP with 429 and a clear message', async () => {
      const ip = '10.99.0.1';
      for (let i = 0; i < 6; i++) await forgot({ email: 'x@y.test', captcha_string: 'abcde', captcha_hash: 'nope' }, ip).expect(400);
      const blocked = await reset({ reset_key: 'nope', password: 'Abcdefg1!', verify_password: 'Abcdefg1!' }, ip).expect(429);
      expect(blocked.body).toEqual({
        status: 'error',
        message: expect.stringMatching(/^Too many password recovery attempts\. Try again in \d+ minutes?\.$/),
      });
      // Another IP is not affected.
      await forgot({ email: 'x@y.test', captcha_string: 'abcde', captcha_hash: 'nope' }).expect(400);
    });
  });

  describe('GET /auth/reset-password/check', () => {
    const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

    it('answers 200 for a live key and spends nothing: the same key still resets the password', async () => {
      const email = 'isa@demo-realty.test';
      const key = await resetKeyOf(email);
      expect((await check(key).expect(200)).body).toEqual({ status: 'ok' });
      expect((await check(key).expect(200)).body).toEqual({ status: 'ok' });
      const [row] = await sut.dataSource.query(`SELECT used_at FROM identity.password_reset_keys WHERE key_hash = $1`, [keyHash(key)]);
      expect(row.used_at).toBeNull();

      await reset({ reset_key: key, password: 'Ch3cked-pass!', verify_password: 'Ch3cked-pass!' }).expect(200);
      // Used now: the check says so before any password is typed.
      expect((await check(key).expect(400)).body).toEqual({ status: 'error', message: INVALID_LINK });
      await reset({ reset_key: key, password: DEMO_PASSWORD, verify_password: DEMO_PASSWORD }).expect(400);
      // Back to the demo password for the other tests.
      await reset({ reset_key: await resetKeyOf(email), password: DEMO_PASSWORD, verify_password: DEMO_PASSWORD }).expect(200);
    });

    it('answers 400 with the reset message for an expired key', async () => {
      const key = await resetKeyOf('tc@demo-realty.test');
      await sut.dataSource.query(`UPDATE identity.password_reset_keys SET expires_at = now() - interval '1 second' WHERE key_hash = $1`, [
        keyHash(key),
      ]);
      expect((await check(key).expect(400)).body).toEqual({ status: 'error', message: INVALID_LINK });
    });

    it('answers 400 for the key of a user made inactive since the mail', async () => {
      const email = 'restricted@demo-realty.test';
      const key = await resetKeyOf(email);
      await check(key).expect(200);
      await sut.dataSource.query(`UPDATE identity.users SET status = 'inactive' WHERE email = $1`, [email]);
      try {
        expect((await check(key).expect(400)).body).toEqual({ status: 'error', message: INVALID_LINK });
      } finally {
        await sut.dataSource.query(`UPDATE identity.users SET status = 'active' WHERE email = $1`, [email]);
      }
    });

    it('answers 400 for an unknown, missing or over-long key', async () => {
      expect((await check('made-up-key').expect(400)).body).toEqual({ status: 'error', message: INVALID_LINK });
      expect((await check().expect(400)).body).toEqual({ status: 'error', message: INVALID_LINK });
      expect((await check('').expect(400)).body).toEqual({ status: 'error', message: INVALID_LINK });
      await check('k'.repeat(201)).expect(400);
    });

    it('is not counted against the per-IP recovery limit', async () => {
      const ip = '10.99.0.2';
      for (let i = 0; i < 10; i++) await check('made-up-key', ip).expect(400);
      await forgot({ email: 'x@y.test', captcha_string: 'abcde', captcha_hash: 'nope' }, ip).expect(400);
    });
  });

  describe('POST /auth/reset-password', () => {
    it.each([
      [
        'both missing',
        {},
        [
          ['password', 'This field is required'],
          ['verify_password', 'This field is required'],
        ],
      ],
      [
        'too short',
        { password: 'Ab1!', verify_password: 'Ab1!' },
        [
          ['password', 'Minimum length is 8'],
          ['verify_password', 'Minimum length is 8'],
        ],
      ],
      [
        'no special character',
        { password: 'Abcdefg1', verify_password: 'Abcdefg1' },
        [['password', 'Password must contain at least one number and one special character.']],
      ],
      [
        'no number',
        { password: 'Abcdefgh!', verify_password: 'Abcdefgh!' },
        [['password', 'Password must contain at least one number and one special character.']],
      ],
      [
        'no uppercase',
        { password: 'abcdefg1!', verify_password: 'abcdefg1!' },
        [['password', 'Password must contain an uppercase letter, a lowercase letter and a number.']],
      ],
      ['no match', { password: 'Abcdefg1!', verify_password: 'Abcdefg1?' }, [['verify_password', 'Passwords do not match']]],
    ])('refuses %s with field errors and leaves the key usable', async (_case, passwords, expected) => {
      const key = await resetKeyOf('client@demo-realty.test');
      const response = await reset({ reset_key: key, ...passwords }).expect(400);
      expect(response.body).toEqual({
        status: 'error',
        message: 'Validation failed',
        errors: expected.map(([field, error]) => ({ field, error })),
      });
      const [row] = await sut.dataSource.query(`SELECT used_at FROM identity.password_reset_keys WHERE key_hash = $1`, [
        createHash('sha256').update(key).digest('hex'),
      ]);
      expect(row.used_at).toBeNull();
    });

    it('sets the password, spends the key, ends every session of the user, and the new password signs in', async () => {
      const email = 'agent@demo-realty.test';
      const session = await login(email, DEMO_PASSWORD).expect(200);
      const otherSession = await login(email, DEMO_PASSWORD).expect(200);
      const key = await resetKeyOf(email);
      const olderKey = await resetKeyOf(email);

      const done = await reset({ reset_key: key, password: 'N3w-Passw0rd!', verify_password: 'N3w-Passw0rd!' }).expect(200);
      expect(done.body).toEqual({ status: 'ok', message: 'Password successfully updated' });

      for (const s of [session, otherSession]) {
        await request(sut.server).post('/api/auth/refresh').send({ refresh_token: s.body.refresh_token }).expect(401);
      }
      const [{ live }] = await sut.dataSource.query(
        `SELECT count(*)::int AS live FROM identity.refresh_tokens WHERE agent_id = $1 AND revoked_at IS NULL`,
        [session.body.user.agent_id],
      );
      expect(live).toBe(0);
      await login(email, DEMO_PASSWORD).expect(401);
      await login(email, 'N3w-Passw0rd!').expect(200);
      const [{ password_hash }] = await sut.dataSource.query(`SELECT password_hash FROM identity.users WHERE lower(email) = $1`, [email]);
      expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      const again = await reset({ reset_key: key, password: 'An0ther-pass!', verify_password: 'An0ther-pass!' }).expect(400);
      expect(again.body).toEqual({ status: 'error', message: INVALID_LINK });
      // The user's other outstanding link stopped working with the reset.
      await reset({ reset_key: olderKey, password: 'An0ther-pass!', verify_password: 'An0ther-pass!' }).expect(400);
      await login(email, 'N3w-Passw0rd!').expect(200);
    });

    it('refuses an expired key', async () => {
      const key = await resetKeyOf('tc@demo-realty.test');
      await sut.dataSource.query(`UPDATE identity.password_reset_keys SET expires_at = now() - interval '1 second' WHERE key_hash = $1`, [
        createHash('sha256').update(key).digest('hex'),
      ]);
      const response = await reset({ reset_key: key, password: 'N3w-Passw0rd!', verify_password: 'N3w-Passw0rd!' }).expect(400);
      expect(response.body).toEqual({ status: 'error', message: INVALID_LINK });
      await login('tc@demo-realty.test', DEMO_PASSWORD).expect(200);
    });

    it('refuses an unknown or missing key', async () => {
      const passwords = { password: 'N3w-Passw0rd!', verify_password: 'N3w-Passw0rd!' };
      const unknown = await reset({ reset_key: 'made-up-key', ...passwords }).expect(400);
      expect(unknown.body).toEqual({ status: 'error', message: INVALID_LINK });
      const missing = await reset(passwords).expect(400);
      expect(missing.body).toEqual({ status: 'error', message: INVALID_LINK });
    });
  });
});
