import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { buildUserSnapshot, eventually } from '@app/testing';
import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
  FAKE_SKYSLOPE_OFFICES,
  FAKE_SKYSLOPE_USERS,
} from '../fake-skyslope';
import { MatchUsersWorker } from '../src/matching/match-users.worker';
import { bearerOf, bootIntegrationsSync } from './skyslope-test-kit';

// Office mapping, user matching and the primary agent (spec 002 section 2.6), against the fake SkySlope seeded with
// Demo Realty's users (one in other letter case) and strangers.

describe('SkySlope offices, matched users and primary agent', () => {
  let booted: Awaited<ReturnType<typeof bootIntegrationsSync>>;
  const TEAM = 21;
  const RIVAL = 22;
  const server = () => booted.sut.server;
  const admin = () => bearerOf(1, TEAM, 'ADMIN');
  const ssGuid = (email: string) => FAKE_SKYSLOPE_USERS.find((user) => user.email.toLowerCase() === email.toLowerCase())!.userGuid;
  const addUser = (
    agentId: number,
    email: string,
    roles: string[],
    extra: { status?: string; guid?: string | null; team?: number; first?: string; last?: string } = {},
  ) =>
    booted.sut.dataSource.query(
      `INSERT INTO integrations_sync.users (agent_id, team_id, first_name, last_name, email, status, roles, skyslope_agent_guid, source_occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
      [
        agentId,
        extra.team ?? TEAM,
        extra.first ?? 'Pat',
        extra.last ?? `User${agentId}`,
        email,
        extra.status ?? 'active',
        roles,
        extra.guid ?? null,
      ],
    );

  beforeAll(async () => {
    booted = await bootIntegrationsSync('all');
    await addUser(1, 'admin@demo-realty.test', ['ADMIN'], { first: 'Ada', last: 'Admin' });
    await addUser(2, 'tc@demo-realty.test', ['TRANC'], { first: 'Tara', last: 'Coordinator' });
    await addUser(3, '  AGENT@demo-realty.test ', ['AGENT'], { first: 'Alex', last: 'Agent' });
    await addUser(4, 'restricted@demo-realty.test', ['AGENT'], { first: 'Rae', last: 'Restricted' });
    await addUser(5, 'isa@demo-realty.test', ['ISISA']);
    // Their own guid wins over the email: SkySlope lists it under another address.
    await addUser(6, 'owner@demo-realty.test', ['AGENT'], {
      guid: ssGuid('sam.stranger@skyslope-only.test'),
      first: 'Owen',
      last: 'Owner',
    });
    // A guid SkySlope does not list: unmatched, whatever the email.
    await addUser(7, 'jordan.outside@elsewhere-brokerage.test', ['AGENT'], { guid: 'not-a-skyslope-guid' });
    await addUser(8, 'morgan.nomatch@elsewhere-brokerage.test', ['AGENT'], { status: 'inactive' });
    await addUser(9, 'admin@demo-realty.test', ['ADMIN'], { team: RIVAL });
    await request(server())
      .post('/api/skyslope/settings')
      .set(await admin())
      .send({ accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET })
      .expect(200);
  }, 60_000);
  afterAll(() => booted?.close());

  it("lists SkySlope's offices for the team and takes one of them; another team's id is 404", async () => {
    const { body } = await request(server())
      .get('/api/skyslope/offices')
      .query({ team_id: TEAM })
      .set(await admin())
      .expect(200);
    expect(body).toEqual({
      skyslope_offices: Object.fromEntries(FAKE_SKYSLOPE_OFFICES.map((office) => [office.officeGuid, office.officeName])),
      skyslope_guid: null,
    });
    await request(server())
      .get('/api/skyslope/offices')
      .query({ team_id: RIVAL })
      .set(await admin())
      .expect(404);
    const refused = await request(server())
      .post('/api/skyslope/offices')
      .set(await admin())
      .send({ skyslope_guid: 'elsewhere' })
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'skyslope_guid', error: 'Invalid input' }]);
    expect(
      (
        await request(server())
          .post('/api/skyslope/offices')
          .set(await admin())
          .send({ skyslope_guid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID })
          .expect(200)
      ).body.message,
    ).toBe('Office: SkySlope office successfully updated');
    expect(
      (
        await request(server())
          .get('/api/skyslope/offices')
          .set(await admin())
          .expect(200)
      ).body.skyslope_guid,
    ).toBe(FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID);
    await request(server())
      .get('/api/skyslope/offices')
      .set(await bearerOf(3, TEAM, 'AGENT'))
      .expect(403);
  });

  it('matches active users by email (case and spaces aside), their own guid first, and a second run changes nothing', async () => {
    expect(
      (
        await request(server())
          .get('/api/skyslope/matched-users')
          .set(await admin())
          .expect(200)
      ).body.matched_users,
    ).toEqual([]);
    const run = await request(server())
      .post('/api/skyslope/matched-users')
      .set(await admin())
      .send({ match_skyslope_users: true })
      .expect(200);
    expect(run.body).toEqual({ status: 'Successfully updated matched users' });
    const { body } = await request(server())
      .get('/api/skyslope/matched-users')
      .set(await admin())
      .expect(200);
    expect(body.matched_users).toEqual([
      {
        agent_id: 1,
        first_name: 'Ada',
        last_name: 'Admin',
        matching_email: 'admin@demo-realty.test',
        guid: ssGuid('admin@demo-realty.test'),
      },
      {
        agent_id: 3,
        first_name: 'Alex',
        last_name: 'Agent',
        matching_email: 'agent@demo-realty.test',
        guid: ssGuid('agent@demo-realty.test'),
      },
      {
        agent_id: 2,
        first_name: 'Tara',
        last_name: 'Coordinator',
        matching_email: 'tc@demo-realty.test',
        guid: ssGuid('tc@demo-realty.test'),
      },
      {
        agent_id: 6,
        first_name: 'Owen',
        last_name: 'Owner',
        matching_email: 'sam.stranger@skyslope-only.test',
        guid: ssGuid('sam.stranger@skyslope-only.test'),
      },
      {
        agent_id: 4,
        first_name: 'Rae',
        last_name: 'Restricted',
        matching_email: 'Restricted@Demo-Realty.TEST',
        guid: ssGuid('restricted@demo-realty.test'),
      },
    ]);
    expect(await booted.sut.app.get(MatchUsersWorker).run(TEAM)).toEqual({ matched: 5, changed: 0 });
    // A user gone from the team's active users leaves the matches on the next run.
    await booted.sut.dataSource.query(`UPDATE integrations_sync.users SET status = 'inactive' WHERE agent_id = 4`);
    expect(await booted.sut.app.get(MatchUsersWorker).run(TEAM)).toEqual({ matched: 4, changed: 1 });
    await request(server())
      .post('/api/skyslope/matched-users')
      .set(await admin())
      .send({ match_skyslope_users: 'yes' })
      .expect(400);
  });

  it('joins a run in progress: two Re-match requests at once read SkySlope as often as one', async () => {
    const usersCalls = () =>
      Object.entries(booted.fake.control.stats().byPath)
        .filter(([path]) => path.includes('/api/users'))
        .reduce((sum, [, n]) => sum + n, 0);
    const rematch = async () =>
      request(server())
        .post('/api/skyslope/matched-users')
        .set(await admin())
        .send({ match_skyslope_users: true });
    booted.fake.control.set({ latencyMs: 150 });
    try {
      let before = usersCalls();
      expect((await rematch()).status).toBe(200);
      const oneRun = usersCalls() - before;
      expect(oneRun).toBeGreaterThan(0);
      before = usersCalls();
      const [first, second] = await Promise.all([rematch(), rematch()]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(usersCalls() - before).toBe(oneRun);
    } finally {
      booted.fake.control.set({ latencyMs: 0 });
    }
  });

  it('matches a user identity reports as new, through the event bus, without a Re-match', async () => {
    const payload = buildUserSnapshot({
      agent_id: 10,
      team_id: TEAM,
      team_name: 'Demo Realty',
      first_name: 'Jo',
      last_name: 'New',
      email: 'JORDAN.outside@elsewhere-brokerage.test',
      roles: ['AGENT'],
    });
    await booted.deliver({
      id: randomUUID(),
      type: 'identity.user.created',
      team_id: TEAM,
      occurred_at: new Date().toISOString(),
      version: 1,
      payload,
    });
    const matched = await eventually(async () => {
      const { body } = await request(server())
        .get('/api/skyslope/matched-users')
        .set(await admin())
        .expect(200);
      return body.matched_users.find((user: { agent_id: number }) => user.agent_id === 10) ?? false;
    });
    expect(matched).toEqual({
      agent_id: 10,
      first_name: 'Jo',
      last_name: 'New',
      matching_email: 'jordan.outside@elsewhere-brokerage.test',
      guid: ssGuid('jordan.outside@elsewhere-brokerage.test'),
    });
  });

  it('offers the matched users as primary agents by their SkySlope names, and takes one or null', async () => {
    const { body } = await request(server())
      .get('/api/skyslope/primary-agent')
      .set(await admin())
      .expect(200);
    expect(body.selected_primary_agent).toBeNull();
    expect(body.primary_agents).toEqual(
      expect.arrayContaining([
        { guid: ssGuid('tc@demo-realty.test'), full_name: 'Taylor Coordinator' },
        { guid: ssGuid('admin@demo-realty.test'), full_name: 'Avery Admin' },
      ]),
    );
    expect(body.primary_agents.map((agent: { guid: string }) => agent.guid)).not.toContain(ssGuid('restricted@demo-realty.test'));
    const tc = ssGuid('tc@demo-realty.test');
    expect(
      (
        await request(server())
          .post('/api/skyslope/primary-agent')
          .set(await admin())
          .send({ selected_primary_agent_guid: tc })
          .expect(200)
      ).body.message,
    ).toBe('Primary agent successfully updated');
    expect(
      (
        await request(server())
          .get('/api/skyslope/primary-agent')
          .set(await admin())
          .expect(200)
      ).body.selected_primary_agent,
    ).toBe(tc);
    await request(server())
      .post('/api/skyslope/primary-agent')
      .set(await admin())
      .send({ selected_primary_agent_guid: 'stranger' })
      .expect(400);
    await request(server())
      .post('/api/skyslope/primary-agent')
      .set(await admin())
      .send({ selected_primary_agent_guid: null })
      .expect(200);
    expect(
      (
        await request(server())
          .get('/api/skyslope/primary-agent')
          .set(await admin())
          .expect(200)
      ).body.selected_primary_agent,
    ).toBeNull();
  });

  it('offers the TC only while SkySlope lists them', async () => {
    const tc = ssGuid('tc@demo-realty.test');
    const choices = async () =>
      (
        await request(server())
          .get('/api/skyslope/primary-agent')
          .set(await admin())
          .expect(200)
      ).body.primary_agents.map((agent: { guid: string }) => agent.guid);
    expect(await choices()).toContain(tc);
    booted.fake.control.setUsers(FAKE_SKYSLOPE_USERS.filter((user) => user.userGuid !== tc));
    try {
      await request(server())
        .post('/api/skyslope/matched-users')
        .set(await admin())
        .send({ match_skyslope_users: true })
        .expect(200);
      expect(await choices()).not.toContain(tc);
      expect(await choices()).toContain(ssGuid('admin@demo-realty.test'));
    } finally {
      booted.fake.control.setUsers([...FAKE_SKYSLOPE_USERS]);
    }
  });

  it('refuses an AGENT and a team without transaction_sync on every call', async () => {
    for (const [method, path] of [
      ['get', '/api/skyslope/matched-users'],
      ['post', '/api/skyslope/matched-users'],
      ['get', '/api/skyslope/primary-agent'],
      ['post', '/api/skyslope/offices'],
    ] as const) {
      const asAgent = request(server());
      await asAgent[method](path)
        .set(await bearerOf(3, TEAM, 'AGENT'))
        .send({})
        .expect(403);
      const asRival = request(server());
      await asRival[method](path)
        .set(await bearerOf(9, RIVAL, 'ADMIN', []))
        .send({})
        .expect(403);
    }
  });
});
