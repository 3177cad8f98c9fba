import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually, type MessagingUserRow, type SignedInClient } from '@app/testing';
import { bootInbox, groupOf, mentionOf, type InboxKit } from './inbox-test-kit';

// The inbox's own mails (the inbox's own outgoing mail): a DM or reply mails each recipient under
// direct_message, a comment mention the mentioned user under comment_mention; one mail per user per message,
// none to the author; links to /app/messages?type=...&id=...; a switch off skips the mail, never the message.

describe('inbox mails', () => {
  let kit: InboxKit;
  const TEAM = 95;
  type Person = { user: MessagingUserRow; api: SignedInClient };
  let ann: Person, tina: Person, tom: Person, bob: Person, cleo: Person;
  let deal: number;

  interface MailboxEntry {
    id: string;
    to: string;
    subject: string;
    text: string;
    from: string;
  }
  const mailbox = async (): Promise<MailboxEntry[]> => {
    const files = (await readdir(kit.mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
    return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(kit.mailDir, f), 'utf8')) as MailboxEntry));
  };
  const mailsOf = async (prefix: string) =>
    (await mailbox()).filter((m) => m.id.startsWith(prefix)).sort((a, b) => a.to.localeCompare(b.to));
  /** Waits until the mail with this id prefix count is reached (the worker delivers in order). */
  const waitForMails = (prefix: string, count: number) => eventually(async () => (await mailsOf(prefix)).length >= count, 15_000);

  beforeAll(async () => {
    kit = await bootInbox('all');
    ann = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Ann', last_name: 'Author' });
    tina = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Tina', last_name: 'Tc' });
    tom = await kit.userAs(TEAM, { role: 'TRANC', first_name: 'Tom', last_name: 'Tc' });
    bob = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Bob', last_name: 'Agent' });
    cleo = await kit.userAs(TEAM, { role: 'CLIENT', first_name: 'Cleo', last_name: 'Client' });
    deal = await kit.factory.transaction(TEAM, {
      primary_agent_id: ann.user.agent_id,
      tc_agent_id: tina.user.agent_id,
      client_user_ids: [cleo.user.agent_id],
    });
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
  });

  it('a DM mails each recipient once, never the author, with a link to the thread; a reply mails the others', async () => {
    const sent = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>Hello ${groupOf('tcs')}</p>` });
    expect(sent.status).toBe(201);
    const dmId = sent.body.dm_id as number;
    await waitForMails(`dm-${dmId}-`, 2);
    const mails = await mailsOf(`dm-${dmId}-`);
    expect(mails.map((m) => m.to).sort()).toEqual([tina.user.email, tom.user.email].sort());
    expect(mails[0].subject).toBe('New message from Ann Author');
    expect(mails[0].text).toContain(`/app/messages?type=dms&id=${dmId}`);
    expect(mails[0].text).toContain('Hello @tcs');
    expect(mails[0].from).toMatch(/^Ann Author </);

    const reply = await tina.api.post('/api/messages/dms').send({ dm_value: '<p>On it</p>', parent_dm_id: dmId });
    const replyId = reply.body.thread[0].dm_id as number;
    await waitForMails(`dm-${replyId}-`, 2);
    expect((await mailsOf(`dm-${replyId}-`)).map((m) => m.to).sort()).toEqual([ann.user.email, tom.user.email].sort());
    // An edit that mentions no one new sends nothing more.
    await ann.api.patch('/api/messages/dms').send({ dm_id: dmId, dm_value: `<p>Hello again ${groupOf('tcs')}</p>` });
    const sentinel = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${mentionOf(bob.user)}</p>` });
    await waitForMails(`dm-${sentinel.body.dm_id}-`, 1);
    expect(await mailsOf(`dm-${dmId}-`)).toHaveLength(2);
  });

  it('a comment mails the mentioned users only, under comment_mention; no mention, no mail', async () => {
    const plain = await tina.api
      .post('/api/messages/comments')
      .send({ comment_type: 'trans', comment_on_id: deal, comment_value: '<p>no one</p>' });
    expect(plain.status).toBe(201);
    const mention = await tina.api.post('/api/messages/comments').send({
      comment_type: 'trans',
      comment_on_id: deal,
      comment_value: `<p>${mentionOf(ann.user)} ${mentionOf(tom.user)} ${mentionOf(bob.user)} see this</p>`,
    });
    const id = mention.body.comment_id as number;
    await waitForMails(`comment-${id}-`, 2);
    const mails = await mailsOf(`comment-${id}-`);
    // Bob, an agent not on the transaction, may not see it: his mention is dropped.
    expect(mails.map((m) => m.to).sort()).toEqual([ann.user.email, tom.user.email].sort());
    expect(mails[0].subject).toContain('Tina Tc mentioned you in a comment');
    expect(mails[0].text).toContain(`/app/messages?type=comments&id=${id}`);
    expect(await mailsOf(`comment-${plain.body.comment_id}-`)).toEqual([]);
  });

  it('a switch turned off skips the mail; the message still reaches the inbox', async () => {
    await kit.sut.dataSource.query(
      `INSERT INTO messaging.notification_switches (agent_id, code, team_id, notification_id, enabled, source_occurred_at) VALUES ($1, 'direct_message', $2, 5, false, now())`,
      [bob.user.agent_id, TEAM],
    );
    const sent = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${mentionOf(bob.user)} ${mentionOf(tom.user)} quiet</p>` });
    const dmId = sent.body.dm_id as number;
    await waitForMails(`dm-${dmId}-to-${tom.user.agent_id}`, 1);
    // The worker takes jobs in order: a later mail delivered means Bob's was decided.
    const later = await ann.api.post('/api/messages/dms').send({ dm_value: `<p>${mentionOf(tom.user)} later</p>` });
    await waitForMails(`dm-${later.body.dm_id}-`, 1);
    expect(await mailsOf(`dm-${dmId}-to-${bob.user.agent_id}`)).toEqual([]);
    const bobs = (await bob.api.get('/api/messages/dms')).body.records.map((r: { dm_id: number }) => r.dm_id);
    expect(bobs).toContain(dmId);
  });
});
