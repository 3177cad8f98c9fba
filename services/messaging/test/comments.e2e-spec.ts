import { MESSAGING_MESSAGES, type Comment } from '@app/contracts';
import type { MessagingUserRow, SignedInClient } from '@app/testing';
import { bootInbox, groupOf, mentionOf, type InboxKit } from './inbox-test-kit';

// Comments (spec 001 message center: comments, the rules shared with DMs and the audience rule): who may see a transaction's
// comments, the comment inbox and its filters, mentions, statuses, author-only edits, clients and internal
// comments, another team's ids.

describe('comments', () => {
  let kit: InboxKit;
  const TEAM = 81;
  const RIVAL = 82;
  type Person = { user: MessagingUserRow; api: SignedInClient };
  let adam: Person,
    tina: Person,
    tom: Person,
    ivy: Person,
    pam: Person,
    otto: Person,
    asa: Person,
    ven: Person,
    cli: Person,
    cal: Person,
    rival: Person;
  let deal: number, task: number, otherDeal: number, rivalDeal: number;

  const post = async (who: Person, body: Record<string, unknown>) => {
    const response = await who.api.post('/api/messages/comments').send(body);
    expect(response.status).toBe(201);
    return response.body as Comment;
  };
  const onDeal = (who: Person, comment_value: string, extra: Record<string, unknown> = {}) =>
    post(who, { comment_type: 'trans', comment_on_id: deal, comment_value, ...extra });
  const inbox = async (who: Person, query = '') => {
    const response = await who.api.get(`/api/messages/comments${query}`);
    expect(response.status).toBe(200);
    return response.body as { records: Comment[]; pagination: { has_next: boolean; page: number; total: number } };
  };
  const idsIn = async (who: Person, query = '') => (await inbox(who, query)).records.map((r) => r.comment_id);
  const mentionsOf = async (commentId: number): Promise<number[]> =>
    (
      await kit.sut.dataSource.query(
        `SELECT agent_id FROM messaging.mentions WHERE kind = 'comment' AND message_id = $1 ORDER BY agent_id`,
        [commentId],
      )
    ).map((r: { agent_id: number }) => r.agent_id);
  const ids = (...people: Person[]) => people.map((p) => p.user.agent_id).sort((a, b) => a - b);
  const counts = async (who: Person) => (await who.api.get('/api/messages/unread-counts')).body;

  beforeAll(async () => {
    kit = await bootInbox();
    adam = await kit.userAs(TEAM, { role: 'ADMIN', first_name: 'Adam', last_name: 'Admin' });
    tina = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Tina', last_name: 'Coordinator' });
    tom = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Tom', last_name: 'Second' });
    ivy = await kit.userAs(TEAM, { role: 'ISISA', first_name: 'Ivy', last_name: 'Isa' });
    pam = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Pam', last_name: 'Primary' });
    otto = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Otto', last_name: 'Outsider' });
    asa = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Asa', last_name: 'Assignee' });
    ven = await kit.userAs(TEAM, { role: 'VENDOR', first_name: 'Ven', last_name: 'Vendor' });
    cli = await kit.userAs(TEAM, { role: 'CLIENT', first_name: 'Cli', last_name: 'Client' });
    cal = await kit.userAs(TEAM, { role: 'CLIENT', first_name: 'Cal', last_name: 'Elsewhere' });
    rival = await kit.userAs(RIVAL, { role: 'ADMIN', first_name: 'Rita', last_name: 'Rival' });
    deal = await kit.factory.transaction(TEAM, {
      primary_agent_id: pam.user.agent_id,
      tc_agent_id: tina.user.agent_id,
      client_user_ids: [cli.user.agent_id],
      vendor_user_ids: [ven.user.agent_id],
      first_name: 'Morgan',
      last_name: 'Buyer',
      formatted_address: '12 Elm Street, Springfield',
    });
    task = await kit.factory.task(TEAM, deal, { name: 'Order inspection', assigned_to_agent_id: asa.user.agent_id });
    await kit.factory.document(TEAM, deal, { filename: 'contract.pdf' });
    otherDeal = await kit.factory.transaction(TEAM, { primary_agent_id: otto.user.agent_id, client_user_ids: [cal.user.agent_id] });
    rivalDeal = await kit.factory.transaction(RIVAL, {});
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
  });

  it("who may see a transaction's comments: ADMIN, TRANC, ISISA, primary agent, TC, assignees, vendors; clients only client-facing", async () => {
    const internal = await onDeal(pam, '<p>Internal note</p>');
    const shared = await onDeal(pam, '<p>Hello everyone</p>', { visibility: 'c' });
    expect(internal).toMatchObject({
      visibility: 'i',
      comment_type: 'trans',
      comment_on_id: deal,
      author: { id: pam.user.agent_id, name: 'Pam Primary', profile_image: null },
      transaction: { client_id: deal, first_name: 'Morgan', last_name: 'Buyer', formatted_address: '12 Elm Street, Springfield' },
      thread: [],
    });
    for (const who of [adam, tina, tom, ivy, pam, asa, ven]) {
      const response = await who.api.get(`/api/messages/comments/on/trans/${deal}`);
      expect(response.status).toBe(200);
      expect(response.body.records.map((r: Comment) => r.comment_id)).toEqual(
        expect.arrayContaining([internal.comment_id, shared.comment_id]),
      );
    }
    const clients = await cli.api.get(`/api/messages/comments/on/trans/${deal}`);
    expect(clients.status).toBe(200);
    expect(clients.body.records.map((r: Comment) => r.comment_id)).toContain(shared.comment_id);
    expect(clients.body.records.map((r: Comment) => r.comment_id)).not.toContain(internal.comment_id);
    expect((await cli.api.get(`/api/messages/comments/${internal.comment_id}`)).status).toBe(404);
    // Not on the transaction: 404 like another team's.
    for (const who of [otto, cal, rival]) expect((await who.api.get(`/api/messages/comments/on/trans/${deal}`)).status).toBe(404);
    expect((await otto.api.get(`/api/messages/comments/${shared.comment_id}`)).status).toBe(404);
  });

  it('the inbox holds threads the caller is part of: primary agent, TC, assignee, client, vendor, commenter, mentioned', async () => {
    const onTask = await post(adam, {
      comment_type: 'task',
      comment_on_id: task,
      comment_value: '<p>Inspection booked</p>',
      visibility: 'c',
    });
    expect(onTask.task).toEqual({ id: task, name: 'Order inspection' });
    for (const who of [adam, pam, tina, asa, ven, cli]) expect(await idsIn(who)).toContain(onTask.comment_id);
    for (const who of [tom, ivy, otto, cal]) expect(await idsIn(who)).not.toContain(onTask.comment_id);
    // A mention brings Ivy in; Otto (who may not see it) is dropped.
    const mention = await onDeal(adam, `<p>${mentionOf(ivy.user)} ${mentionOf(otto.user)} please look</p>`);
    expect(await mentionsOf(mention.comment_id)).toEqual(ids(ivy));
    expect(await idsIn(ivy)).toContain(mention.comment_id);
    expect(await idsIn(ivy, '?mention_only=true')).toContain(mention.comment_id);
    expect(await idsIn(otto)).not.toContain(mention.comment_id);
  });

  it("groups resolve among the team's active users who may see the comment; clients only to client-facing ones", async () => {
    const agents = await onDeal(tina, `<p>${groupOf('agents')}</p>`);
    expect(await mentionsOf(agents.comment_id)).toEqual(ids(pam, asa));
    const tcs = await onDeal(pam, '<p>@tcs ping</p>');
    expect(await mentionsOf(tcs.comment_id)).toEqual(ids(tina, tom));
    const all = await onDeal(pam, `<p>${groupOf('all')}</p>`, { visibility: 'c' });
    expect(await mentionsOf(all.comment_id)).toEqual(ids(adam, tina, tom, ivy, asa, ven));
    const client = await onDeal(pam, `<p>${mentionOf(cli.user)} internal</p>`);
    expect(await mentionsOf(client.comment_id)).toEqual([]);
    const clientFacing = await onDeal(pam, `<p>${mentionOf(cli.user)} for you</p>`, { visibility: 'c' });
    expect(await mentionsOf(clientFacing.comment_id)).toEqual(ids(cli));
    expect(await mentionsOf((await onDeal(pam, `<p>${mentionOf(rival.user)}</p>`)).comment_id)).toEqual([]);
  });

  it('CLIENT: posts client-facing only (i is 403), never sees internal comments or replies, counts included; bulk is 403', async () => {
    const refused = await cli.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>x</p>', visibility: 'i' });
    expect(refused.status).toBe(403);
    const own = await onDeal(cli, '<p>When do we close?</p>');
    expect(own.visibility).toBe('c');
    const internalReply = await onDeal(pam, '<p>between us</p>', { parent_comment_id: own.comment_id });
    const publicReply = await onDeal(pam, '<p>Next Friday</p>', { parent_comment_id: own.comment_id, visibility: 'c' });
    expect(internalReply.thread.map((r) => r.comment_id)).toHaveLength(1);
    const seenByClient = (await cli.api.get(`/api/messages/comments/${own.comment_id}`)).body as Comment;
    expect(seenByClient.thread.map((r) => r.comment_id)).toEqual([publicReply.thread[1].comment_id]);
    expect(seenByClient.viewed_ts).toBeNull();
    const everything = await inbox(cli, '?per_page=100');
    expect(everything.records.every((r) => r.visibility === 'c' && r.thread.every((t) => t.visibility === 'c'))).toBe(true);
    expect((await inbox(cli, '?search=between')).records).toEqual([]);
    // Counts: an internal comment mentioning nobody on the client's deal does not count for them.
    const before = await counts(cli);
    await onDeal(pam, `<p>${groupOf('all')} internal only</p>`);
    expect(await counts(cli)).toEqual(before);
    await onDeal(pam, '<p>For the client</p>', { visibility: 'c' });
    expect((await counts(cli)).comments).toBe(before.comments + 1);
    expect((await cli.api.patch('/api/messages/comments/status/bulk').send({ status: 'read' })).status).toBe(403);
    expect(
      (
        await cli.api
          .patch('/api/messages/comments/status')
          .send({ comment_id: internalReply.thread[0].comment_id, comment_type: 'trans', status: 'read', client: false })
      ).status,
    ).toBe(404);
  });

  it("an internal reply does not move a client-facing thread up the client's lists (it does for staff)", async () => {
    const clientDeal = await kit.factory.transaction(TEAM, { primary_agent_id: pam.user.agent_id, client_user_ids: [cal.user.agent_id] });
    const older = await post(pam, { comment_type: 'trans', comment_on_id: clientDeal, comment_value: '<p>first</p>', visibility: 'c' });
    const newer = await post(pam, { comment_type: 'trans', comment_on_id: clientDeal, comment_value: '<p>second</p>', visibility: 'c' });
    await post(pam, {
      comment_type: 'trans',
      comment_on_id: clientDeal,
      comment_value: '<p>staff only</p>',
      parent_comment_id: older.comment_id,
    });
    const onDealOf = async (who: Person) =>
      (await who.api.get(`/api/messages/comments/on/trans/${clientDeal}`)).body.records.map((r: Comment) => r.comment_id);
    expect(await idsIn(pam)).toEqual(expect.arrayContaining([older.comment_id, newer.comment_id]));
    expect((await idsIn(pam)).indexOf(older.comment_id)).toBeLessThan((await idsIn(pam)).indexOf(newer.comment_id));
    expect(await idsIn(cal)).toEqual([newer.comment_id, older.comment_id]);
    expect(await onDealOf(cal)).toEqual([newer.comment_id, older.comment_id]);
    expect(await onDealOf(pam)).toEqual([older.comment_id, newer.comment_id]);
    // A client-facing reply moves it up for the client too.
    await post(pam, {
      comment_type: 'trans',
      comment_on_id: clientDeal,
      comment_value: '<p>for you</p>',
      parent_comment_id: older.comment_id,
      visibility: 'c',
    });
    expect(await idsIn(cal)).toEqual([older.comment_id, newer.comment_id]);
  });

  it('each filter returns exactly its set', async () => {
    // A fresh participant: the TC of a fresh deal.
    const tc = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Fil', last_name: 'Ters' });
    const freshDeal = await kit.factory.transaction(TEAM, { tc_agent_id: tc.user.agent_id, primary_agent_id: pam.user.agent_id });
    const freshTask = await kit.factory.task(TEAM, freshDeal);
    const freshDoc = await kit.factory.document(TEAM, freshDeal, { filename: 'appraisal.pdf' });
    const onTrans = await post(pam, { comment_type: 'trans', comment_on_id: freshDeal, comment_value: '<p>t</p>' });
    const onTask = await post(pam, { comment_type: 'task', comment_on_id: freshTask, comment_value: '<p>k</p>' });
    const onDoc = await post(pam, { comment_type: 'doc', comment_on_id: freshDoc, comment_value: '<p>d</p>' });
    const mentioning = await post(pam, { comment_type: 'trans', comment_on_id: freshDeal, comment_value: `<p>${mentionOf(tc.user)}</p>` });
    expect(onDoc.document).toEqual({ id: freshDoc, filename: 'appraisal.pdf' });
    expect(await idsIn(tc, '?comment_type=trans')).toEqual([mentioning.comment_id, onTrans.comment_id]);
    expect(await idsIn(tc, '?comment_type=task')).toEqual([onTask.comment_id]);
    expect(await idsIn(tc, '?comment_type=doc')).toEqual([onDoc.comment_id]);
    expect(await idsIn(tc, '?mention_only=true')).toEqual([mentioning.comment_id]);
    expect(await counts(tc)).toEqual({ dms: 0, comments: 4, mentions: 1 });

    const set = (comment_id: number, status: string) =>
      tc.api.patch('/api/messages/comments/status').send({ comment_id, comment_type: 'trans', status, client: true });
    expect((await set(onTrans.comment_id, 'read')).body.viewed_ts).not.toBeNull();
    expect((await tc.api.patch('/api/messages/comments/status').send({ comment_id: onTask.comment_id, status: 'archived' })).status).toBe(
      200,
    );
    expect(await idsIn(tc)).toEqual([mentioning.comment_id, onDoc.comment_id, onTrans.comment_id]);
    expect(await idsIn(tc, '?status=unread')).toEqual([mentioning.comment_id, onDoc.comment_id]);
    expect(await idsIn(tc, '?status=archived')).toEqual([onTask.comment_id]);
    expect(await counts(tc)).toEqual({ dms: 0, comments: 2, mentions: 1 });
    expect((await set(onTrans.comment_id, 'unread')).body.viewed_ts).toBeNull();
    expect((await tc.api.patch('/api/messages/comments/status').send({ comment_id: onTask.comment_id, status: 'unarchived' })).status).toBe(
      200,
    );
    expect(await idsIn(tc, '?status=unread')).toEqual([mentioning.comment_id, onDoc.comment_id, onTask.comment_id, onTrans.comment_id]);
    // Pam's own state is hers: she wrote them, so they are read for her.
    expect(await idsIn(pam, '?status=unread')).not.toContain(onTrans.comment_id);

    const wrong = await set(onTrans.comment_id, 'gone');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'status', error: MESSAGING_MESSAGES.invalidStatus }]);
    expect((await tc.api.get('/api/messages/comments?comment_type=deal')).body.errors).toEqual([
      { field: 'comment_type', error: MESSAGING_MESSAGES.invalidCommentType },
    ]);

    // Bulk: with ids, then the whole inbox.
    expect(
      (await tc.api.patch('/api/messages/comments/status/bulk').send({ status: 'read', comment_ids: [onDoc.comment_id] })).body,
    ).toEqual({ updated: 1 });
    expect(await idsIn(tc, '?status=unread')).toEqual([mentioning.comment_id, onTask.comment_id, onTrans.comment_id]);
    expect((await tc.api.patch('/api/messages/comments/status/bulk').send({ status: 'read' })).body).toEqual({ updated: 3 });
    expect(await counts(tc)).toEqual({ dms: 0, comments: 0, mentions: 0 });
    expect((await tc.api.patch('/api/messages/comments/status/bulk').send({ status: 'archived' })).body).toEqual({ updated: 4 });
    expect(await idsIn(tc)).toEqual([]);
    expect((await tc.api.patch('/api/messages/comments/status/bulk').send({ status: 'unarchived' })).status).toBe(400);

    // A reply reopens the archived thread for the others.
    await post(pam, {
      comment_type: 'trans',
      comment_on_id: freshDeal,
      comment_value: '<p>again</p>',
      parent_comment_id: onTrans.comment_id,
    });
    expect(await idsIn(tc)).toEqual([onTrans.comment_id]);
    expect(await idsIn(tc, '?status=unread')).toEqual([onTrans.comment_id]);
    expect(await idsIn(tc, '?status=archived')).not.toContain(onTrans.comment_id);
  });

  it('a bulk change names its ids or leaves them out: an empty or null list is a field error and changes nothing', async () => {
    const top = await onDeal(pam, '<p>bulk me</p>');
    for (const comment_ids of [[], null]) {
      const refused = await tina.api.patch('/api/messages/comments/status/bulk').send({ status: 'read', comment_ids });
      expect({ comment_ids, status: refused.status, errors: refused.body.errors }).toEqual({
        comment_ids,
        status: 400,
        errors: [{ field: 'comment_ids', error: expect.any(String) }],
      });
    }
    expect(await idsIn(tina, '?status=unread&per_page=100')).toContain(top.comment_id);
  });

  it("search reads the text, the author and the transaction's names and address", async () => {
    const reader = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Sue', last_name: 'Seeker' });
    const searchDeal = await kit.factory.transaction(TEAM, {
      primary_agent_id: reader.user.agent_id,
      first_name: 'Quincy',
      last_name: 'Zephyr',
      formatted_address: '99 Birch Road',
    });
    const a = await post(tina, { comment_type: 'trans', comment_on_id: searchDeal, comment_value: '<p>radon <em>test</em> results</p>' });
    const b = await post(adam, { comment_type: 'trans', comment_on_id: searchDeal, comment_value: '<p>ok</p>' });
    expect(await idsIn(reader, '?search=radon%20test')).toEqual([a.comment_id]);
    expect(await idsIn(reader, '?search=adam%20admin')).toEqual([b.comment_id]);
    expect(await idsIn(reader, '?search=zephyr')).toEqual([b.comment_id, a.comment_id]);
    expect(await idsIn(reader, '?search=birch')).toEqual([b.comment_id, a.comment_id]);
  });

  it('a reply in an internal thread is internal: a client it mentions is dropped (no mention, no state, so no count or mail)', async () => {
    const top = await onDeal(pam, '<p>internal thread</p>');
    const reply = await onDeal(tina, `<p>${mentionOf(cli.user)} see this</p>`, { parent_comment_id: top.comment_id, visibility: 'c' });
    expect(reply.thread[0].visibility).toBe('i');
    expect(await mentionsOf(reply.thread[0].comment_id)).toEqual([]);
    const states = await kit.sut.dataSource.query(`SELECT agent_id FROM messaging.comment_states WHERE comment_id = $1 AND agent_id = $2`, [
      top.comment_id,
      cli.user.agent_id,
    ]);
    expect(states).toEqual([]);
    expect((await cli.api.get(`/api/messages/comments/${reply.thread[0].comment_id}`)).status).toBe(404);
  });

  it("a client's mentions reach only their transaction's primary agent and TC (groups included)", async () => {
    const own = await onDeal(cli, `<p>${mentionOf(adam.user)} ${mentionOf(ivy.user)} ${mentionOf(tina.user)} hello</p>`);
    expect(await mentionsOf(own.comment_id)).toEqual(ids(tina));
    const all = await onDeal(cli, '<p>@all anyone?</p>');
    expect(await mentionsOf(all.comment_id)).toEqual(ids(pam, tina));
  });

  it('replies: a parent must be a top-level comment on the same item', async () => {
    const top = await onDeal(pam, '<p>top</p>');
    const reply = await onDeal(tina, '<p>reply</p>', { parent_comment_id: top.comment_id });
    expect(reply.comment_id).toBe(top.comment_id);
    expect(reply.thread).toHaveLength(1);
    const toReply = await tina.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>x</p>', parent_comment_id: reply.thread[0].comment_id });
    expect(toReply.status).toBe(400);
    expect(toReply.body.errors).toEqual([{ field: 'parent_comment_id', error: MESSAGING_MESSAGES.parentMismatch }]);
    const elsewhere = await tina.api
      .post('/api/messages/comments')
      .send({ comment_type: 'task', comment_on_id: task, comment_value: '<p>x</p>', parent_comment_id: top.comment_id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([{ field: 'parent_comment_id', error: MESSAGING_MESSAGES.parentMismatch }]);
    const badVisibility = await tina.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>x</p>', visibility: 'x' });
    expect(badVisibility.body.errors).toEqual([{ field: 'visibility', error: MESSAGING_MESSAGES.invalidVisibility }]);
    const empty = await tina.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<script>x</script>' });
    expect(empty.body.errors).toEqual([{ field: 'comment_value', error: 'This field is required' }]);
    const nul = await tina.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>a\u0000b</p>' });
    expect({ status: nul.status, errors: nul.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'comment_value', error: 'Please enter a valid value' }],
    });
    const nulSearch = await tina.api.get('/api/messages/comments?search=%00');
    expect({ status: nulSearch.status, errors: nulSearch.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'search', error: 'Please enter a valid value' }],
    });
  });

  it('only the author edits; an edit sets updated_ts and re-reads mentions', async () => {
    const top = await onDeal(pam, '<p>draft</p>');
    const refused = await adam.api
      .patch('/api/messages/comments')
      .send({ comment_id: top.comment_id, comment_type: 'trans', comment_on_id: deal, comment_value: '<p>x</p>' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGING_MESSAGES.onlyAuthor);
    const edited = await pam.api.patch('/api/messages/comments').send({
      comment_id: top.comment_id,
      comment_type: 'trans',
      comment_on_id: deal,
      comment_value: `<p>final ${mentionOf(ivy.user)}</p>`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.updated_ts).not.toBeNull();
    expect(await mentionsOf(top.comment_id)).toEqual(ids(ivy));
    expect(await idsIn(ivy, '?mention_only=true')).toContain(top.comment_id);
    await pam.api
      .patch('/api/messages/comments')
      .send({ comment_id: top.comment_id, comment_type: 'trans', comment_on_id: deal, comment_value: '<p>no one</p>' });
    expect(await idsIn(ivy, '?mention_only=true')).not.toContain(top.comment_id);
    const wrongItem = await pam.api
      .patch('/api/messages/comments')
      .send({ comment_id: top.comment_id, comment_type: 'task', comment_on_id: task, comment_value: '<p>x</p>' });
    expect(wrongItem.status).toBe(404);
  });

  it('script and data: images are stripped', async () => {
    const record = await onDeal(
      pam,
      '<p>ok<img src="data:image/png;base64,AAAA" onerror="x()"></p><script>alert(1)</script><iframe src="https://evil.test"></iframe>',
    );
    expect(record.comment_value).toBe('<p>ok</p>');
  });

  it("another team's ids answer 404; a deleted transaction's comments leave every inbox", async () => {
    const top = await onDeal(pam, '<p>ours</p>');
    expect((await rival.api.get(`/api/messages/comments/${top.comment_id}`)).status).toBe(404);
    expect((await rival.api.patch('/api/messages/comments/status').send({ comment_id: top.comment_id, status: 'read' })).status).toBe(404);
    expect(
      (await rival.api.patch('/api/messages/comments/status/bulk').send({ status: 'read', comment_ids: [top.comment_id] })).status,
    ).toBe(404);
    expect(
      (
        await rival.api
          .patch('/api/messages/comments')
          .send({ comment_id: top.comment_id, comment_type: 'trans', comment_on_id: deal, comment_value: '<p>x</p>' })
      ).status,
    ).toBe(404);
    expect(
      (
        await rival.api
          .post('/api/messages/comments')
          .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>x</p>', parent_comment_id: top.comment_id })
      ).status,
    ).toBe(404);
    expect(
      (await pam.api.post('/api/messages/comments').send({ comment_type: 'trans', comment_on_id: rivalDeal, comment_value: '<p>x</p>' }))
        .status,
    ).toBe(404);
    expect(
      (await pam.api.post('/api/messages/comments').send({ comment_type: 'task', comment_on_id: 999999, comment_value: '<p>x</p>' }))
        .status,
    ).toBe(404);

    const doomed = await kit.factory.transaction(TEAM, { primary_agent_id: otto.user.agent_id });
    const gone = await post(otto, { comment_type: 'trans', comment_on_id: doomed, comment_value: '<p>soon gone</p>' });
    expect(await idsIn(otto)).toContain(gone.comment_id);
    await kit.sut.dataSource.query(`UPDATE messaging.transactions SET deleted = true WHERE client_id = $1`, [doomed]);
    expect(await idsIn(otto)).not.toContain(gone.comment_id);
    expect(await idsIn(adam, '?per_page=100')).not.toContain(gone.comment_id);
    expect((await otto.api.get(`/api/messages/comments/${gone.comment_id}`)).status).toBe(404);
    expect(otherDeal).toBeGreaterThan(0);
  });

  it('pages hold 10 threads with has_next', async () => {
    const reader = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Page', last_name: 'Turner' });
    const pageDeal = await kit.factory.transaction(TEAM, { primary_agent_id: reader.user.agent_id });
    const sent: number[] = [];
    for (let i = 0; i < 11; i++)
      sent.push((await post(adam, { comment_type: 'trans', comment_on_id: pageDeal, comment_value: `<p>#${i}</p>` })).comment_id);
    const first = await inbox(reader);
    expect(first.records.map((r) => r.comment_id)).toEqual(sent.slice(1).reverse());
    expect(first.pagination).toMatchObject({ page: 1, has_next: true, total: 11 });
    const second = await inbox(reader, '?page=2');
    expect(second.records.map((r) => r.comment_id)).toEqual([sent[0]]);
    expect(second.pagination.has_next).toBe(false);
  });
});
