import type { Role } from '@app/contracts';
import type { MessagingUserRow, SignedInClient } from '@app/testing';
import { bootInbox, type InboxKit } from './inbox-test-kit';

// Scale (lists filtered and paginated in SQL with indexes, no N+1): a team with thousands of comments.
// A user's comment inbox and counts are read from what they are part of (indexed), never by checking every
// comment of the team for every user; a change's counts for a whole team stay quick; bulk changes run a
// bounded number of queries whatever the number of ids.

describe('inbox at scale', () => {
  let kit: InboxKit;
  const TEAM = 97;
  type Person = { user: MessagingUserRow; api: SignedInClient };
  const staff: Person[] = [];
  let agent: Person;

  /** Runs `call`, answering the number of SQL statements it ran and its time. */
  const measured = async <T>(call: () => Promise<T>): Promise<{ result: T; queries: number; ms: number }> => {
    const dataSource = kit.sut.dataSource as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = dataSource.query;
    let queries = 0;
    dataSource.query = (...args: unknown[]) => {
      queries += 1;
      return original.apply(dataSource, args);
    };
    const started = Date.now();
    try {
      const result = await call();
      return { result, queries, ms: Date.now() - started };
    } finally {
      dataSource.query = original;
    }
  };

  beforeAll(async () => {
    kit = await bootInbox();
    const roles: Role[] = [
      ...Array<Role>(8).fill('ADMIN'),
      ...Array<Role>(8).fill('TRANC'),
      ...Array<Role>(4).fill('ISISA'),
      ...Array<Role>(25).fill('AGENT'),
    ];
    for (const role of roles) staff.push(await kit.userAs(TEAM, { role }));
    agent = await kit.userAs(TEAM, { role: 'AGENT', first_name: 'Quiet', last_name: 'Agent' });
    const agents = staff.filter((p) => p.user.roles[0] === 'AGENT').map((p) => p.user.agent_id);
    const tcs = staff.filter((p) => p.user.roles[0] === 'TRANC').map((p) => p.user.agent_id);
    const q = (sql: string, params: unknown[] = []) => kit.sut.dataSource.query(sql, params);
    // 3,000 transactions of the team and 12,000 threads on them (with a reply each), none involving `agent`.
    await q(
      `INSERT INTO messaging.transactions (client_id, team_id, version, type, first_name, last_name, formatted_address, primary_agent_id, tc_agent_id)
       SELECT 900000 + g, $1, 1, 'buyer', 'First' || g, 'Last' || g, g || ' Scale St', ($2::int[])[1 + g % 25], ($3::int[])[1 + g % 8] FROM generate_series(1, 3000) g`,
      [TEAM, agents, tcs],
    );
    await q(
      `INSERT INTO messaging.tasks (task_id, team_id, client_id, version, name, assigned_to_agent_id)
       SELECT 950000 + g, $1, 900000 + 1 + g % 3000, 1, 'Task ' || g, ($2::int[])[1 + g % 25] FROM generate_series(1, 6000) g`,
      [TEAM, agents],
    );
    await q(
      `INSERT INTO messaging.comments (team_id, client_id, comment_type, comment_on_id, author_agent_id, comment_value, comment_text, visibility, created_ts, last_activity_ts)
       SELECT $1, 900000 + 1 + g % 3000, 'trans', 900000 + 1 + g % 3000, ($2::int[])[1 + g % 25], '<p>note ' || g || '</p>', 'note ' || g,
              CASE WHEN g % 3 = 0 THEN 'c' ELSE 'i' END, now() - g * interval '1 minute', now() - g * interval '1 minute'
       FROM generate_series(1, 12000) g`,
      [TEAM, agents],
    );
    await q(
      `INSERT INTO messaging.comments (team_id, client_id, comment_type, comment_on_id, parent_comment_id, author_agent_id, comment_value, comment_text, visibility, created_ts)
       SELECT team_id, client_id, comment_type, comment_on_id, comment_id, author_agent_id, '<p>reply</p>', 'reply', visibility, created_ts + interval '1 second'
       FROM messaging.comments WHERE team_id = $1`,
      [TEAM],
    );
    await q(
      `INSERT INTO messaging.comment_states (comment_id, agent_id, participant, viewed_ts)
       SELECT comment_id, author_agent_id, true, now() FROM messaging.comments WHERE team_id = $1 AND parent_comment_id IS NULL`,
      [TEAM],
    );
    await q('ANALYZE messaging.comments, messaging.comment_states, messaging.transactions, messaging.tasks');
  }, 300_000);
  afterAll(async () => {
    await kit?.close();
  });

  it('a DM to @all reads the counts of the whole team quickly, however many comments the team has', async () => {
    const { result, ms } = await measured(() => agent.api.post('/api/messages/dms').send({ dm_value: '<p>Office closed Friday @all</p>' }));
    expect(result.status).toBe(201);
    // Reading every user's counts by checking every comment of the team for each took seconds here.
    expect(ms).toBeLessThan(3000);
  });

  it("an uninvolved user's comment inbox and counts are empty and quick; an involved one's are right", async () => {
    const { result: list, ms: listMs } = await measured(() => agent.api.get('/api/messages/comments'));
    expect(list.body.records).toEqual([]);
    const { result: counts, ms: countsMs } = await measured(() => agent.api.get('/api/messages/unread-counts'));
    expect(counts.body).toEqual({ dms: 0, comments: 0, mentions: 0 });
    expect(listMs + countsMs).toBeLessThan(1000);
    // The TC of a tenth of the deals has their threads unread (they wrote none of them).
    const tc = staff[8];
    const expected: { n: number }[] = await kit.sut.dataSource.query(
      `SELECT count(*)::int AS n FROM messaging.comments c JOIN messaging.transactions t ON t.client_id = c.client_id WHERE c.parent_comment_id IS NULL AND t.tc_agent_id = $1`,
      [tc.user.agent_id],
    );
    expect((await tc.api.get('/api/messages/unread-counts')).body).toMatchObject({ comments: expected[0].n, mentions: 0 });
    const page = await tc.api.get('/api/messages/comments?status=unread');
    expect(page.body.pagination).toMatchObject({ total: expected[0].n, has_next: true });
    expect(page.body.records).toHaveLength(10);
  });

  it('a bulk change of many threads runs a bounded number of queries', async () => {
    const reader = staff[0];
    for (let i = 0; i < 30; i++) {
      const sent = await agent.api
        .post('/api/messages/dms')
        .send({ dm_value: `<p><span data-mention="user:${reader.user.agent_id}">@x</span> #${i}</p>` });
      expect(sent.status).toBe(201);
    }
    const dmIds = (await reader.api.get('/api/messages/dms?per_page=100')).body.records.map((r: { dm_id: number }) => r.dm_id);
    expect(dmIds.length).toBeGreaterThanOrEqual(30);
    const { result, queries } = await measured(() =>
      reader.api.patch('/api/messages/dms/status/bulk').send({ status: 'read', dm_ids: dmIds }),
    );
    expect(result.body).toEqual({ updated: dmIds.length });
    expect(queries).toBeLessThan(15);
    expect((await reader.api.get('/api/messages/dms?status=unread')).body.records).toEqual([]);
  });
});
