import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { VENDOR_ENROLLMENT_MESSAGES as M, type EventEnvelope, type VendorEnrollment } from '@app/contracts';
import { EventConsumer } from '@app/events';
import { VendorEnrollmentService } from '../src/vendor-enrollment/vendor-enrollment.service';
import {
  adminApi,
  bootAdminIdentity,
  createTeamWithAdmin,
  mailCount,
  nextMailTo,
  PUBLIC_URL,
  signIn,
  userForm,
  type AdminIdentity,
} from './admin-test-helpers';

const RATE_LIMIT = 8;
let ipSeq = 0;
// Every call from an IP of its own, except in the rate-limit test.
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe(VendorEnrollmentService.name, () => {
  let sut: AdminIdentity;
  let admin: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    sut = await bootAdminIdentity({ mail: true, env: { RECOVERY_MAX_REQUESTS_PER_IP: String(RATE_LIMIT) } });
    admin = adminApi(sut, (await signIn(sut, 'admin@demo-realty.test')).token);
  }, 60_000);
  afterAll(() => sut.close());

  const info = (token: string | undefined, ip = nextIp()) =>
    request(sut.server)
      .get('/api/enroll/vendor/link/info')
      .query(token === undefined ? {} : { invite_token: token })
      .set('x-forwarded-for', ip);
  const enroll = (body: object, ip = nextIp()) => request(sut.server).post('/api/enroll/vendor').set('x-forwarded-for', ip).send(body);

  const invite = async (body: object = {}, api = admin) =>
    (await api.post('/enroll/vendor/link', body).expect(201)).body as { invite_token: string; url: string; expires_at: string };

  const form = (token: string, overrides: { primary_contact?: object; address?: object; name?: string } = {}): VendorEnrollment => {
    const id = randomUUID().slice(0, 8);
    return {
      invite_token: token,
      name: overrides.name ?? `Vendor ${id} Title`,
      address: { address_1: '12 Main Street', address_2: '', city: 'Springfield', state: 'IL', postal_code: '62701', ...overrides.address },
      primary_contact: {
        first_name: 'Pat',
        last_name: `Vendor${id}`,
        email: `pat-${id}@vendor.test`,
        phone: '(555) 123-4567',
        ...overrides.primary_contact,
      },
    };
  };

  const inviteRow = async (token: string) =>
    (
      await sut.dataSource.query(`SELECT * FROM identity.vendor_invites WHERE token_hash = $1`, [
        createHash('sha256').update(token).digest('hex'),
      ])
    )[0];

  describe('invites', () => {
    it('makes a random 14-day link, stores only its hash, and prefills the form from it', async () => {
      const created = await invite({ name: 'Acme Title', vendor_type: 'Title', email: 'owner@acme-title.test' });
      expect(created.invite_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.url).toBe(`${PUBLIC_URL}/enroll/vendor?invite_token=${created.invite_token}`);
      const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.99);
      expect(days).toBeLessThanOrEqual(14);

      const row = await inviteRow(created.invite_token);
      expect(row).toMatchObject({
        name: 'Acme Title',
        vendor_type: 'Title',
        email: 'owner@acme-title.test',
        used_ts: null,
        revoked_ts: null,
      });
      expect(JSON.stringify(row)).not.toContain(created.invite_token);

      expect((await info(created.invite_token).expect(200)).body).toEqual({
        team_name: 'Demo Realty',
        name: 'Acme Title',
        address: { address_1: '', address_2: '', city: '', state: '', postal_code: '' },
        primary_contact: { first_name: '', last_name: '', email: 'owner@acme-title.test', phone: '' },
      });
      // Mailed when an email is given.
      const mail = await nextMailTo(sut, 'owner@acme-title.test', 0);
      expect(mail.mail.text).toContain(created.url);
    });

    it('are made, listed and revoked by ADMIN and TRANC only', async () => {
      const tc = adminApi(sut, (await signIn(sut, 'tc@demo-realty.test')).token);
      const made = await invite({ name: 'By TC' }, tc);
      const list = (await tc.get('/enroll/vendor/links').expect(200)).body.records;
      expect(list[0]).toMatchObject({ name: 'By TC', status: 'pending', vendor_type: null, created_by: expect.any(String) });
      for (const email of ['isa@demo-realty.test', 'agent@demo-realty.test', 'vendor@demo-realty.test', 'client@demo-realty.test']) {
        const other = adminApi(sut, (await signIn(sut, email)).token);
        await other.post('/enroll/vendor/link', {}).expect(403);
        await other.get('/enroll/vendor/links').expect(403);
        await request(sut.server)
          .delete('/api/enroll/vendor/link')
          .set({ authorization: `Bearer ${(await signIn(sut, email)).token}` })
          .send({ invite_token: made.invite_token })
          .expect(403);
      }
      await request(sut.server).post('/api/enroll/vendor/link').send({}).expect(401);
    });

    it('refuses a bad vendor_type or email with field errors', async () => {
      const response = await admin.post('/enroll/vendor/link', { vendor_type: 'Plumber', email: 'not-an-email' }).expect(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'vendor_type', error: M.unknownVendorType },
          { field: 'email', error: M.invalidEmail },
        ]),
      );
    });

    it('revoked: the link answers 404 and stays revoked; another team cannot revoke it', async () => {
      const made = await invite();
      const rival = await createTeamWithAdmin(sut);
      await request(sut.server)
        .delete('/api/enroll/vendor/link')
        .set({ authorization: `Bearer ${rival.token}` })
        .send({ invite_token: made.invite_token })
        .expect(404);
      const revoked = await request(sut.server)
        .delete('/api/enroll/vendor/link')
        .set({ authorization: `Bearer ${(await signIn(sut, 'admin@demo-realty.test')).token}` })
        .send({ invite_token: made.invite_token })
        .expect(200);
      expect(revoked.body).toEqual({ status: 'success', message: M.inviteRevoked });
      expect((await info(made.invite_token).expect(404)).body.message).toBe(M.inviteInvalid);
      expect((await enroll(form(made.invite_token)).expect(404)).body.message).toBe(M.inviteInvalid);
      const records = (await admin.get('/enroll/vendor/links?status=revoked').expect(200)).body.records;
      expect(records.map((r: { invite_id: number }) => r.invite_id)).toContain((await inviteRow(made.invite_token)).invite_id);
    });

    it('unknown: 404; expired: 410', async () => {
      expect((await info('no-such-token').expect(404)).body).toMatchObject({ status: 'error', message: M.inviteInvalid });
      expect((await enroll(form('no-such-token')).expect(404)).body.message).toBe(M.inviteInvalid);
      const made = await invite();
      await sut.dataSource.query(`UPDATE identity.vendor_invites SET expires_at = now() - interval '1 second' WHERE invite_id = $1`, [
        (await inviteRow(made.invite_token)).invite_id,
      ]);
      expect((await info(made.invite_token).expect(410)).body.message).toBe(M.inviteExpired);
      expect((await enroll(form(made.invite_token)).expect(410)).body.message).toBe(M.inviteExpired);
      expect((await admin.get('/enroll/vendor/links?status=expired').expect(200)).body.records.length).toBeGreaterThan(0);
    });
  });

  describe('the form', () => {
    it("answers 'Required.' for every missing field but address_2 and 'required.' for the contact's", async () => {
      const response = await enroll({}).expect(400);
      expect(response.body.errors).toEqual([
        { field: 'invite_token', error: 'Required.' },
        { field: 'name', error: 'Required.' },
        { field: 'address.address_1', error: 'Required.' },
        { field: 'address.city', error: 'Required.' },
        { field: 'address.state', error: 'Required.' },
        { field: 'address.postal_code', error: 'Required.' },
        { field: 'primary_contact.first_name', error: 'required.' },
        { field: 'primary_contact.last_name', error: 'required.' },
        { field: 'primary_contact.email', error: 'required.' },
        { field: 'primary_contact.phone', error: 'required.' },
      ]);
      // Blank strings are missing too.
      const made = await invite();
      const blank = await enroll({
        ...form(made.invite_token),
        name: '  ',
        address: { address_1: ' ', city: '', state: '', postal_code: '' },
        primary_contact: { first_name: '', last_name: ' ', email: '', phone: '' },
      }).expect(400);
      expect(blank.body.errors.map((e: { field: string }) => e.field)).toEqual([
        'name',
        'address.address_1',
        'address.city',
        'address.state',
        'address.postal_code',
        'primary_contact.first_name',
        'primary_contact.last_name',
        'primary_contact.email',
        'primary_contact.phone',
      ]);
    });

    it("refuses an unusable email, a bad phone and another user's email, and changes nothing", async () => {
      const made = await invite();
      const bad = await enroll(form(made.invite_token, { primary_contact: { email: 'pat..vendor@x.com', phone: '555-12' } })).expect(400);
      expect(bad.body.errors).toEqual([
        { field: 'primary_contact.email', error: 'This is an invalid email address' },
        { field: 'primary_contact.phone', error: 'Please enter a valid phone number' },
      ]);
      const taken = await enroll(form(made.invite_token, { primary_contact: { email: 'AGENT@demo-realty.test' } })).expect(400);
      expect(taken.body.errors).toEqual([{ field: 'primary_contact.email', error: 'Email is already in use' }]);
      expect(await inviteRow(made.invite_token)).toMatchObject({ used_ts: null, vendor_id: null });
      expect((await info(made.invite_token).expect(200)).body.team_name).toBe('Demo Realty');
    });

    it('is rate limited per IP (the lookup and the enrollment)', async () => {
      const ip = '10.99.0.1';
      for (let i = 0; i < RATE_LIMIT / 2; i++) {
        await info('no-such-token', ip).expect(404);
        await enroll({}, ip).expect(400);
      }
      const refused = await info('no-such-token', ip).expect(429);
      expect(refused.body.message).toMatch(/^Too many enrollment attempts\. Try again in \d+ minutes?\.$/);
      await enroll({}, ip).expect(429);
      await info('no-such-token', '10.99.0.2').expect(404);
    });
  });

  describe('an enrollment', () => {
    it('makes the organisation and an active VENDOR user in one go, spends the invite, publishes both events and mails the login instructions', async () => {
      const made = await invite({ name: 'Prefilled', vendor_type: 'Mortgage' });
      const body = form(made.invite_token, { name: 'Harbor Mortgage' });
      const email = body.primary_contact.email;
      const answer = await enroll(body).expect(200);
      expect(answer.body).toEqual({ status: 'success', message: 'Success! Check your email for login instructions.' });

      const [user] = await sut.dataSource.query(
        `SELECT agent_id, team_id, roles, status, mobile_phone, vendor_id FROM identity.users WHERE email = $1`,
        [email],
      );
      expect(user).toMatchObject({ roles: ['VENDOR'], status: 'active', mobile_phone: '5551234567', vendor_id: expect.any(Number) });
      const [vendor] = await sut.dataSource.query(`SELECT * FROM identity.vendor_organisations WHERE vendor_id = $1`, [user.vendor_id]);
      expect(vendor).toMatchObject({
        team_id: user.team_id,
        name: 'Harbor Mortgage',
        vendor_type: 'Mortgage',
        address_1: '12 Main Street',
        address_2: null,
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
      });
      expect(await inviteRow(made.invite_token)).toMatchObject({ used_ts: expect.any(Date), vendor_id: user.vendor_id });

      const events: { type: string; payload: Record<string, unknown> }[] = await sut.dataSource.query(
        `SELECT type, payload FROM identity.outbox WHERE (type = 'identity.vendor.enrolled' AND (payload->>'vendor_id')::int = $1) OR (type = 'identity.user.created' AND (payload->>'agent_id')::int = $2) ORDER BY seq`,
        [user.vendor_id, user.agent_id],
      );
      expect(events.map((e) => e.type)).toEqual(['identity.user.created', 'identity.vendor.enrolled']);
      expect(events[0].payload).toMatchObject({
        agent_id: user.agent_id,
        roles: ['VENDOR'],
        email,
        status: 'active',
        team_name: 'Demo Realty',
      });
      expect(events[1].payload).toEqual({
        vendor_id: user.vendor_id,
        team_id: user.team_id,
        agent_id: user.agent_id,
        name: 'Harbor Mortgage',
        vendor_type: 'Mortgage',
        logo_path: null,
      });

      // Single use.
      expect((await enroll(form(made.invite_token)).expect(410)).body.message).toBe(M.inviteUsed);
      expect((await info(made.invite_token).expect(410)).body.message).toBe(M.inviteUsed);
      const listed = (await admin.get('/enroll/vendor/links').expect(200)).body.records.find(
        (r: { vendor_id: number | null }) => r.vendor_id === user.vendor_id,
      );
      expect(listed).toMatchObject({ status: 'used', vendor_name: 'Harbor Mortgage', used_ts: expect.any(String) });
      // A used invite cannot be revoked.
      await request(sut.server)
        .delete('/api/enroll/vendor/link')
        .set({ authorization: `Bearer ${(await signIn(sut, 'admin@demo-realty.test')).token}` })
        .send({ invite_token: made.invite_token })
        .expect(409);

      // The login mail: a set-password link that works, then the vendor signs in.
      const { mail, key } = await nextMailTo(sut, email, 0);
      expect(mail.subject).toBe('Welcome to Realty');
      expect(mail.text).toContain(`${PUBLIC_URL}/auth/reset-password/${key}`);
      await request(sut.server)
        .post('/api/auth/reset-password')
        .send({ reset_key: key, password: 'Vendor-Pass1!', verify_password: 'Vendor-Pass1!' })
        .expect(200);
      const login = await request(sut.server).post('/api/auth/login').send({ email, password: 'Vendor-Pass1!' }).expect(200);
      expect(login.body.user).toMatchObject({ agent_id: user.agent_id, roles: ['VENDOR'] });

      // A replayed event sends no second mail (the events inbox applies it once).
      const [enrolled] = await sut.dataSource.query(
        `SELECT id, type, team_id, occurred_at, version, payload FROM identity.outbox WHERE type = 'identity.vendor.enrolled' AND (payload->>'vendor_id')::int = $1`,
        [user.vendor_id],
      );
      const envelope: EventEnvelope<'identity.vendor.enrolled'> = {
        ...enrolled,
        occurred_at: new Date(enrolled.occurred_at).toISOString(),
      };
      expect(await sut.app.get(EventConsumer).consume(envelope)).toBe('duplicate');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await mailCount(sut, email)).toBe(1);
    });

    it("takes no licence: the team's count is unchanged, and a team with none left can still enroll a vendor", async () => {
      const team = await createTeamWithAdmin(sut, { licences: 1 });
      const teamAdmin = adminApi(sut, team.token);
      const before = (await teamAdmin.get('/admin/licenses').expect(200)).body;
      expect(before).toMatchObject({ total: 1, used: 1, remaining: 0 });
      const made = await invite({}, teamAdmin);
      await enroll(form(made.invite_token)).expect(200);
      expect((await teamAdmin.get('/admin/licenses').expect(200)).body).toEqual(before);

      // A VENDOR the admin makes in the user form still takes one.
      const roomy = await createTeamWithAdmin(sut, { licences: 5 });
      const roomyAdmin = adminApi(sut, roomy.token);
      await roomyAdmin.post('/admin/user', userForm({ role_id: 'VENDOR' })).expect(201);
      expect((await roomyAdmin.get('/admin/licenses').expect(200)).body).toMatchObject({ used: 2 });
      await enroll(form((await invite({}, roomyAdmin)).invite_token)).expect(200);
      expect((await roomyAdmin.get('/admin/licenses').expect(200)).body).toMatchObject({ used: 2 });
    });
  });
});
