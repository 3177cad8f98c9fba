import { MESSAGING_MESSAGES, type DirectMessage } from '@app/contracts';
import type { MessagingUserRow, SignedInClient } from '@app/testing';
import { bootInbox, groupOf, mentionOf, type InboxKit } from './inbox-test-kit';

// Direct messages (spec 001 message center: DMs and the rules shared with comments): threads started by mentions, replies,
// per-user statuses, author-only edits, sanitised text, CLIENT refused, another team's ids 404.

describe('direct messages', () => {
  let kit: InboxKit;
  const TEAM = 71;
  const RIVAL = 72;
  type Person = { user: MessagingUserRow; api: SignedInClient };
  let ann: Person,
    bob: Person,
    tina: Person,
    ivy: Person,
    adam: Person,
    vic: Person,
    cleo: Person,
    inactive: Person,
    rival: Person,
    rivalTc: Person;

  const participantsOf = async (dmId: number): Promise<number[]> =>
    (await kit.sut.dataSource.query(`SELECT agent_id FROM messaging.dm_participants WHERE dm_id = $1 ORDER BY agent_id`, [dmId])).map(
      (r: { agent_id: number }) => r.agent_id,
    );
  const ids = (...people: Person[]) => people.map((p) => p.user.agent_id).sort((a, b) => a - b);
  const send = async (from: Person, dm_value: string, parent_dm_id?: number) => {
    const response = await from.api.post('/api/messages/dms').send(parent_dm_id ? { dm_value, parent_dm_id } : { dm_value });
    expect(response.status).toBe(201);
    return response.body as DirectMessage;
  };
  const inbox = async (who: Person, query = '') => {
    const response = await who.api.get(`/api/messages/dms${query}`);
    expect(response.status).toBe(200);
    return response.body as { records: DirectMessage[]; pagination: { has_next: boolean; page: number; total: number } };
  };
  const threadIdsIn = async (who: Person, query = '') => (await inbox(who, query)).records.map((r) => r.dm_id);
  const countOf = async (table: string) =>
    (await kit.sut.dataSource.query(`SELECT count(*)::int AS n FROM messaging.${table}`))[0].n as number;

  beforeAll(async () => {
    kit = await bootInbox();
    ann = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Ann', last_name: 'Agent' });
    bob = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Bob', last_name: 'Broker' });
    tina = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Tina', last_name: 'Coordinator' });
    ivy = await kit.userAs(TEAM, { role: 'ISISA', first_name: 'Ivy', last_name: 'Isa' });
    adam = await kit.userAs(TEAM, { role: 'ADMIN', first_name: 'Adam', last_name: 'Admin' });
    vic = await kit.userAs(TEAM, { role: 'VENDOR', first_name: 'Vic', last_name: 'Vendor' });
    cleo = await kit.userAs(TEAM, { role: 'CLIENT', first_name: 'Cleo', last_name: 'Client' });
    inactive = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Gone', last_name: 'Away', status: 'inactive' });
    rival = await kit.userAs(RIVAL, { role: 'AGENT', first_name: 'Rita', last_name: 'Rival' });
    rivalTc = await kit.userAs(RIVAL, { role: 'TRANC', first_name: 'Ron', last_name: 'RivalTc' });
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
  });

  it('a new thread needs a mention; empty and too long text are field errors; nothing is stored', async () => {
    const before = await countOf('direct_messages');
    const noMention = await ann.api.post('/api/messages/dms').send({ dm_value: '<p>Hello there</p>' });
    expect(noMention.status).toBe(400);
    expect(noMention.body).toEqual({
      status: 'error',
      message: expect.any(String),
      errors: [{ field: 'dm_value', error: MESSAGING_MESSAGES.mentionRequired }],
    });
    const empty = await ann.api.post('/api/messages/dms').send({ dm_value: '<p><br></p>' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'dm_value', error: 'This field is required' }]);
    const tooLong = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${groupOf('tcs')} ${'x'.repeat(5000)}</p>` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('dm_value');
    // Only a client (who may not read DMs) or another team's user mentioned: nobody to send to.
    const onlyOutsiders = await ann.api
      .post('/api/messages/dms')
      .send({ dm_value: `<p>${mentionOf(cleo.user)} ${mentionOf(rival.user)}</p>` });
    expect(onlyOutsiders.status).toBe(400);
    expect(onlyOutsiders.body.errors).toEqual([{ field: 'dm_value', error: MESSAGING_MESSAGES.mentionRequired }]);
    const badParent = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${groupOf('tcs')}</p>`, parent_dm_id: '7' });
    expect(badParent.status).toBe(400);
    expect(badParent.body.errors[0].field).toBe('parent_dm_id');
    // A NUL character (no text a user types has one; Postgres cannot store it): a field error, never a database error.
    const nul = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${groupOf('tcs')} a\u0000b</p>` });
    expect({ status: nul.status, errors: nul.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'dm_value', error: 'Please enter a valid value' }],
    });
    const nulSearch = await ann.api.get('/api/messages/dms?search=a%00b');
    expect({ status: nulSearch.status, errors: nulSearch.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'search', error: 'Please enter a valid value' }],
    });
    const nulTerm = await ann.api.get('/api/messages/mention-options?term=%00');
    expect({ status: nulTerm.status, errors: nulTerm.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'term', error: 'Please enter a valid value' }],
    });
    expect(await countOf('direct_messages')).toBe(before);
  });

  it("each group resolves to its role's active users of the author's team (never another team's, never clients)", async () => {
    const expected: Record<string, Person[]> = {
      all: [ann, bob, tina, ivy, adam, vic],
      team: [ann, bob, tina, ivy, adam],
      agents: [ann, bob],
      isas: [ann, ivy],
      tcs: [ann, tina],
    };
    for (const [group, people] of Object.entries(expected)) {
      const record = await send(ann, `<p>Hi ${groupOf(group)}</p>`);
      expect({ group, participants: await participantsOf(record.dm_id) }).toEqual({ group, participants: ids(...people) });
    }
    // Plain words count too.
    const plain = await send(ann, '<p>Hello @isas and @tcs</p>');
    expect(await participantsOf(plain.dm_id)).toEqual(ids(ann, ivy, tina));
    expect(await threadIdsIn(rivalTc)).toEqual([]);
    expect(await participantsOf(plain.dm_id)).not.toContain(inactive.user.agent_id);
  });

  it('the recipient sees the thread unread with its author; the author has it read', async () => {
    const record = await send(ann, `<p>Closing on Friday, ${mentionOf(bob.user)}</p>`);
    expect(record).toMatchObject({
      parent_dm_id: null,
      author: { name: 'Ann Agent', agent_id: ann.user.agent_id, profile_image: null },
      updated_ts: null,
      thread: [],
    });
    expect(record.read_ts).not.toBeNull();
    const bobs = await inbox(bob);
    expect(bobs.records[0]).toMatchObject({ dm_id: record.dm_id, read_ts: null, dm_value: record.dm_value });
    expect((await bob.api.get(`/api/messages/dms/${record.dm_id}`)).body).toMatchObject({ dm_id: record.dm_id, read_ts: null });
    expect((await bob.api.get('/api/messages/unread-counts')).body.dms).toBeGreaterThanOrEqual(1);
  });

  it('replies join the top-level thread, reopen it for the others (unread, unarchived) and add the newly mentioned', async () => {
    const top = await send(ann, `<p>${mentionOf(bob.user)} can you check?</p>`);
    expect((await bob.api.patch('/api/messages/dms/status').send({ dm_id: top.dm_id, status: 'read' })).status).toBe(200);
    expect((await bob.api.patch('/api/messages/dms/status').send({ dm_id: top.dm_id, status: 'archived' })).status).toBe(200);
    expect(await threadIdsIn(bob)).not.toContain(top.dm_id);
    expect(await threadIdsIn(bob, '?status=archived')).toContain(top.dm_id);

    const reply = await send(ann, '<p>ping</p>', top.dm_id);
    expect(reply.dm_id).toBe(top.dm_id);
    expect(reply.thread).toHaveLength(1);
    expect(reply.thread[0]).toMatchObject({ parent_dm_id: top.dm_id, dm_value: '<p>ping</p>' });
    // Reopened for Bob: in All and Unread again, out of Archived.
    expect(await threadIdsIn(bob)).toContain(top.dm_id);
    expect(await threadIdsIn(bob, '?status=unread')).toContain(top.dm_id);
    expect(await threadIdsIn(bob, '?status=archived')).not.toContain(top.dm_id);

    // Bob answers the reply: it joins the top-level thread, and Ivy, newly mentioned, joins it.
    const second = await send(bob, `<p>Done, looping in ${mentionOf(ivy.user)}</p>`, top.thread.length ? reply.thread[0].dm_id : top.dm_id);
    expect(second.dm_id).toBe(top.dm_id);
    expect(second.thread.map((m) => m.parent_dm_id)).toEqual([top.dm_id, top.dm_id]);
    expect(await participantsOf(top.dm_id)).toEqual(ids(ann, bob, ivy));
    const annsView = (await ann.api.get(`/api/messages/dms/${top.dm_id}`)).body as DirectMessage;
    expect(annsView.read_ts).toBeNull();
    expect(annsView.thread[0].read_ts).toBeNull();
    expect(annsView.thread[1].read_ts).toBeNull();
    // A thread the caller is not in cannot be replied to.
    expect((await tina.api.post('/api/messages/dms').send({ dm_value: '<p>me too</p>', parent_dm_id: top.dm_id })).status).toBe(404);
  });

  it('only the author edits; an edit sets updated_ts and re-reads mentions', async () => {
    const top = await send(ann, `<p>${mentionOf(bob.user)} draft</p>`);
    const refused = await bob.api.patch('/api/messages/dms').send({ dm_id: top.dm_id, dm_value: '<p>hijack</p>' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGING_MESSAGES.onlyAuthor);
    const edited = await ann.api
      .patch('/api/messages/dms')
      .send({ dm_id: top.dm_id, dm_value: `<p>${mentionOf(bob.user)} final, ${groupOf('isas')}</p>` });
    expect(edited.status).toBe(200);
    expect(edited.body.updated_ts).not.toBeNull();
    expect(edited.body.dm_value).toContain('final');
    expect(await participantsOf(top.dm_id)).toEqual(ids(ann, bob, ivy));
    const empty = await ann.api.patch('/api/messages/dms').send({ dm_id: top.dm_id, dm_value: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'dm_value', error: 'This field is required' }]);
  });

  it('script, handlers and data: images are stripped from the stored text', async () => {
    const record = await send(
      ann,
      `<p onclick="steal()">Look ${mentionOf(bob.user)}</p><script>alert(1)</script><img src="data:image/png;base64,iVBORw0KGgo="><a href="javascript:alert(2)">x</a>`,
    );
    expect(record.dm_value).not.toMatch(/script|onclick|<img|data:image|javascript:/);
    expect(record.dm_value).toContain(`data-mention="user:${bob.user.agent_id}"`);
  });

  it('statuses are per user; each filter returns exactly its set; a wrong status is a field error', async () => {
    const agent = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Fay', last_name: 'Filters' });
    const a = await send(ann, `<p>${mentionOf(agent.user)} a</p>`);
    const b = await send(ann, `<p>${mentionOf(agent.user)} b</p>`);
    const c = await send(ann, `<p>${mentionOf(agent.user)} c</p>`);
    const set = (dm_id: number, status: string) => agent.api.patch('/api/messages/dms/status').send({ dm_id, status });
    expect((await set(a.dm_id, 'read')).body.read_ts).not.toBeNull();
    expect((await set(c.dm_id, 'archived')).status).toBe(200);
    expect(await threadIdsIn(agent)).toEqual([b.dm_id, a.dm_id]);
    expect(await threadIdsIn(agent, '?status=unread')).toEqual([b.dm_id]);
    expect(await threadIdsIn(agent, '?status=archived')).toEqual([c.dm_id]);
    expect((await agent.api.get('/api/messages/unread-counts')).body).toEqual({ dms: 1, comments: 0, mentions: 0 });
    // Ann's state did not move.
    expect((await ann.api.get(`/api/messages/dms/${b.dm_id}`)).body.read_ts).not.toBeNull();

    expect((await set(a.dm_id, 'unread')).body.read_ts).toBeNull();
    expect((await set(c.dm_id, 'unarchived')).status).toBe(200);
    expect(await threadIdsIn(agent, '?status=unread')).toEqual([c.dm_id, b.dm_id, a.dm_id]);
    expect(await threadIdsIn(agent, '?status=archived')).toEqual([]);

    const wrong = await set(a.dm_id, 'deleted');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'status', error: MESSAGING_MESSAGES.invalidStatus }]);
    expect((await agent.api.get('/api/messages/dms?status=read')).status).toBe(400);

    // Bulk: read and archived only; with ids, those threads; without, the whole inbox.
    const bulkWrong = await agent.api.patch('/api/messages/dms/status/bulk').send({ status: 'unread' });
    expect(bulkWrong.status).toBe(400);
    expect(bulkWrong.body.errors).toEqual([{ field: 'status', error: MESSAGING_MESSAGES.invalidBulkStatus }]);
    expect((await agent.api.patch('/api/messages/dms/status/bulk').send({ status: 'read', dm_ids: [a.dm_id] })).body).toEqual({
      updated: 1,
    });
    expect(await threadIdsIn(agent, '?status=unread')).toEqual([c.dm_id, b.dm_id]);
    expect((await agent.api.patch('/api/messages/dms/status/bulk').send({ status: 'read' })).body).toEqual({ updated: 3 });
    expect(await threadIdsIn(agent, '?status=unread')).toEqual([]);
    expect((await agent.api.patch('/api/messages/dms/status/bulk').send({ status: 'archived' })).body).toEqual({ updated: 3 });
    expect(await threadIdsIn(agent)).toEqual([]);
    expect(await threadIdsIn(agent, '?status=archived')).toEqual([c.dm_id, b.dm_id, a.dm_id]);
  });

  it('a bulk change names its ids or leaves them out: an empty or null list is a field error and changes nothing', async () => {
    const agent = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Bea', last_name: 'Bulk' });
    const a = await send(ann, `<p>${mentionOf(agent.user)} a</p>`);
    for (const dm_ids of [[], null]) {
      const refused = await agent.api.patch('/api/messages/dms/status/bulk').send({ status: 'archived', dm_ids });
      expect({ dm_ids, status: refused.status, errors: refused.body.errors }).toEqual({
        dm_ids,
        status: 400,
        errors: [{ field: 'dm_ids', error: expect.any(String) }],
      });
    }
    expect(await threadIdsIn(agent)).toEqual([a.dm_id]);
    expect(await threadIdsIn(agent, '?status=unread')).toEqual([a.dm_id]);
  });

  it('search reads the text and the author', async () => {
    const reader = await kit.userAs(TEAM, { role: 'ISISA', first_name: 'Sam', last_name: 'Searcher' });
    const byText = await send(ann, `<p>${mentionOf(reader.user)} escrow <strong>papers</strong></p>`);
    const byAuthor = await send(bob, `<p>${mentionOf(reader.user)} hello</p>`);
    expect(await threadIdsIn(reader, '?search=escrow%20papers')).toEqual([byText.dm_id]);
    expect(await threadIdsIn(reader, '?search=broker')).toEqual([byAuthor.dm_id]);
    expect(await threadIdsIn(reader, '?search=100%25')).toEqual([]);
    // A comment_type is accepted and ignored.
    expect(await threadIdsIn(reader, '?comment_type=trans')).toEqual([byAuthor.dm_id, byText.dm_id]);
  });

  it('pages hold 10 threads, latest activity first, with has_next', async () => {
    const reader = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Page', last_name: 'Reader' });
    const sent: number[] = [];
    for (let i = 0; i < 12; i++) sent.push((await send(ann, `<p>${mentionOf(reader.user)} #${i}</p>`)).dm_id);
    const first = await inbox(reader);
    expect(first.records.map((r) => r.dm_id)).toEqual(sent.slice(2).reverse());
    expect(first.pagination).toMatchObject({ page: 1, has_next: true, total: 12 });
    const second = await inbox(reader, '?page=2');
    expect(second.records.map((r) => r.dm_id)).toEqual(sent.slice(0, 2).reverse());
    expect(second.pagination).toMatchObject({ page: 2, has_next: false });
    // A reply moves its thread to the top.
    await send(ann, '<p>bump</p>', sent[0]);
    expect((await inbox(reader)).records[0].dm_id).toBe(sent[0]);
  });

  it('CLIENT: every DM call and the bulk call answer 403', async () => {
    const calls = [
      cleo.api.get('/api/messages/dms'),
      cleo.api.get('/api/messages/dms/1'),
      cleo.api.post('/api/messages/dms').send({ dm_value: `<p>${groupOf('all')}</p>` }),
      cleo.api.patch('/api/messages/dms').send({ dm_id: 1, dm_value: '<p>x</p>' }),
      cleo.api.patch('/api/messages/dms/status').send({ dm_id: 1, status: 'read' }),
      cleo.api.patch('/api/messages/dms/status/bulk').send({ status: 'read' }),
    ];
    for (const call of calls) expect((await call).status).toBe(403);
    expect((await cleo.api.get('/api/messages/unread-counts')).body.dms).toBe(0);
  });

  it('vendors may DM', async () => {
    const record = await send(vic, `<p>${mentionOf(ann.user)} invoice attached</p>`);
    expect(await participantsOf(record.dm_id)).toEqual(ids(ann, vic));
  });

  it("another team's ids answer 404 and change nothing", async () => {
    const record = await send(ann, `<p>${mentionOf(bob.user)} private</p>`);
    expect((await rival.api.get(`/api/messages/dms/${record.dm_id}`)).status).toBe(404);
    expect((await rival.api.patch('/api/messages/dms/status').send({ dm_id: record.dm_id, status: 'read' })).status).toBe(404);
    expect((await rival.api.patch('/api/messages/dms').send({ dm_id: record.dm_id, dm_value: '<p>x</p>' })).status).toBe(404);
    expect((await rival.api.post('/api/messages/dms').send({ dm_value: '<p>x</p>', parent_dm_id: record.dm_id })).status).toBe(404);
    const bulk = await rival.api.patch('/api/messages/dms/status/bulk').send({ status: 'archived', dm_ids: [record.dm_id] });
    expect(bulk.status).toBe(404);
    // A teammate outside the thread is refused the same way.
    expect((await tina.api.get(`/api/messages/dms/${record.dm_id}`)).status).toBe(404);
    expect(await participantsOf(record.dm_id)).toEqual(ids(ann, bob));
  });

  it("mention options: the team's active users and the groups; clients only their transactions' agent and TC", async () => {
    const options = (await ann.api.get('/api/messages/mention-options?term=ti')).body;
    expect(options).toEqual([{ type: 'user', id: tina.user.agent_id, label: 'Tina Coordinator', profile_image: null }]);
    const groups = (await ann.api.get('/api/messages/mention-options?term=@t')).body;
    expect(groups.filter((o: { type: string }) => o.type === 'group').map((o: { id: string }) => o.id)).toEqual(['team', 'tcs']);
    expect((await ann.api.get('/api/messages/mention-options?term=rita')).body).toEqual([]);
    await kit.factory.transaction(TEAM, {
      primary_agent_id: bob.user.agent_id,
      tc_agent_id: tina.user.agent_id,
      client_user_ids: [cleo.user.agent_id],
    });
    const forClient = (await cleo.api.get('/api/messages/mention-options')).body;
    expect(forClient.map((o: { id: number }) => o.id).sort()).toEqual(ids(bob, tina));
  });
});
