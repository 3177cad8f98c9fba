import { randomUUID } from 'node:crypto';
import {
  EVENT_SUBSCRIPTIONS,
  type DocumentSnapshot,
  type EventEnvelope,
  type EventType,
  type TaskSnapshot,
  type TransactionSnapshot,
} from '@app/contracts';
import { buildUserSnapshot, signedInClient } from '@app/testing';
import { InboxPublisher, type InboxCountsPush } from '../src/realtime/inbox.publisher';
import { bootInbox, type InboxKit } from './inbox-test-kit';

// Messaging's read copies (fed by events), through the real event bus: a repeated
// event is applied once, an older one is ignored, and the inbox reads names and audiences from them.

describe('messaging read copies', () => {
  let kit: InboxKit;
  const TEAM = 91;
  const envelopeOf = <T extends EventType>(
    type: T,
    payload: EventEnvelope<T>['payload'],
    occurredAt = new Date().toISOString(),
  ): EventEnvelope<T> => ({ id: randomUUID(), type, team_id: TEAM, occurred_at: occurredAt, version: 1, payload }) as EventEnvelope<T>;
  const applied = async (eventId: string) =>
    (await kit.sut.dataSource.query(`SELECT count(*)::int AS n FROM messaging.inbox WHERE event_id = $1`, [eventId]))[0].n;
  const transactionOf = (overrides: Partial<TransactionSnapshot>): TransactionSnapshot =>
    ({
      client_id: 9101,
      team_id: TEAM,
      type: 'buyer',
      first_name: 'Dana',
      last_name: 'Doe',
      formatted_address: '1 First St',
      primary_agent_id: 9111,
      tc_agent_id: null,
      client_user_ids: [],
      vendor_user_ids: [],
      contacts: [{ name: 'Dana Doe', email: 'dana@example.test' }],
      version: 1,
      ...overrides,
    }) as TransactionSnapshot;

  beforeAll(async () => {
    kit = await bootInbox('all');
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
  });

  it('joins the subscriptions of every type it copies', () => {
    const types: EventType[] = [
      'identity.user.created',
      'identity.user.updated',
      'identity.notification-setting.changed',
      'transactions.transaction.created',
      'transactions.transaction.updated',
      'transactions.transaction.deleted',
      'transactions.task.created',
      'transactions.task.updated',
      'transactions.task.deleted',
      'transactions.document.created',
      'transactions.document.updated',
      'transactions.document.deleted',
    ];
    for (const type of types)
      expect({ type, consumers: EVENT_SUBSCRIPTIONS[type] }).toEqual({ type, consumers: expect.arrayContaining(['messaging']) });
  });

  it('users: a repeated event is applied once, an older one ignored; names are read at read time', async () => {
    const user = buildUserSnapshot({
      agent_id: 9111,
      team_id: TEAM,
      team_name: 'Demo Realty',
      first_name: 'Alex',
      last_name: 'Agent',
      email: 'alex@demo.test',
      roles: ['AGENT'],
    });
    const created = envelopeOf('identity.user.created', user, '2026-11-26T10:00:00.000Z');
    await kit.deliver(created);
    await kit.deliver(created, `${created.id}-again`);
    expect(await applied(created.id)).toBe(1);
    await kit.deliver(envelopeOf('identity.user.updated', { ...user, last_name: 'Renamed' }, '2026-11-26T10:05:00.000Z'));
    await kit.deliver(envelopeOf('identity.user.updated', { ...user, last_name: 'Stale' }, '2026-11-26T10:01:00.000Z'));
    const rows = await kit.sut.dataSource.query(`SELECT last_name FROM messaging.users WHERE agent_id = 9111`);
    expect(rows).toEqual([{ last_name: 'Renamed' }]);

    await kit.deliver(envelopeOf('transactions.transaction.created', transactionOf({})));
    const api = await signedInClient(kit.sut.server, { agent_id: 9111, team_id: TEAM, roles: ['AGENT'] });
    const posted = await api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: 9101, comment_value: '<p>hi</p>' });
    expect(posted.status).toBe(201);
    expect(posted.body.author.name).toBe('Alex Renamed');
    await kit.deliver(envelopeOf('identity.user.updated', { ...user, last_name: 'Later' }, '2026-11-26T10:10:00.000Z'));
    expect((await api.get(`/api/messages/comments/${posted.body.comment_id}`)).body.author.name).toBe('Alex Later');
  });

  it('transactions: newest version wins; a delete is kept against a late update and takes its comments out of the inbox', async () => {
    const v2 = envelopeOf(
      'transactions.transaction.updated',
      transactionOf({ version: 2, first_name: 'Dana2', formatted_address: '2 Second St' }),
    );
    await kit.deliver(v2);
    await kit.deliver(v2, `${v2.id}-again`);
    expect(await applied(v2.id)).toBe(1);
    await kit.deliver(envelopeOf('transactions.transaction.updated', transactionOf({ version: 1, first_name: 'Old' })));
    const [row] = await kit.sut.dataSource.query(
      `SELECT first_name, formatted_address, version, deleted FROM messaging.transactions WHERE client_id = 9101`,
    );
    expect(row).toEqual({ first_name: 'Dana2', formatted_address: '2 Second St', version: 2, deleted: false });
    const api = await signedInClient(kit.sut.server, { agent_id: 9111, team_id: TEAM, roles: ['AGENT'] });
    const inbox = (await api.get('/api/messages/comments')).body.records;
    expect(inbox[0].transaction).toEqual({ client_id: 9101, first_name: 'Dana2', last_name: 'Doe', formatted_address: '2 Second St' });

    await kit.deliver(envelopeOf('transactions.transaction.deleted', transactionOf({ version: 3 })));
    await kit.deliver(envelopeOf('transactions.transaction.updated', transactionOf({ version: 3, first_name: 'Revived' })));
    const [deleted] = await kit.sut.dataSource.query(`SELECT first_name, deleted FROM messaging.transactions WHERE client_id = 9101`);
    expect(deleted.deleted).toBe(true);
    expect((await api.get('/api/messages/comments')).body.records).toEqual([]);
  });

  it("tasks and documents: repeated once, older ignored; an assignee may see the transaction's comments", async () => {
    await kit.deliver(envelopeOf('transactions.transaction.created', transactionOf({ client_id: 9102, primary_agent_id: null })));
    const task: TaskSnapshot = {
      task_id: 9201,
      client_id: 9102,
      team_id: TEAM,
      name: 'Inspect',
      task_type: null,
      status_id: 1,
      done: false,
      due_dt: null,
      assigned_to_agent_id: 9111,
      previous_assigned_to_agent_id: null,
      doc_type_id: null,
      pinned_on_boards: false,
      version: 2,
    } as unknown as TaskSnapshot;
    const created = envelopeOf('transactions.task.created', task);
    await kit.deliver(created);
    await kit.deliver(created, `${created.id}-again`);
    await kit.deliver(envelopeOf('transactions.task.updated', { ...task, version: 1, name: 'Stale' }));
    expect(await kit.sut.dataSource.query(`SELECT name, assigned_to_agent_id FROM messaging.tasks WHERE task_id = 9201`)).toEqual([
      { name: 'Inspect', assigned_to_agent_id: 9111 },
    ]);
    const api = await signedInClient(kit.sut.server, { agent_id: 9111, team_id: TEAM, roles: ['AGENT'] });
    expect((await api.get('/api/messages/comments/on/trans/9102')).status).toBe(200);
    await kit.deliver(envelopeOf('transactions.task.updated', { ...task, version: 3, assigned_to_agent_id: null }));
    expect((await api.get('/api/messages/comments/on/trans/9102')).status).toBe(404);

    const document: DocumentSnapshot = {
      document_id: 9301,
      client_id: 9102,
      team_id: TEAM,
      filename: 'a.pdf',
      folder_id: 1,
      folder_name: 'General',
      doc_type_id: null,
      task_id: null,
      uploaded_by: null,
      version: 2,
    };
    const docEvent = envelopeOf('transactions.document.created', document);
    await kit.deliver(docEvent);
    await kit.deliver(docEvent, `${docEvent.id}-again`);
    await kit.deliver(envelopeOf('transactions.document.updated', { ...document, version: 1, filename: 'stale.pdf' }));
    expect(await kit.sut.dataSource.query(`SELECT filename FROM messaging.documents WHERE document_id = 9301`)).toEqual([
      { filename: 'a.pdf' },
    ]);
    expect(await applied(docEvent.id)).toBe(1);
  });

  it('a change that takes threads out of (or into) an inbox pushes the new counts of those it changed: a deleted transaction, a reassigned task, a deleted document', async () => {
    const pushed: InboxCountsPush[] = [];
    const publisher = kit.sut.app.get(InboxPublisher);
    const spy = jest.spyOn(publisher, 'pushCounts').mockImplementation(async (entries) => void pushed.push(...entries));
    try {
      const tc = await kit.factory.user(TEAM, { role: 'TRANC', first_name: 'Tess', last_name: 'Counts' });
      const agent = await kit.factory.user(TEAM, { role: 'AGENT', first_name: 'Axel', last_name: 'Author' });
      const newcomer = await kit.factory.user(TEAM, { role: 'AGENT', first_name: 'Nina', last_name: 'New' });
      const deal = transactionOf({ client_id: 9401, primary_agent_id: agent.agent_id, tc_agent_id: tc.agent_id });
      await kit.deliver(envelopeOf('transactions.transaction.created', deal));
      const task = {
        task_id: 9402,
        client_id: 9401,
        team_id: TEAM,
        name: 'Appraisal',
        task_type: null,
        due_dt: null,
        assigned_to_agent_id: tc.agent_id,
        version: 1,
      } as unknown as TaskSnapshot;
      await kit.deliver(envelopeOf('transactions.task.created', task));
      const document = {
        document_id: 9403,
        client_id: 9401,
        team_id: TEAM,
        filename: 'b.pdf',
        folder_name: 'General',
        version: 1,
      } as unknown as DocumentSnapshot;
      await kit.deliver(envelopeOf('transactions.document.created', document));
      const api = await signedInClient(kit.sut.server, { agent_id: agent.agent_id, team_id: TEAM, roles: ['AGENT'] });
      for (const [comment_type, comment_on_id] of [
        ['trans', 9401],
        ['task', 9402],
        ['doc', 9403],
      ] as const) {
        expect(
          (await api.post('/api/messages/comments').send({ comment_type, comment_on_id, comment_value: `<p>${comment_type}</p>` })).status,
        ).toBe(201);
      }
      const countsOf = (agentId: number) => pushed.filter((p) => p.agent_id === agentId).at(-1)?.counts;

      pushed.length = 0;
      await kit.deliver(envelopeOf('transactions.task.updated', { ...task, version: 2, assigned_to_agent_id: newcomer.agent_id }));
      expect(countsOf(newcomer.agent_id)).toEqual({ dms: 0, comments: 1, mentions: 0 });

      pushed.length = 0;
      await kit.deliver(envelopeOf('transactions.document.deleted', { ...document, version: 2 }));
      expect(countsOf(tc.agent_id)).toEqual({ dms: 0, comments: 2, mentions: 0 });

      pushed.length = 0;
      await kit.deliver(envelopeOf('transactions.transaction.deleted', { ...deal, version: 2 }));
      expect(countsOf(tc.agent_id)).toEqual({ dms: 0, comments: 0, mentions: 0 });
      expect(countsOf(newcomer.agent_id)).toEqual({ dms: 0, comments: 0, mentions: 0 });
      // The author had read them all: nothing of theirs changed, nothing pushed.
      expect(countsOf(agent.agent_id)).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});
