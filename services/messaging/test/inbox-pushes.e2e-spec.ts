import { MESSAGING_SOCKET_EVENTS, type Comment, type DirectMessage } from '@app/contracts';
import type { MessagingUserRow, SignedInClient } from '@app/testing';
import { InboxPublisher, type InboxCountsPush, type InboxMessagePush } from '../src/realtime/inbox.publisher';
import { bootInbox, groupOf, mentionOf, type InboxKit } from './inbox-test-kit';

// Who the inbox pushes what to (the real-time gateway): after the commit, each user who may see
// the message gets it as they see it, and each user whose counts changed gets them. A new or edited message's
// pushes ride the outbox and messaging's worker sends them ('all' mode; kit.pushed() waits for them); a status
// change refreshes the user's own tabs at once. The socket delivery itself is tested through the edge in
// realtime.e2e-spec; here the publisher's calls are recorded.

describe('inbox pushes', () => {
  let kit: InboxKit;
  const TEAM = 97;
  const RIVAL = 98;
  type Person = { user: MessagingUserRow; api: SignedInClient };
  let ann: Person, tina: Person, bob: Person, adam: Person, cleo: Person, rival: Person;
  let deal: number;
  let messages: InboxMessagePush[] = [];
  let counts: InboxCountsPush[] = [];

  const receivers = (list: { agent_id: number }[]) => [...new Set(list.map((p) => p.agent_id))].sort((a, b) => a - b);
  const ids = (...people: Person[]) => people.map((p) => p.user.agent_id).sort((a, b) => a - b);

  beforeAll(async () => {
    kit = await bootInbox('all');
    const publisher = kit.sut.app.get(InboxPublisher);
    jest.spyOn(publisher, 'pushMessages').mockImplementation(async (pushes) => void messages.push(...pushes));
    jest.spyOn(publisher, 'pushCounts').mockImplementation(async (entries) => void counts.push(...entries));
    ann = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Ann', last_name: 'Agent' });
    tina = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Tina', last_name: 'Tc' });
    bob = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Bob', last_name: 'Bystander' });
    adam = await kit.userAs(TEAM, { role: 'ADMIN', first_name: 'Adam', last_name: 'Admin' });
    cleo = await kit.userAs(TEAM, { role: 'CLIENT', first_name: 'Cleo', last_name: 'Client' });
    rival = await kit.userAs(RIVAL, { role: 'TRANC', first_name: 'Rita', last_name: 'Rival' });
    deal = await kit.factory.transaction(TEAM, {
      primary_agent_id: ann.user.agent_id,
      tc_agent_id: tina.user.agent_id,
      client_user_ids: [cleo.user.agent_id],
    });
  }, 60_000);
  beforeEach(() => {
    messages = [];
    counts = [];
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('a DM to @tcs: message.created to the thread, each with their read_ts; counts to the recipient only', async () => {
    const sent = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${groupOf('tcs')} hi</p>` });
    expect(sent.status).toBe(201);
    await kit.pushed();
    expect(receivers(messages)).toEqual(ids(ann, tina));
    expect(messages.every((m) => m.event === MESSAGING_SOCKET_EVENTS.messageCreated && m.push.kind === 'dm')).toBe(true);
    const tinas = messages.find((m) => m.agent_id === tina.user.agent_id)!.push.record as DirectMessage;
    const anns = messages.find((m) => m.agent_id === ann.user.agent_id)!.push.record as DirectMessage;
    expect(tinas.read_ts).toBeNull();
    expect(anns.read_ts).not.toBeNull();
    expect(counts).toEqual([{ agent_id: tina.user.agent_id, counts: { dms: 1, comments: 0, mentions: 0 } }]);
    expect(receivers(messages)).not.toContain(rival.user.agent_id);
    expect(receivers(messages)).not.toContain(bob.user.agent_id);

    // Tina reads it: her other tabs get the thread and the counts; nobody else.
    messages = [];
    counts = [];
    await tina.api.patch('/api/messages/dms/status').send({ dm_id: sent.body.dm_id, status: 'read' });
    expect(receivers(messages)).toEqual(ids(tina));
    expect(messages[0].event).toBe(MESSAGING_SOCKET_EVENTS.messageUpdated);
    expect(counts).toEqual([{ agent_id: tina.user.agent_id, counts: { dms: 0, comments: 0, mentions: 0 } }]);
  });

  it('an internal comment goes to those who may see it, never the client or another agent of the team', async () => {
    await ann.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: `<p>${mentionOf(adam.user)} internal</p>` });
    await kit.pushed();
    expect(receivers(messages)).toEqual(ids(ann, tina, adam));
    const viewOf = (who: Person) => messages.find((m) => m.agent_id === who.user.agent_id)!.push.record as Comment;
    expect(viewOf(ann).viewed_ts).not.toBeNull();
    expect(viewOf(adam).viewed_ts).toBeNull();
    expect(receivers(counts)).toEqual(ids(tina, adam));
    expect(counts.find((c) => c.agent_id === adam.user.agent_id)!.counts).toEqual({ dms: 0, comments: 1, mentions: 1 });
  });

  it('a client-facing comment reaches the client too, with only the replies they may see', async () => {
    const top = await ann.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>shared</p>', visibility: 'c' });
    await kit.pushed();
    expect(receivers(messages)).toEqual(ids(ann, tina, adam, cleo));
    messages = [];
    counts = [];
    await ann.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>staff only</p>', parent_comment_id: top.body.comment_id });
    await kit.pushed();
    // An internal reply: the client gets nothing.
    expect(receivers(messages)).toEqual(ids(ann, tina, adam));
    const staffView = messages.find((m) => m.agent_id === tina.user.agent_id)!.push.record as Comment;
    expect(staffView.thread).toHaveLength(1);
    expect(receivers(counts)).not.toContain(cleo.user.agent_id);
  });
});
