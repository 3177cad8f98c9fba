import { Queue } from 'bullmq';
import request from 'supertest';
import { ADMIN_MESSAGES, REAL_ESTATE_USER_FIELDS } from '@app/contracts';
import { UsersRepository } from '../src/users/users.repository';
import { knownCommissionTemplates } from './identity-test-app';
import { adminApi, bootAdminIdentity, DEMO_PASSWORD, signIn, userEvents, userForm, type AdminIdentity } from './admin-test-helpers';

describe('user administration: the user form', () => {
  let sut: AdminIdentity;
  let admin: ReturnType<typeof adminApi>;
  let adminId: number;
  let demoTeamId: number;

  beforeAll(async () => {
    sut = await bootAdminIdentity();
    const signedIn = await signIn(sut, 'admin@demo-realty.test');
    admin = adminApi(sut, signedIn.token);
    adminId = signedIn.user.agent_id;
    demoTeamId = signedIn.user.team.team_id;
    await knownCommissionTemplates(sut.dataSource, demoTeamId, { buyer: [1, 3], seller: [2] });
  });
  afterAll(() => sut.close());

  const create = (form: object) => admin.post('/admin/user', form);

  describe('POST /admin/user', () => {
    it('adds an active user with the form defaults and answers 201 with the new agent_id and the record', async () => {
      const form = userForm({ first_name: 'Dana', last_name: 'Defaults' });
      const { send_welcome_email: _, ...withoutWelcome } = form;
      const response = await create({ ...withoutWelcome, send_welcome_email: false }).expect(201);
      expect(response.body).toEqual({
        status: 'success',
        message: 'User has been added',
        agent_id: expect.any(Number),
        record: expect.any(Object),
      });
      const { agent_id, record } = response.body;
      expect(record).toEqual({
        agent_id,
        first_name: 'Dana',
        last_name: 'Defaults',
        // Typed '(555) 555-0199': stored and answered as its 10 digits.
        mobile_phone: '5555550199',
        email: form.email,
        alternate_email: null,
        role_id: 'AGENT',
        start_dt: '03/15/2026',
        can_download: true,
        can_download_activities: false,
        esign_enabled: false,
        leader_board_exclude: false,
        manage_billing: false,
        brokerage_cap_amt: null,
        royalty_cap_amt: null,
        brokerage_cap_anniversary_dt: null,
        royalty_cap_anniversary_dt: null,
        agent_trans_fee_amt: null,
        agent_monthly_fee_amt: null,
        lic_nbr: null,
        pid: null,
        career_path: null,
        lead_source: null,
        notes: null,
        business_entity: null,
        default_commission_templates: { buyer: [], seller: [] },
        status: 'active',
        profile_image_url: null,
      });
      expect((await admin.get(`/admin/user?agent_id=${agent_id}`).expect(200)).body).toEqual(record);

      const [row] = await sut.dataSource.query(`SELECT team_id, roles, status, start_dt::text FROM identity.users WHERE agent_id = $1`, [
        agent_id,
      ]);
      expect(row).toEqual({ team_id: demoTeamId, roles: ['AGENT'], status: 'active', start_dt: '2026-03-15' });
    });

    it('gives the new user no usable password: sign-in fails until a password is set', async () => {
      const form = userForm();
      await create(form).expect(201);
      const [row] = await sut.dataSource.query(`SELECT password_hash FROM identity.users WHERE email = $1`, [form.email]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      for (const password of [DEMO_PASSWORD, '', 'x']) {
        await request(sut.server)
          .post('/api/auth/login')
          .send({ email: form.email, password })
          .expect((r) => expect([400, 401]).toContain(r.status));
      }
      const refused = await request(sut.server).post('/api/auth/login').send({ email: form.email, password: DEMO_PASSWORD }).expect(401);
      expect(refused.body.message).toBe('Invalid email or password');
    });

    it("answers 'Required' field errors for every missing required field", async () => {
      const response = await create({}).expect(400);
      expect(response.body.status).toBe('error');
      const required = ['first_name', 'last_name', 'mobile_phone', 'email', 'role_id', 'start_dt'];
      expect(response.body.errors).toEqual(required.map((field) => ({ field, error: ADMIN_MESSAGES.required })));

      const blank = await create(
        userForm({ first_name: '', last_name: '', mobile_phone: '', email: '', start_dt: '', role_id: '' as never }),
      ).expect(400);
      expect(blank.body.errors).toEqual(required.map((field) => ({ field, error: 'Required' })));
    });

    it.each([
      ['an invalid email', { email: 'not-an-email' }, { field: 'email', error: 'Invalid email address.' }],
      ['a date in another format', { start_dt: '2026-03-15' }, { field: 'start_dt', error: 'Invalid date' }],
      ['a date that does not exist', { start_dt: '02/30/2026' }, { field: 'start_dt', error: 'Invalid date' }],
      [
        'a bad anniversary date',
        { brokerage_cap_anniversary_dt: '13/01/2026' },
        { field: 'brokerage_cap_anniversary_dt', error: 'Invalid date' },
      ],
      ['a CLIENT role', { role_id: 'CLIENT' }, { field: 'role_id', error: 'Choose one of ADMIN, TRANC, ISISA, AGENT, VENDOR' }],
      ['an unknown role', { role_id: 'OWNER' }, { field: 'role_id', error: 'Choose one of ADMIN, TRANC, ISISA, AGENT, VENDOR' }],
      [
        'a negative fee',
        { agent_trans_fee_amt: -1 },
        { field: 'agent_trans_fee_amt', error: 'Enter an amount of 0 or more with at most 2 decimals' },
      ],
      ['a null flag', { can_download: null }, { field: 'can_download', error: 'can_download must be a boolean value' }],
      [
        'a bad template id',
        { default_commission_templates: { buyer: [0], seller: [] } },
        { field: 'default_commission_templates.buyer', error: 'Template ids must be positive whole numbers' },
      ],
      [
        'a forbidden character in a name',
        { first_name: 'Bob<script>' },
        { field: 'first_name', error: 'Characters < > * ! ( ) { } are not allowed' },
      ],
    ])('refuses %s with a field error', async (_case, change, expected) => {
      const response = await create(userForm(change as object)).expect(400);
      expect(response.body.errors).toEqual([expected]);
    });

    it('stores the phone as its 10 digits, whatever the formatting typed, on create and on change', async () => {
      const { body: created } = await create(userForm({ mobile_phone: '+1 (512) 555-0123' })).expect(201);
      expect(created.record.mobile_phone).toBe('5125550123');
      const changed = await admin.patch('/admin/user', { agent_id: created.agent_id, mobile_phone: '212.555.7788' }).expect(200);
      expect(changed.body.record.mobile_phone).toBe('2125557788');
      const [row] = await sut.dataSource.query(`SELECT mobile_phone FROM identity.users WHERE agent_id = $1`, [created.agent_id]);
      expect(row.mobile_phone).toBe('2125557788');
      const list = await admin
        .get(`/admin/users?quick_search_filter=${encodeURIComponent('(212) 555-7788')}&status_filter=all`)
        .expect(200);
      expect(list.body.table.data.map((r: { agent_id: number }) => r.agent_id)).toContain(created.agent_id);
    });

    it("refuses a number that is not 10 digits with 'Invalid phone number', and changes nothing", async () => {
      for (const mobile_phone of ['555-0100', '512555012345', 'call me']) {
        const response = await create(userForm({ mobile_phone })).expect(400);
        expect(response.body.errors).toEqual([{ field: 'mobile_phone', error: 'Invalid phone number' }]);
      }
      const { body: created } = await create(userForm()).expect(201);
      const refused = await admin.patch('/admin/user', { agent_id: created.agent_id, mobile_phone: '+44 20 7946 0958' }).expect(400);
      expect(refused.body.errors).toEqual([{ field: 'mobile_phone', error: 'Invalid phone number' }]);
      expect((await admin.get(`/admin/user?agent_id=${created.agent_id}`).expect(200)).body.mobile_phone).toBe('5555550199');
    });

    it("refuses an email already in use, in any case, even in another team: 'Email is already in use'", async () => {
      for (const email of ['agent@demo-realty.test', 'AGENT@Demo-Realty.test', 'admin@rival-homes.test']) {
        const response = await create(userForm({ email })).expect(400);
        expect(response.body).toEqual({
          status: 'error',
          message: 'Validation failed',
          errors: [{ field: 'email', error: 'Email is already in use' }],
        });
      }
    });

    it('answers 400, never 500, when another request takes the email between the check and the write', async () => {
      // The check saw the email free; the unique index refuses the insert.
      const check = jest.spyOn(UsersRepository.prototype, 'emailTaken').mockResolvedValue(false);
      try {
        const response = await create(userForm({ email: 'TC@demo-realty.test' })).expect(400);
        expect(response.body.errors).toEqual([{ field: 'email', error: 'Email is already in use' }]);
        const { body: created } = await create(userForm()).expect(201);
        const patched = await admin.patch('/admin/user', { agent_id: created.agent_id, email: 'isa@demo-realty.test' }).expect(400);
        expect(patched.body.errors).toEqual([{ field: 'email', error: 'Email is already in use' }]);
        expect(check).toHaveBeenCalled();
      } finally {
        check.mockRestore();
      }
    });

    it('stores every form field and answers them back, dates MM/DD/YYYY', async () => {
      const form = userForm({
        role_id: 'TRANC',
        alternate_email: 'alt@example.test',
        start_dt: '01/02/2025',
        can_download: false,
        can_download_activities: true,
        esign_enabled: true,
        leader_board_exclude: true,
        manage_billing: true,
        brokerage_cap_amt: 12000.5,
        royalty_cap_amt: 3000,
        brokerage_cap_anniversary_dt: '04/01/2026',
        royalty_cap_anniversary_dt: '12/31/2026',
        agent_trans_fee_amt: 395,
        agent_monthly_fee_amt: 49.99,
        lic_nbr: 'SL3456789',
        pid: 'P-77',
        career_path: 'Team lead',
        lead_source: 'Referral',
        notes: 'Joined from a partner office.',
        business_entity: 'Jordan LLC',
        default_commission_templates: { buyer: [3, 1], seller: [2] },
      });
      const { body } = await create(form).expect(201);
      const { send_welcome_email: _, ...expected } = form;
      expect(body.record).toEqual({
        ...expected,
        mobile_phone: '5555550199',
        agent_id: body.agent_id,
        status: 'active',
        profile_image_url: null,
      });
    });
  });

  describe('PATCH /admin/user', () => {
    it("changes any subset, keeps the rest, and answers 'User changes saved' with the record", async () => {
      const { body: created } = await create(userForm({ lic_nbr: 'L-1', notes: 'First note' })).expect(201);
      const response = await admin
        .patch('/admin/user', { agent_id: created.agent_id, last_name: 'Renamed', can_download: false, notes: null })
        .expect(200);
      expect(response.body).toEqual({
        status: 'success',
        message: 'User changes saved',
        record: { ...created.record, last_name: 'Renamed', can_download: false, notes: null },
      });
    });

    it('accepts a record sent back whole (status and profile_image_url are ignored)', async () => {
      const { body: created } = await create(userForm()).expect(201);
      const response = await admin.patch('/admin/user', { ...created.record, first_name: 'Whole', status: 'inactive' }).expect(200);
      expect(response.body.record).toEqual({ ...created.record, first_name: 'Whole' });
    });

    it('refuses to clear a required field, a bad date, and an email in use', async () => {
      const { body: created } = await create(userForm()).expect(201);
      const id = created.agent_id;
      const cleared = await admin.patch('/admin/user', { agent_id: id, first_name: '', start_dt: null, role_id: null }).expect(400);
      expect(cleared.body.errors).toEqual([
        { field: 'first_name', error: 'Required' },
        { field: 'role_id', error: 'Required' },
        { field: 'start_dt', error: 'Required' },
      ]);
      const date = await admin.patch('/admin/user', { agent_id: id, start_dt: '3/5/2026' }).expect(400);
      expect(date.body.errors).toEqual([{ field: 'start_dt', error: 'Invalid date' }]);
      const taken = await admin.patch('/admin/user', { agent_id: id, email: 'TC@demo-realty.test' }).expect(400);
      expect(taken.body.errors).toEqual([{ field: 'email', error: 'Email is already in use' }]);
      // The user's own email in another case is not "in use".
      await admin.patch('/admin/user', { agent_id: id, email: created.record.email.toUpperCase() }).expect(200);
      const missing = await admin.patch('/admin/user', { last_name: 'No id' }).expect(400);
      expect(missing.body.errors).toEqual([{ field: 'agent_id', error: 'Required' }]);
    });

    it('does not let an admin change their own role (the team would lose its admin)', async () => {
      const refused = await admin.patch('/admin/user', { agent_id: adminId, role_id: 'AGENT' }).expect(400);
      expect(refused.body.errors).toEqual([{ field: 'role_id', error: 'You cannot change your own role' }]);
      await admin.patch('/admin/user', { agent_id: adminId, role_id: 'ADMIN', mobile_phone: '(555) 555-0100' }).expect(200);
      const [row] = await sut.dataSource.query(`SELECT roles FROM identity.users WHERE agent_id = $1`, [adminId]);
      expect(row.roles).toEqual(['ADMIN']);
    });

    it("ends the user's sessions when the role changes (the new rights come with the next sign-in), not on other changes", async () => {
      const form = userForm({ role_id: 'ADMIN' });
      const id = (await create(form).expect(201)).body.agent_id as number;
      await sut.dataSource.query(
        `UPDATE identity.users SET password_hash = (SELECT password_hash FROM identity.users WHERE agent_id = $1) WHERE agent_id = $2`,
        [adminId, id],
      );
      const signIn = () => request(sut.server).post('/api/auth/login').send({ email: form.email, password: DEMO_PASSWORD }).expect(200);
      const refresh = (token: string) => request(sut.server).post('/api/auth/refresh').send({ refresh_token: token });

      const kept = (await signIn()).body;
      await admin.patch('/admin/user', { agent_id: id, lic_nbr: 'LIC-1' }).expect(200);
      await refresh(kept.refresh_token).expect(200);

      const demoted = (await signIn()).body;
      await admin.patch('/admin/user', { agent_id: id, role_id: 'AGENT' }).expect(200);
      await refresh(demoted.refresh_token).expect(401);
      expect((await signIn()).body.user.roles).toEqual(['AGENT']);
    });
  });

  describe('welcome mail with the mail queue out of reach', () => {
    it('answers 201 with the new user; its welcome mail is written with it, in the outbox, for the relay', async () => {
      const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');
      const spies = [
        jest.spyOn(Queue.prototype, 'add').mockRejectedValue(refused),
        jest.spyOn(Queue.prototype, 'addBulk').mockRejectedValue(refused),
      ];
      try {
        const form = userForm();
        const answer = (await create({ ...form, send_welcome_email: true }).expect(201)).body;
        expect(answer).toMatchObject({ status: 'success', message: 'User has been added' });
        expect(answer).not.toHaveProperty('warning');
        // The mail's id is its welcome key's row: the key and the mail were committed together.
        const mails = await sut.dataSource.query(
          `SELECT o.payload->>'to' AS to, o.payload->>'subject' AS subject, o.published_at IS NULL AS waiting
             FROM identity.outbox o JOIN identity.password_reset_keys k ON k.id::text = o.job_id
            WHERE o.queue = 'mail.outgoing' AND k.agent_id = $1`,
          [answer.agent_id],
        );
        expect(mails).toEqual([{ to: form.email, subject: 'Welcome to Realty', waiting: true }]);
      } finally {
        spies.forEach((spy) => spy.mockRestore());
      }
    });

    it('writes no welcome mail for a user that is not saved', async () => {
      const form = userForm();
      await create({ ...form, send_welcome_email: true }).expect(201);
      const [{ n: before }] = await sut.dataSource.query(`SELECT count(*)::int AS n FROM identity.outbox WHERE queue = 'mail.outgoing'`);
      await create({ ...userForm(), email: form.email, send_welcome_email: true }).expect(400);
      const [{ n: after }] = await sut.dataSource.query(`SELECT count(*)::int AS n FROM identity.outbox WHERE queue = 'mail.outgoing'`);
      expect(after).toBe(before);
    });
  });

  describe('VENDOR users', () => {
    const realEstate = {
      brokerage_cap_amt: 1000,
      royalty_cap_amt: 2000,
      brokerage_cap_anniversary_dt: '04/01/2026',
      royalty_cap_anniversary_dt: '05/01/2026',
      agent_trans_fee_amt: 100,
      agent_monthly_fee_amt: 10,
      career_path: 'Path',
      lead_source: 'Source',
      default_commission_templates: { buyer: [1], seller: [2] },
      leader_board_exclude: true,
    };
    const empty = {
      brokerage_cap_amt: null,
      royalty_cap_amt: null,
      brokerage_cap_anniversary_dt: null,
      royalty_cap_anniversary_dt: null,
      agent_trans_fee_amt: null,
      agent_monthly_fee_amt: null,
      career_path: null,
      lead_source: null,
      default_commission_templates: { buyer: [], seller: [] },
      leader_board_exclude: false,
    };

    it('covers every field of REAL_ESTATE_USER_FIELDS', () => {
      expect(Object.keys(realEstate).sort()).toEqual([...REAL_ESTATE_USER_FIELDS].sort());
    });

    it('ignores the real-estate fields on create and update and answers them empty; other fields are kept', async () => {
      const { body } = await create(userForm({ role_id: 'VENDOR', lic_nbr: 'V-1', ...realEstate })).expect(201);
      expect(body.record).toMatchObject({ ...empty, lic_nbr: 'V-1', role_id: 'VENDOR' });
      const [stored] = await sut.dataSource.query(
        `SELECT brokerage_cap_amt, career_path, default_buyer_commission_templates, leader_board_exclude FROM identity.users WHERE agent_id = $1`,
        [body.agent_id],
      );
      expect(stored).toEqual({
        brokerage_cap_amt: null,
        career_path: null,
        default_buyer_commission_templates: [],
        leader_board_exclude: false,
      });

      const updated = await admin.patch('/admin/user', { agent_id: body.agent_id, ...realEstate, pid: 'P-9' }).expect(200);
      expect(updated.body.record).toMatchObject({ ...empty, pid: 'P-9' });
    });

    it('clears the real-estate fields of a user who becomes VENDOR', async () => {
      const { body } = await create(userForm({ role_id: 'AGENT', ...realEstate })).expect(201);
      expect(body.record).toMatchObject(realEstate);
      const response = await admin.patch('/admin/user', { agent_id: body.agent_id, role_id: 'VENDOR' }).expect(200);
      expect(response.body.record).toMatchObject({ ...empty, role_id: 'VENDOR' });
      const back = await admin.patch('/admin/user', { agent_id: body.agent_id, role_id: 'AGENT' }).expect(200);
      expect(back.body.record).toMatchObject(empty);
    });
  });

  describe('e-signature', () => {
    it("needs the team's team_esign permission: Demo Realty has it, Rival Homes gets 403 with the field error", async () => {
      const demo = await create(userForm({ esign_enabled: true })).expect(201);
      expect(demo.body.record.esign_enabled).toBe(true);

      const rival = adminApi(sut, (await signIn(sut, 'admin@rival-homes.test')).token);
      const refused = await rival.post('/admin/user', userForm({ email: 'esign@rival-homes.test', esign_enabled: true })).expect(403);
      expect(refused.body).toEqual({
        status: 'error',
        message: 'E-signature is not included in your plan',
        errors: [{ field: 'esign_enabled', error: 'E-signature is not included in your plan' }],
      });
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int FROM identity.users WHERE email = 'esign@rival-homes.test'`);
      expect(count).toBe(0);

      const { body: plain } = await rival.post('/admin/user', userForm({ email: 'plain@rival-homes.test' })).expect(201);
      const patched = await rival.patch('/admin/user', { agent_id: plain.agent_id, esign_enabled: true }).expect(403);
      expect(patched.body.errors).toEqual([{ field: 'esign_enabled', error: ADMIN_MESSAGES.esignNotPermitted }]);
      // Sending false back is no change and passes.
      await rival.patch('/admin/user', { agent_id: plain.agent_id, esign_enabled: false }).expect(200);
    });
  });

  describe('events', () => {
    it('publishes identity.user.created on add and identity.user.updated on change, with the user snapshot', async () => {
      const form = userForm({ role_id: 'ISISA', first_name: 'Evan' });
      const { body } = await create(form).expect(201);
      await admin.patch('/admin/user', { agent_id: body.agent_id, last_name: 'Evented', leader_board_exclude: true }).expect(200);
      const events = await userEvents(sut, body.agent_id);
      expect(events.map((e) => e.type)).toEqual(['identity.user.created', 'identity.user.updated']);
      expect(events[0].payload).toEqual({
        agent_id: body.agent_id,
        team_id: demoTeamId,
        team_name: 'Demo Realty',
        first_name: 'Evan',
        last_name: form.last_name,
        email: form.email,
        status: 'active',
        roles: ['ISISA'],
        profile_image_path: null,
        leader_board_exclude: false,
        alternate_email: null,
        brokerage_cap_amt: null,
        royalty_cap_amt: null,
        brokerage_cap_anniversary_dt: null,
        royalty_cap_anniversary_dt: null,
        default_buyer_commission_templates: [],
        default_seller_commission_templates: [],
        // Demo Realty's plan; the user has no grant of their own and no e-sign.
        permissions: ['team_esign', 'transaction_sync'],
        esign_enabled: false,
        skyslope_agent_guid: null,
      });
      expect(events[1].payload).toMatchObject({ last_name: 'Evented', leader_board_exclude: true, team_name: 'Demo Realty' });
    });

    it('writes nothing when a change is refused', async () => {
      const { body } = await create(userForm()).expect(201);
      await admin.patch('/admin/user', { agent_id: body.agent_id, email: 'agent@demo-realty.test' }).expect(400);
      expect((await userEvents(sut, body.agent_id)).map((e) => e.type)).toEqual(['identity.user.created']);
    });
  });

  describe('GET /admin/user', () => {
    it('answers 404 for a CLIENT login, an unknown id, and 400 without an agent_id', async () => {
      const client = await signIn(sut, 'client@demo-realty.test');
      await admin.get(`/admin/user?agent_id=${client.user.agent_id}`).expect(404);
      await admin.get('/admin/user?agent_id=999999').expect(404);
      const missing = await admin.get('/admin/user').expect(400);
      expect(missing.body.errors).toEqual([{ field: 'agent_id', error: 'Required' }]);
    });

    it('answers the seeded users too (start_dt null until an admin sets it)', async () => {
      const agent = await signIn(sut, 'agent@demo-realty.test');
      const { body } = await admin.get(`/admin/user?agent_id=${agent.user.agent_id}`).expect(200);
      expect(body).toMatchObject({
        email: 'agent@demo-realty.test',
        role_id: 'AGENT',
        start_dt: null,
        can_download: true,
        status: 'active',
      });
    });
  });
});
