import { createHash } from 'node:crypto';
import request from 'supertest';
import {
  adminApi,
  bootAdminIdentity,
  DEMO_PASSWORD,
  insertUsers,
  mailCount,
  nextMailTo,
  PUBLIC_URL,
  signIn,
  userForm,
  type AdminIdentity,
} from './admin-test-helpers';

describe('user administration: passwords and emails', () => {
  let sut: AdminIdentity;
  let admin: ReturnType<typeof adminApi>;
  let teamId: number;

  beforeAll(async () => {
    sut = await bootAdminIdentity({ mail: true });
    const signedIn = await signIn(sut, 'admin@demo-realty.test');
    admin = adminApi(sut, signedIn.token);
    teamId = signedIn.user.team.team_id;
  });
  afterAll(() => sut.close());

  const login = (email: string, password: string) => request(sut.server).post('/api/auth/login').send({ email, password });
  const reset = (key: string, password: string) =>
    request(sut.server).post('/api/auth/reset-password').send({ reset_key: key, password, verify_password: password });
  const keyTtl = async (key: string) =>
    (
      await sut.dataSource.query(`SELECT expires_at - created_at AS ttl FROM identity.password_reset_keys WHERE key_hash = $1`, [
        createHash('sha256').update(key).digest('hex'),
      ])
    )[0].ttl;
  /** A member of the Demo Realty team who signs in with the demo password. */
  const member = async (status = 'active') => {
    const [agentId] = await insertUsers(sut, teamId, [{ first_name: 'Mail', last_name: 'Member', status }]);
    const [{ email }] = await sut.dataSource.query(`SELECT email FROM identity.users WHERE agent_id = $1`, [agentId]);
    return { agentId, email: email as string };
  };

  describe('welcome mail', () => {
    it('goes out by default when a user is added; its 7-day link sets the first password through the reset page', async () => {
      const { send_welcome_email: _, ...form } = userForm({ first_name: 'Wendy' });
      await admin.post('/admin/user', form).expect(201);
      const { mail, key } = await nextMailTo(sut, form.email, 0);
      expect(mail).toMatchObject({ subject: 'Welcome to Realty', to: form.email });
      expect(mail.text).toContain('Hello Wendy,');
      expect(mail.text).toContain('Demo Realty');
      expect(mail.text).toContain(`${PUBLIC_URL}/auth/reset-password/${key}`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/auth/reset-password/${key}"`);
      expect(await keyTtl(key!)).toMatchObject({ days: 7 });

      await reset(key!, 'Welc0me-Home!').expect(200);
      await login(form.email, 'Welc0me-Home!').expect(200);
      await reset(key!, 'An0ther-One!').expect(400);
    });

    it('is not sent with send_welcome_email false', async () => {
      const form = userForm({ send_welcome_email: false });
      const { body } = await admin.post('/admin/user', form).expect(201);
      // Every welcome mail has its key stored before the answer.
      const keys = await sut.dataSource.query(`SELECT 1 FROM identity.password_reset_keys WHERE agent_id = $1`, [body.agent_id]);
      expect(keys).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailCount(sut, form.email)).toBe(0);
    });

    it("POST /admin/user/email type welcome sends it again: 'Email sent'", async () => {
      const user = await member();
      const response = await admin.post('/admin/user/email', { agent_id: user.agentId, type: 'welcome' }).expect(200);
      expect(response.body).toEqual({ status: 'success', message: 'Email sent' });
      const { mail, key } = await nextMailTo(sut, user.email, 0);
      expect(mail.subject).toBe('Welcome to Realty');
      await reset(key!, 'Fresh-Start1!').expect(200);
      await login(user.email, 'Fresh-Start1!').expect(200);
    });
  });

  describe('reset mail', () => {
    it('POST /admin/user/email type reset mails a 1-hour reset link that works', async () => {
      const user = await member();
      const session = (await login(user.email, DEMO_PASSWORD).expect(200)).body;
      await admin
        .post('/admin/user/email', { agent_id: user.agentId, type: 'reset' })
        .expect(200, { status: 'success', message: 'Email sent' });
      const { mail, key } = await nextMailTo(sut, user.email, 0);
      expect(mail.subject).toBe('Reset your Realty password');
      expect(await keyTtl(key!)).toMatchObject({ hours: 1 });
      await reset(key!, 'Reset-Done1!').expect(200);
      await login(user.email, 'Reset-Done1!').expect(200);
      await login(user.email, DEMO_PASSWORD).expect(401);
      // The reset ends the sessions the user had.
      await request(sut.server).post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
    });

    it("PUT /admin/user/password emails the reset link: 'Email sent'", async () => {
      const user = await member();
      const response = await admin.put('/admin/user/password', { agent_id: user.agentId }).expect(200);
      expect(response.body).toEqual({ status: 'success', message: 'Email sent' });
      const { mail, key } = await nextMailTo(sut, user.email, 0);
      expect(mail.subject).toBe('Reset your Realty password');
      await reset(key!, 'Put-Reset1!').expect(200);
      await login(user.email, 'Put-Reset1!').expect(200);
    });

    it('refuses to mail an inactive user (the link could not work) and an unknown type', async () => {
      const user = await member('inactive');
      const inactive = await admin.post('/admin/user/email', { agent_id: user.agentId, type: 'reset' }).expect(400);
      expect(inactive.body).toEqual({ status: 'error', message: 'This user is inactive. Activate the user first.' });
      await admin.put('/admin/user/password', { agent_id: user.agentId }).expect(400);
      const type = await admin.post('/admin/user/email', { agent_id: user.agentId, type: 'hello' }).expect(400);
      expect(type.body.errors).toEqual([{ field: 'type', error: 'Must be welcome or reset' }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailCount(sut, user.email)).toBe(0);
    });
  });

  describe('PATCH /admin/user/password', () => {
    it.each([
      [
        'both missing',
        {},
        [
          ['new_password', 'This field is required'],
          ['confirm_new_password', 'This field is required'],
        ],
      ],
      [
        'too short',
        { new_password: 'Ab1!', confirm_new_password: 'Ab1!' },
        [
          ['new_password', 'Minimum length is 8'],
          ['confirm_new_password', 'Minimum length is 8'],
        ],
      ],
      [
        'no special character',
        { new_password: 'Abcdefg1', confirm_new_password: 'Abcdefg1' },
        [['new_password', 'Password must contain at least one number and one special character.']],
      ],
      [
        'no number',
        { new_password: 'Abcdefgh!', confirm_new_password: 'Abcdefgh!' },
        [['new_password', 'Password must contain at least one number and one special character.']],
      ],
      ['no match', { new_password: 'Abcdefg1!', confirm_new_password: 'Abcdefg1?' }, [['confirm_new_password', 'Passwords do not match']]],
    ])('refuses %s with the section 5 field errors', async (_case, passwords, expected) => {
      const user = await member();
      const response = await admin.patch('/admin/user/password', { agent_id: user.agentId, ...passwords }).expect(400);
      expect(response.body).toEqual({
        status: 'error',
        message: 'Validation failed',
        errors: expected.map(([field, error]) => ({ field, error })),
      });
      await login(user.email, DEMO_PASSWORD).expect(200);
    });

    it("sets the password, ends the user's sessions, and the new password signs in", async () => {
      const user = await member();
      const session = (await login(user.email, DEMO_PASSWORD).expect(200)).body;
      const response = await admin
        .patch('/admin/user/password', { agent_id: user.agentId, new_password: 'Adm1n-Set!', confirm_new_password: 'Adm1n-Set!' })
        .expect(200);
      expect(response.body).toEqual({ status: 'success', message: 'Password successfully updated' });
      await request(sut.server).post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
      await login(user.email, DEMO_PASSWORD).expect(401);
      await login(user.email, 'Adm1n-Set!').expect(200);
    });

    it('spends reset links sent before the change', async () => {
      const user = await member();
      await admin.put('/admin/user/password', { agent_id: user.agentId }).expect(200);
      const { key } = await nextMailTo(sut, user.email, 0);
      await admin
        .patch('/admin/user/password', { agent_id: user.agentId, new_password: 'Adm1n-Set!', confirm_new_password: 'Adm1n-Set!' })
        .expect(200);
      await reset(key!, 'Too-Late1!').expect(400);
      await login(user.email, 'Adm1n-Set!').expect(200);
    });
  });
});
