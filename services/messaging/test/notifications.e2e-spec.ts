import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MESSAGING_MESSAGES as M, type NotificationPreview, type Role } from '@app/contracts';
import { mailLayout, readMailbox } from '@app/mail';
import { bootTestService, createTestDatabase, eventually, signTestToken, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { messagingMigrations } from '../src/migrations';

// Email notifications of notification tasks (docs/notifications-api.md): preview, send
// and template with their rules and messages, from messaging's read copies; the mails delivered by
// messaging's own worker ('all' mode) into a mailbox folder.

const TEAM = 2601;
const RIVAL = 2602;
const ADDRESS = '12 Elm St, Austin, TX 78701';

interface Person {
  agent_id: number;
  team_id: number;
  roles: Role[];
  email: string;
}

describe('email notifications', () => {
  let database: TestDatabase;
  let sut: TestService<MessagingConfig>;
  let mailDir: string;
  let nextId = 260_000;
  const id = () => (nextId += 1);

  let admin: Person,
    tc: Person,
    isa: Person,
    agent: Person,
    assignee: Person,
    stranger: Person,
    client: Person,
    vendor: Person,
    rivalAdmin: Person;
  let clientId: number;
  let noContactsClientId: number;
  let notice: number, otherNotice: number, plainTask: number, lonelyNotice: number, deletedNotice: number, rivalNotice: number;

  const query = (sql: string, params: unknown[] = []) => sut.dataSource.query(sql, params);

  async function user(
    teamId: number,
    role: Role,
    first: string,
    last: string,
    extra: { alternate_email?: string; team_name?: string | null } = {},
  ): Promise<Person> {
    const agentId = id();
    const email = `${first.toLowerCase()}.${agentId}@demo-realty.test`;
    await query(
      `INSERT INTO messaging.users (agent_id, team_id, team_name, first_name, last_name, email, alternate_email, roles, status, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', now())`,
      [
        agentId,
        teamId,
        extra.team_name === undefined ? (teamId === TEAM ? 'Demo Realty' : 'Rival Homes') : extra.team_name,
        first,
        last,
        email,
        extra.alternate_email ?? null,
        [role],
      ],
    );
    return { agent_id: agentId, team_id: teamId, roles: [role], email };
  }

  async function transaction(
    teamId: number,
    fields: { primary?: number; tc?: number; contacts?: { name: string; email: string }[]; clients?: number[]; vendors?: number[] },
  ) {
    const client = id();
    await query(
      `INSERT INTO messaging.transactions (client_id, team_id, version, type, first_name, last_name, formatted_address, primary_agent_id, tc_agent_id, client_user_ids, vendor_user_ids, contacts)
       VALUES ($1, $2, 1, 'buyer', 'Ann', 'Buyer', $3, $4, $5, $6, $7, $8)`,
      [
        client,
        teamId,
        ADDRESS,
        fields.primary ?? null,
        fields.tc ?? null,
        fields.clients ?? [],
        fields.vendors ?? [],
        JSON.stringify(fields.contacts ?? []),
      ],
    );
    return client;
  }

  async function task(
    teamId: number,
    client: number,
    fields: { name: string; type?: string; due?: string | null; assignee?: number; deleted?: boolean },
  ) {
    const taskId = id();
    await query(
      `INSERT INTO messaging.tasks (task_id, team_id, client_id, version, name, task_type, due_dt, assigned_to_agent_id, deleted) VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8)`,
      [
        taskId,
        teamId,
        client,
        fields.name,
        fields.type ?? 'N',
        fields.due === undefined ? '2026-03-05' : fields.due,
        fields.assignee ?? null,
        fields.deleted ?? false,
      ],
    );
    return taskId;
  }

  /** Calls as one person; `.expect(status)` answers the response (and shows the body when the status differs). */
  const as = (person: Person) => {
    const call = (build: (auth: string) => request.Test) => ({
      expect: async (status: number) => {
        const auth = `Bearer ${await signTestToken({ agent_id: person.agent_id, team_id: person.team_id, roles: person.roles, permissions: [], market_id: 0 })}`;
        const response = await build(auth);
        expect({ status: response.status, body: response.status === status ? undefined : response.body }).toEqual({
          status,
          body: undefined,
        });
        return response;
      },
    });
    return {
      preview: (taskId: unknown) =>
        call((auth) =>
          request(sut.server)
            .get('/api/notifications/preview')
            .query(taskId === undefined ? {} : { task_id: taskId })
            .set('authorization', auth),
        ),
      send: (body: object) => call((auth) => request(sut.server).post('/api/notifications/send').send(body).set('authorization', auth)),
      template: (body: object) =>
        call((auth) => request(sut.server).patch('/api/notifications/template').send(body).set('authorization', auth)),
    };
  };

  const sends = async () =>
    (await query(`SELECT task_id, sent_by, from_email, subject, recipients FROM messaging.notification_sends ORDER BY send_id`)) as {
      task_id: number;
      subject: string;
      recipients: string[];
    }[];
  const sentEvents = async () =>
    (await query(`SELECT team_id, payload FROM messaging.outbox WHERE type = 'messaging.task-notification.sent' ORDER BY occurred_at`)) as {
      team_id: number;
      payload: { task_id: number; sent_ts: string };
    }[];
  const mailsTo = async (to: string) => (await readMailbox(mailDir)).filter((mail) => mail.to === to);

  beforeAll(async () => {
    database = await createTestDatabase();
    mailDir = mkdtempSync(path.join(tmpdir(), 'notifications-mail-'));
    sut = await bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mailDir, MAIL_FROM: 'Realty <no-reply@realty.test>' }),
      configSpec: messagingConfigSpec,
      migrations: messagingMigrations,
      module: (config) => MessagingModule.forRoot(config, 'all'),
    });
    admin = await user(TEAM, 'ADMIN', 'Ada', 'Admin');
    tc = await user(TEAM, 'TRANC', 'Tess', 'Coordinator');
    isa = await user(TEAM, 'ISISA', 'Ian', 'Isa');
    agent = await user(TEAM, 'AGENT', 'Jane', 'Doe', { alternate_email: 'jane.doe@personal.test' });
    assignee = await user(TEAM, 'AGENT', 'Sam', 'Assignee');
    stranger = await user(TEAM, 'AGENT', 'Otto', 'Other');
    client = await user(TEAM, 'CLIENT', 'Ann', 'Buyer');
    vendor = await user(TEAM, 'VENDOR', 'Vic', 'Vendor');
    rivalAdmin = await user(RIVAL, 'ADMIN', 'Rita', 'Rival');
    clientId = await transaction(TEAM, {
      primary: agent.agent_id,
      tc: tc.agent_id,
      clients: [client.agent_id],
      vendors: [vendor.agent_id],
      contacts: [
        { name: 'Ann Buyer', email: 'ann@buyer.test' },
        { name: 'No Mail', email: '' },
        { name: 'Bad Mail', email: 'not-an-address' },
        { name: 'Bob Buyer', email: 'bob@buyer.test' },
        { name: 'Ann again', email: 'ANN@buyer.test' },
      ],
    });
    noContactsClientId = await transaction(TEAM, { primary: agent.agent_id, tc: tc.agent_id });
    notice = await task(TEAM, clientId, { name: 'Inspection notice', assignee: assignee.agent_id });
    otherNotice = await task(TEAM, clientId, { name: 'Appraisal notice', due: null });
    plainTask = await task(TEAM, clientId, { name: 'Order appraisal', type: 'G' });
    lonelyNotice = await task(TEAM, noContactsClientId, { name: 'Closing notice' });
    deletedNotice = await task(TEAM, clientId, { name: 'Gone notice', deleted: true });
    const rivalClient = await transaction(RIVAL, { primary: rivalAdmin.agent_id, contacts: [{ name: 'R', email: 'r@rival.test' }] });
    rivalNotice = await task(RIVAL, rivalClient, { name: 'Rival notice' });
  });

  afterAll(async () => {
    await sut?.close();
    await database?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  describe('GET /notifications/preview', () => {
    it("renders the team default from the task and its transaction: contacts with an email as recipients, the caller's email as from", async () => {
      const response = await (await as(tc).preview(notice)).expect(200);
      const preview = response.body as NotificationPreview;
      expect(preview.subject).toBe(`Update on ${ADDRESS}`);
      expect(preview.message.html).toBe(
        `<p>Hello Ann Buyer,</p><p>This is an update on ${ADDRESS}: Inspection notice (due 03/05/2026).</p><p>Best regards,<br />Jane Doe</p>`,
      );
      expect(preview.message.text).toBe(
        `Hello Ann Buyer,\n\nThis is an update on ${ADDRESS}: Inspection notice (due 03/05/2026).\n\nBest regards,\nJane Doe`,
      );
      expect(preview.recipients).toEqual(['ann@buyer.test', 'bob@buyer.test']);
      expect(preview.from_email).toBe(tc.email);
      expect(preview.template?.subject).toBe('Update on {{address}}');
      expect(preview.template?.template).toContain('{{client_first_name}}');
    });

    it("answers 400 'This task is not a notification task' on task_id for another task type", async () => {
      const response = await (await as(admin).preview(plainTask)).expect(400);
      expect(response.body).toMatchObject({ status: 'error', errors: [{ field: 'task_id', error: M.notNotificationTask }] });
    });

    it.each([['abc'], ['0'], ['1.5'], [undefined]])('refuses the task_id %p with a field error', async (taskId) => {
      const response = await (await as(admin).preview(taskId)).expect(400);
      expect(response.body.errors).toEqual([{ field: 'task_id', error: expect.any(String) }]);
    });

    it("answers 404 for another team's task, a deleted task and a task that does not exist", async () => {
      await (await as(admin).preview(rivalNotice)).expect(404);
      await (await as(rivalAdmin).preview(notice)).expect(404);
      await (await as(admin).preview(deletedNotice)).expect(404);
      await (await as(admin).preview(999_999)).expect(404);
    });

    it('lets ADMIN, TRANC, ISISA, the primary agent and an assignee of the transaction preview; another agent gets 404; CLIENT and VENDOR 403', async () => {
      for (const person of [admin, tc, isa, agent, assignee]) await (await as(person).preview(notice)).expect(200);
      await (await as(stranger).preview(notice)).expect(404);
      for (const person of [client, vendor]) await (await as(person).preview(notice)).expect(403);
    });
  });

  describe('PATCH /notifications/template', () => {
    it('requires subject and template, subject at most 255 characters', async () => {
      const missing = await (await as(admin).template({ task_id: notice })).expect(400);
      expect(missing.body.errors).toEqual([
        { field: 'subject', error: M.required },
        { field: 'template', error: M.required },
      ]);
      const blank = await (await as(admin).template({ task_id: notice, subject: '   ', template: '<p><br></p>' })).expect(400);
      expect(blank.body.errors).toEqual([
        { field: 'subject', error: M.required },
        { field: 'template', error: M.required },
      ]);
      const long = await (await as(admin).template({ task_id: notice, subject: 'x'.repeat(256), template: '<p>Hi</p>' })).expect(400);
      expect(long.body.errors).toEqual([{ field: 'subject', error: M.subjectTooLong }]);
    });

    it("refuses an unknown merge field with 'Unknown merge field' on its field", async () => {
      const onTemplate = await (
        await as(admin).template({ task_id: notice, subject: 'Update on {{address}}', template: '<p>Hi {{first_name}}</p>' })
      ).expect(400);
      expect(onTemplate.body.errors).toEqual([{ field: 'template', error: M.unknownMergeField }]);
      const onSubject = await (
        await as(admin).template({ task_id: notice, subject: 'Update on {{ street }}', template: '<p>Hi {{client_first_name}}</p>' })
      ).expect(400);
      expect(onSubject.body.errors).toEqual([{ field: 'subject', error: M.unknownMergeField }]);
      // Nothing was stored: the preview still renders the default.
      expect((await (await as(admin).preview(notice)).expect(200)).body.subject).toBe(`Update on ${ADDRESS}`);
    });

    it('refuses another task type (400), another team (404), CLIENT and VENDOR (403), ISISA and agents other than the primary agent (403, 404 when they cannot see it)', async () => {
      const body = (taskId: number) => ({ task_id: taskId, subject: 'S', template: '<p>T</p>' });
      expect((await (await as(admin).template(body(plainTask))).expect(400)).body.errors).toEqual([
        { field: 'task_id', error: M.notNotificationTask },
      ]);
      await (await as(admin).template(body(rivalNotice))).expect(404);
      for (const person of [client, vendor, isa, assignee]) await (await as(person).template(body(notice))).expect(403);
      await (await as(stranger).template(body(notice))).expect(404);
    });

    it("stores the task's template sanitised (ADMIN, TRANC, the primary agent); its later previews use it, other tasks keep the default", async () => {
      for (const person of [admin, tc]) {
        const response = await (
          await as(person).template({ task_id: otherNotice, subject: 'First {{task_name}}', template: '<p>x</p>' })
        ).expect(200);
        expect(response.body).toEqual({ message: M.templateUpdated });
      }
      const response = await (
        await as(agent).template({
          task_id: notice,
          subject: '{{task_name}} for {{client_last_name}} ({{due_date}})',
          template:
            '<p onclick="x()">Dear {{ client_first_name }} {{client_last_name}},</p><script>alert(1)</script><p><img src="data:image/png;base64,AAAA">{{agent_name}} at {{address}}</p>',
        })
      ).expect(200);
      expect(response.body).toEqual({ message: 'Template updated' });

      const preview = (await (await as(tc).preview(notice)).expect(200)).body as NotificationPreview;
      expect(preview.subject).toBe('Inspection notice for Buyer (03/05/2026)');
      expect(preview.message.html).toBe(`<p>Dear Ann Buyer,</p><p>Jane Doe at ${ADDRESS}</p>`);
      expect(preview.message.text).toBe(`Dear Ann Buyer,\n\nJane Doe at ${ADDRESS}`);
      expect(preview.template).toEqual({
        subject: '{{task_name}} for {{client_last_name}} ({{due_date}})',
        template: '<p>Dear {{ client_first_name }} {{client_last_name}},</p><p>{{agent_name}} at {{address}}</p>',
      });
      expect((await (await as(tc).preview(otherNotice)).expect(200)).body.subject).toBe('First Appraisal notice');
      expect((await (await as(tc).preview(lonelyNotice)).expect(200)).body.subject).toBe(`Update on ${ADDRESS}`);
    });
  });

  describe('POST /notifications/send', () => {
    /** Nothing recorded, published or mailed by a refused send. */
    async function expectNothingSent(before: { sends: number; events: number; mails: number }) {
      expect((await sends()).length).toBe(before.sends);
      expect((await sentEvents()).length).toBe(before.events);
      await new Promise((r) => setTimeout(r, 200));
      expect((await readMailbox(mailDir)).length).toBe(before.mails);
    }
    const counts = async () => ({
      sends: (await sends()).length,
      events: (await sentEvents()).length,
      mails: (await readMailbox(mailDir)).length,
    });

    it("refuses an invalid address on recipients ('This is an invalid email address'), more than 50, and changes nothing", async () => {
      const before = await counts();
      const invalid = await (await as(tc).send({ task_ids: [notice], recipients: ['ok@buyer.test', 'not an email'] })).expect(400);
      expect(invalid.body).toMatchObject({ status: 'error', errors: [{ field: 'recipients', error: M.invalidEmail }] });
      const many = Array.from({ length: 51 }, (_, i) => `r${i}@buyer.test`);
      const tooMany = await (await as(tc).send({ task_ids: [notice], recipients: many })).expect(400);
      expect(tooMany.body.errors).toEqual([{ field: 'recipients', error: M.tooManyRecipients }]);
      await expectNothingSent(before);
    });

    it("answers 'No recipients' on recipients when neither the request nor the transaction has one", async () => {
      const before = await counts();
      for (const recipients of [undefined, []]) {
        const response = await (await as(tc).send({ task_ids: [lonelyNotice], ...(recipients ? { recipients } : {}) })).expect(400);
        expect(response.body.errors).toEqual([{ field: 'recipients', error: M.noRecipients }]);
      }
      await expectNothingSent(before);
    });

    it("refuses a from_email that is not the sender's email or alternate_email", async () => {
      const before = await counts();
      const response = await (await as(agent).send({ task_ids: [notice], from_email: tc.email })).expect(400);
      expect(response.body.errors).toEqual([{ field: 'from_email', error: M.cannotSendFrom }]);
      const invalid = await (await as(agent).send({ task_ids: [notice], from_email: 'nope' })).expect(400);
      expect(invalid.body.errors).toEqual([{ field: 'from_email', error: M.invalidEmail }]);
      await expectNothingSent(before);
    });

    it('refuses bad subjects, messages and task ids with field errors on subject, message and task_ids', async () => {
      const before = await counts();
      const response = await (await as(tc).send({ task_ids: [notice], subject: ' ', message: { html: '<p>{{nope}}</p>' } })).expect(400);
      expect(response.body.errors).toEqual([
        { field: 'subject', error: M.required },
        { field: 'message', error: M.unknownMergeField },
      ]);
      expect((await (await as(tc).send({ task_ids: [notice], message: '<script>x</script>' })).expect(400)).body.errors).toEqual([
        { field: 'message', error: M.required },
      ]);
      expect((await (await as(tc).send({ task_ids: [] })).expect(400)).body.errors).toEqual([{ field: 'task_ids', error: M.required }]);
      expect((await (await as(tc).send({ task_ids: ['1'] })).expect(400)).body.errors[0].field).toBe('task_ids');
      expect((await (await as(tc).send({ task_ids: [plainTask] })).expect(400)).body.errors).toEqual([
        { field: 'task_ids', error: M.notNotificationTask },
      ]);
      // A NUL character (no text a user types has one; Postgres cannot store it): a field error, never a database error.
      const nul = await (await as(tc).send({ task_ids: [notice], subject: 'a\u0000b', message: { html: '<p>x\u0000</p>' } })).expect(400);
      expect(nul.body.errors).toEqual([
        { field: 'subject', error: 'Please enter a valid value' },
        { field: 'message', error: 'Please enter a valid value' },
      ]);
      const nulTemplate = await (await as(admin).template({ task_id: notice, subject: 'a\u0000', template: '<p>x\u0000</p>' })).expect(400);
      expect(nulTemplate.body.errors).toEqual([
        { field: 'subject', error: 'Please enter a valid value' },
        { field: 'template', error: 'Please enter a valid value' },
      ]);
      await (await as(tc).send({ task_ids: [rivalNotice] })).expect(404);
      await (await as(stranger).send({ task_ids: [notice] })).expect(404);
      for (const person of [client, vendor]) await (await as(person).send({ task_ids: [notice] })).expect(403);
      await expectNothingSent(before);
    });

    it("sends one task with the given subject, message and recipients: one mail each From '{sender} via {team}' at MAIL_FROM, Reply-To from_email; records the send and publishes messaging.task-notification.sent", async () => {
      const before = await counts();
      const response = await (
        await as(agent).send({
          task_ids: [notice],
          subject: 'Edited: {{task_name}}',
          message: { html: '<p>Hello {{client_first_name}}, <strong>see you</strong> at {{address}}</p>' },
          recipients: [' carol@buyer.test ', 'dave@buyer.test', 'Carol@buyer.test'],
          from_email: 'Jane.Doe@personal.test',
        })
      ).expect(200);
      expect(response.body).toEqual({ message: 'Message has been sent' });

      const [record] = (await sends()).slice(before.sends);
      expect(record).toMatchObject({
        task_id: notice,
        subject: 'Edited: Inspection notice',
        recipients: ['carol@buyer.test', 'dave@buyer.test'],
        from_email: 'jane.doe@personal.test',
      });
      const events = (await sentEvents()).slice(before.events);
      expect(events).toEqual([{ team_id: TEAM, payload: { task_id: notice, sent_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } }]);

      for (const to of ['carol@buyer.test', 'dave@buyer.test']) {
        const [mail] = await eventually(async () => {
          const mails = await mailsTo(to);
          return mails.length ? mails : null;
        });
        expect(mail).toMatchObject({
          from: 'Jane Doe via Demo Realty <no-reply@realty.test>',
          reply_to: 'jane.doe@personal.test',
          subject: 'Edited: Inspection notice',
          html: mailLayout(`<p>Hello Ann, <strong>see you</strong> at ${ADDRESS}</p>`),
          text: `Hello Ann, see you at ${ADDRESS}`,
        });
      }
      expect(await mailsTo('ann@buyer.test')).toEqual([]);
    });

    it("sends several tasks, each rendered from its own template to its transaction's contacts, from the sender's email by default", async () => {
      const before = await counts();
      await (await as(tc).send({ task_ids: [notice, otherNotice], subject: 'ignored for several' })).expect(200);
      const records = (await sends()).slice(before.sends);
      expect(records.map((r) => [r.task_id, r.subject, r.recipients])).toEqual([
        [notice, 'Inspection notice for Buyer (03/05/2026)', ['ann@buyer.test', 'bob@buyer.test']],
        [otherNotice, 'First Appraisal notice', ['ann@buyer.test', 'bob@buyer.test']],
      ]);
      expect((await sentEvents()).slice(before.events).map((e) => e.payload.task_id)).toEqual([notice, otherNotice]);
      const mails = await eventually(async () => {
        const all = (await readMailbox(mailDir)).slice(before.mails);
        return all.length === 4 ? all : null;
      });
      expect(mails.map((m) => m.from)).toEqual(Array(4).fill('Tess Coordinator via Demo Realty <no-reply@realty.test>'));
      expect(mails.map((m) => m.reply_to)).toEqual(Array(4).fill(tc.email));
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'First Appraisal notice',
        'First Appraisal notice',
        'Inspection notice for Buyer (03/05/2026)',
        'Inspection notice for Buyer (03/05/2026)',
      ]);
    });
  });
});
