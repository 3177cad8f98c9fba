import type { Role } from '@app/contracts';
import { EventOutbox } from '@app/events';
import type { SeedState } from '@app/seed';
import { signedInClient } from '@app/testing';
import { messagingSeeder } from '../src/seed/messaging.seeder';
import { bootInbox, type InboxKit } from './inbox-test-kit';

// The messaging seeder (libs/seed): a few Demo Realty DM threads and comments, written through the
// inbox's services once the read copies hold the demo users and transactions; a second run adds nothing.

describe('messaging seeder', () => {
  let kit: InboxKit;
  const TEAM = 99;
  const state: SeedState = { teams: [{ key: 'demo', team_id: TEAM, name: 'Demo Realty', timezone: 'America/New_York' }], users: [] };
  const people: Record<string, { agent_id: number; roles: Role[] }> = {};

  beforeAll(async () => {
    kit = await bootInbox();
    const roles: Record<string, Role> = { admin: 'ADMIN', tc: 'TRANC', isa: 'ISISA', agent: 'AGENT', client: 'CLIENT', vendor: 'VENDOR' };
    for (const [name, role] of Object.entries(roles)) {
      const user = await kit.factory.user(TEAM, { role, email: `${name}@demo-realty.test`, first_name: name });
      people[name] = { agent_id: user.agent_id, roles: [role] };
      state.users.push({ email: user.email, agent_id: user.agent_id, team_id: TEAM, roles: [role] });
    }
    const deal = await kit.factory.transaction(TEAM, {
      primary_agent_id: people.agent.agent_id,
      tc_agent_id: people.tc.agent_id,
      client_user_ids: [people.client.agent_id],
      formatted_address: '5 Demo Lane',
    });
    await kit.factory.task(TEAM, deal, { name: 'Order title', assigned_to_agent_id: people.tc.agent_id });
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
  });

  const run = (live: boolean) =>
    messagingSeeder.seed({
      options: { teams: ['demo'], transactions: 0, live },
      dataSource: kit.sut.dataSource,
      outbox: new EventOutbox({ service: 'messaging', schema: 'messaging', databaseUrl: kit.database.url, redisUrl: '' }),
      state,
      log: () => undefined,
    });
  const as = (name: string) =>
    signedInClient(kit.sut.server, { agent_id: people[name].agent_id, team_id: TEAM, roles: people[name].roles });

  it('needs the services running (--wait)', async () => {
    expect(await run(false)).toMatch(/--wait/);
  });

  it('seeds DM threads and comments the demo users see in their inboxes, once', async () => {
    expect(await run(true)).toMatch(/^added \d+ Demo Realty messages/);
    const agent = await as('agent');
    const agentDms = (await agent.get('/api/messages/dms')).body;
    expect(agentDms.records.length).toBe(3);
    expect((await agent.get('/api/messages/unread-counts')).body).toEqual({ dms: 3, comments: 1, mentions: 0 });
    const tcDms = (await (await as('tc')).get('/api/messages/dms')).body.records;
    expect(tcDms.some((r: { thread: unknown[] }) => r.thread.length === 1)).toBe(true);
    const clientComments = (await (await as('client')).get('/api/messages/comments')).body.records;
    expect(clientComments).toHaveLength(1);
    expect(clientComments[0].visibility).toBe('c');
    const tcComments = (await (await as('tc')).get('/api/messages/comments?comment_type=task')).body.records;
    expect(tcComments).toHaveLength(1);

    const [{ n }] = await kit.sut.dataSource.query(`SELECT count(*)::int AS n FROM messaging.direct_messages`);
    expect(await run(true)).toBe('messages already present');
    expect((await kit.sut.dataSource.query(`SELECT count(*)::int AS n FROM messaging.direct_messages`))[0].n).toBe(n);
  });
});
