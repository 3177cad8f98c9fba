// The seed framework on a fresh database: every service's seeder in dependency order, idempotent,
// publishing through the outbox; the read copies it feeds fill in through the real bus.
import * as argon2 from 'argon2';
import { schemaOf, TOOLTIP_IDS } from '@app/contracts';
import { createServiceDataSource, migrateServiceSchema } from '@app/database';
import {
  DEMO_PASSWORD,
  DEMO_VENDOR_INVITE,
  runSeeders,
  SEED_TEAMS,
  waitForSeededReadCopies,
  type SeedOptions,
  type SeedState,
} from '@app/seed';
import { bootTestService, createTestDatabase, testEnv, type TestDatabase, type TestService } from '@app/testing';
import type { ServiceConfig } from '@app/platform';
import { identityConfigSpec } from '../../services/identity/src/identity.config';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { identitySeeder } from '../../services/identity/src/seed/demo-seed';
import { teamAdminConfigSpec } from '../../services/team-admin/src/team-admin.config';
import { TeamAdminModule } from '../../services/team-admin/src/team-admin.module';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';
import { SERVICE_MIGRATIONS, SERVICE_SEEDERS } from '../../scripts/service-registry';

const ALL_USERS = SEED_TEAMS.flatMap((team) => team.users);
const AGENT_ROLES: string[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT'];

describe('the seed framework', () => {
  let database: TestDatabase;
  let first: SeedState;
  const lines: string[] = [];
  const seed = (teams: ('demo' | 'bench')[] = ['demo', 'bench']) =>
    runSeeders(SERVICE_SEEDERS, { databaseUrl: database.url, options: { teams, transactions: 0 }, log: (line) => lines.push(line) });
  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const dataSource = await createServiceDataSource({
      url: database.url,
      schema: 'public',
      entities: [],
      migrations: [],
      poolSize: 1,
    }).initialize();
    try {
      return await dataSource.query(sql, params);
    } finally {
      await dataSource.destroy();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const service of ['identity', 'team-admin', 'transactions'] as const) {
      const dataSource = createServiceDataSource({
        url: database.url,
        schema: schemaOf(service),
        entities: [],
        migrations: SERVICE_MIGRATIONS[service],
      });
      await migrateServiceSchema(dataSource);
    }
    first = await seed();
  }, 60_000);

  afterAll(() => database.drop());

  it('creates the three teams and every seeded user with their permissions and e-sign switch', async () => {
    expect(first.teams.map((t) => t.name)).toEqual(['Demo Realty', 'Rival Homes', 'Bench Realty']);
    const users = await query<{ email: string; permissions: string[]; esign_enabled: boolean; team: string }>(
      `SELECT u.email, u.permissions, u.esign_enabled, t.name AS team FROM identity.users u JOIN identity.teams t USING (team_id) ORDER BY u.agent_id`,
    );
    expect(users.map((u) => u.email)).toEqual(ALL_USERS.map((u) => u.email));
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get('admin@demo-realty.test')).toMatchObject({
      permissions: ['manage_tooltips'],
      esign_enabled: true,
      team: 'Demo Realty',
    });
    expect(byEmail.get('restricted@demo-realty.test')).toMatchObject({
      permissions: ['agent_restricted_team_dashboard'],
      esign_enabled: false,
    });
    expect(byEmail.get('admin@bench-realty.test')).toMatchObject({ team: 'Bench Realty' });
    const [demo] = await query<{ permissions: string[] }>(`SELECT permissions FROM identity.teams WHERE name = 'Demo Realty'`);
    expect(demo.permissions.sort()).toEqual(['team_esign', 'transaction_sync']);
  });

  it("publishes each change through the owner's outbox: a team provisioned and a user created, once each", async () => {
    const events = await query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM identity.outbox GROUP BY type ORDER BY type`,
    );
    // The commission-defaults step (after transactions' templates): one update per agent of every team.
    expect(events).toEqual([
      { type: 'identity.team.provisioned', n: 3 },
      { type: 'identity.user.created', n: ALL_USERS.length },
      { type: 'identity.user.updated', n: ALL_USERS.filter((u) => u.roles.some((role) => AGENT_ROLES.includes(role))).length },
    ]);
    const forms = await query<{ team_id: number; n: number }>(
      `SELECT team_id, count(*)::int AS n FROM transactions.team_forms GROUP BY team_id ORDER BY team_id`,
    );
    // The four buyer and seller forms, the list form and the page form.
    expect(forms).toEqual(first.teams.map((t) => ({ team_id: t.team_id, n: 6 })));
  });

  it("makes the transactions seeder's commission templates every agent's defaults, with caps and anniversaries; a user's own stay on a re-run", async () => {
    const templates = await query<{ team_id: number; client_type_id: string; ids: number[]; names: string[] }>(
      `SELECT team_id, client_type_id, array_agg(commission_template_id ORDER BY commission_template_id) AS ids, array_agg(name ORDER BY commission_template_id) AS names
         FROM transactions.commission_templates GROUP BY team_id, client_type_id ORDER BY team_id, client_type_id`,
    );
    expect(templates).toHaveLength(6);
    for (const side of templates) expect(side.names).toEqual(['Brokerage Split', 'Royalty', 'Transaction Fee']);
    const agents = await query<{
      email: string;
      team_id: number;
      roles: string[];
      b: number | null;
      r: number | null;
      bd: string | null;
      buyer: number[];
      seller: number[];
    }>(
      `SELECT email, team_id, roles, brokerage_cap_amt::float8 AS b, royalty_cap_amt::float8 AS r, brokerage_cap_anniversary_dt::text AS bd,
              default_buyer_commission_templates AS buyer, default_seller_commission_templates AS seller FROM identity.users ORDER BY agent_id`,
    );
    for (const user of agents) {
      const sides = templates.filter((t) => t.team_id === user.team_id);
      if (user.roles.some((role) => AGENT_ROLES.includes(role))) {
        expect(user).toMatchObject({
          b: 20_000,
          r: 3_000,
          bd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          buyer: sides[0].ids,
          seller: sides[1].ids,
        });
      } else {
        expect(user).toMatchObject({ b: null, r: null, buyer: [], seller: [] });
      }
    }
    // Spread over the year.
    expect(new Set(agents.filter((u) => u.bd).map((u) => u.bd!.slice(5, 7))).size).toBeGreaterThan(3);
    await query(
      `UPDATE identity.users SET brokerage_cap_amt = 5, default_buyer_commission_templates = '{}' WHERE email = 'agent@demo-realty.test'`,
    );
    await seed(['demo']);
    const [kept] = await query<{ b: number; buyer: number[] }>(
      `SELECT brokerage_cap_amt::float8 AS b, default_buyer_commission_templates AS buyer FROM identity.users WHERE email = 'agent@demo-realty.test'`,
    );
    expect(kept).toEqual({ b: 5, buyer: [] });
    await query(
      `UPDATE identity.users SET brokerage_cap_amt = 20000, default_buyer_commission_templates = $1 WHERE email = 'agent@demo-realty.test'`,
      [templates[0].ids],
    );
  });

  it('seeds one tooltip per widget key and one pending demo vendor invite, renewed once it is spent', async () => {
    const tooltips = await query<{ id: number }>(`SELECT id FROM team_admin.tooltips WHERE market_id = 0 ORDER BY id`);
    expect(tooltips.map((t) => t.id)).toEqual(Object.values(TOOLTIP_IDS).sort());
    const invites = async () =>
      query<{ invite_id: number; team: string; used_ts: Date | null }>(
        `SELECT i.invite_id, t.name AS team, i.used_ts FROM identity.vendor_invites i JOIN identity.teams t USING (team_id)
          WHERE i.token_hash = encode(sha256($1::bytea), 'hex') ORDER BY i.invite_id`,
        [DEMO_VENDOR_INVITE.token],
      );
    const [invite] = await invites();
    expect(invite).toMatchObject({ team: 'Demo Realty', used_ts: null });
    await query(`UPDATE identity.vendor_invites SET used_ts = now() WHERE invite_id = $1`, [invite.invite_id]);
    await seed(['demo']);
    expect((await invites()).map((i) => i.used_ts === null)).toEqual([false, true]);
  });

  it('adds nothing when run again, and says so', async () => {
    const count = async () =>
      (
        await query<{ users: number; events: number; forms: number }>(
          `SELECT (SELECT count(*)::int FROM identity.users) AS users, (SELECT count(*)::int FROM identity.outbox) AS events,
                (SELECT count(*)::int FROM transactions.team_forms) AS forms`,
        )
      )[0];
    const before = await count();
    lines.length = 0;
    const again = await seed();
    expect(await count()).toEqual(before);
    expect(again.users).toEqual(first.users);
    expect(lines).toEqual([
      '[seed:identity] 3 teams; users already present',
      '[seed:team-admin] tooltips already present; blackout days and document types come with --wait (the services running); teams are set up from identity.team.provisioned',
      '[seed:transactions] transactions data already present',
      '[seed:identity:commission-defaults] commission defaults already present',
      '[seed:messaging] DM threads and comments come with --wait (they build on the read copies of users and transactions)',
      '[seed:esign] the demo template comes with --wait (the services running)',
    ]);
  });

  it("brings a seeded user's permissions up to date without touching a password the user changed", async () => {
    await query(
      `UPDATE identity.users SET permissions = '{}', esign_enabled = false, password_hash = 'changed-by-the-user' WHERE email = 'admin@demo-realty.test'`,
    );
    const [{ seq }] = await query<{ seq: string }>(`SELECT coalesce(max(seq), 0) AS seq FROM identity.outbox`);
    await seed(['demo']);
    const [admin] = await query<{ permissions: string[]; esign_enabled: boolean; password_hash: string; agent_id: number }>(
      `SELECT agent_id, permissions, esign_enabled, password_hash FROM identity.users WHERE email = 'admin@demo-realty.test'`,
    );
    expect(admin).toMatchObject({ permissions: ['manage_tooltips'], esign_enabled: true, password_hash: 'changed-by-the-user' });
    const published = await query<{ type: string; agent_id: number; permissions: string[] }>(
      `SELECT type, (payload->>'agent_id')::int AS agent_id, payload->'permissions' AS permissions FROM identity.outbox WHERE seq > $1`,
      [seq],
    );
    expect(published).toEqual([
      {
        type: 'identity.user.updated',
        agent_id: admin.agent_id,
        permissions: ['team_esign', 'agent_esign', 'transaction_sync', 'manage_tooltips'],
      },
    ]);
  });

  describe('with the services running', () => {
    const services: TestService<ServiceConfig>[] = [];

    afterAll(async () => {
      for (const service of services.reverse()) await service.close();
    });

    it('names what a read copy still misses, then is ready once the workers have applied the events', async () => {
      await expect(
        waitForSeededReadCopies(SERVICE_SEEDERS, {
          databaseUrl: database.url,
          options: { teams: ['demo', 'bench'], transactions: 0 },
          state: first,
          timeoutMs: 300,
        }),
      ).rejects.toThrow(/^team-admin read copies are not ready: 3 of 3 teams are not set up yet$/);

      const env = testEnv(database);
      services.push(
        await bootTestService<ServiceConfig>({
          service: 'identity',
          env,
          configSpec: identityConfigSpec,
          migrations: [],
          module: (c) => IdentityModule.forRoot(c as never, 'all'),
        }),
        await bootTestService<ServiceConfig>({
          service: 'team-admin',
          env,
          configSpec: teamAdminConfigSpec,
          migrations: [],
          module: (c) => TeamAdminModule.forRoot(c as never, 'all'),
        }),
        await bootTestService<ServiceConfig>({
          service: 'transactions',
          env,
          migrations: [],
          module: (c) => TransactionsModule.forRoot(c as never, 'all'),
        }),
      );
      await waitForSeededReadCopies(SERVICE_SEEDERS, {
        databaseUrl: database.url,
        options: { teams: ['demo', 'bench'], transactions: 0 },
        state: first,
        timeoutMs: 30_000,
      });

      const agents = await query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions.agents`);
      expect(agents[0].n).toBe(ALL_USERS.length);
      const teams = await query<{ name: string }>(`SELECT name FROM transactions.teams ORDER BY team_id`);
      expect(teams.map((t) => t.name)).toEqual(['Demo Realty', 'Rival Homes', 'Bench Realty']);
    }, 60_000);
  });
});

/** --transactions N: identity adds each volume team's staff (max(12, N / 500) agents, 2 TCs, an ISA). */
describe("the identity seeder's volume staff", () => {
  const databases: TestDatabase[] = [];

  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  /** A fresh database with identity's schema, and a way to run identity's seeder and to query it. */
  const freshIdentity = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const dataSource = await createServiceDataSource({
      url: database.url,
      schema: schemaOf('identity'),
      entities: [],
      migrations: SERVICE_MIGRATIONS.identity,
      poolSize: 1,
    }).initialize();
    await migrateServiceSchema(dataSource);
    const lines: string[] = [];
    return {
      lines,
      seed: (options: SeedOptions) => runSeeders([identitySeeder], { databaseUrl: database.url, options, log: (line) => lines.push(line) }),
      query: <T>(sql: string, params: unknown[] = []): Promise<T[]> => dataSource.query(sql, params),
      close: () => dataSource.destroy(),
    };
  };

  const generatedOf = (identity: Awaited<ReturnType<typeof freshIdentity>>, domain: string) =>
    identity.query<{ email: string; roles: string[]; first_name: string }>(
      `SELECT email, roles, first_name FROM identity.users WHERE email ~ $1 ORDER BY agent_id`,
      [`^(agent|tc|isa)[0-9]+@${domain.replace(/\./g, '\\.')}$`],
    );
  const counts = async (identity: Awaited<ReturnType<typeof freshIdentity>>) =>
    (
      await identity.query<{ users: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM identity.users) AS users,
              (SELECT count(*)::int FROM identity.outbox WHERE type = 'identity.user.created') AS events`,
      )
    )[0];

  it('adds no generated user for N = 0', async () => {
    const identity = await freshIdentity();
    try {
      const state = await identity.seed({ teams: ['demo', 'bench'], transactions: 0 });
      expect(await generatedOf(identity, 'demo-realty.test')).toEqual([]);
      expect(await generatedOf(identity, 'bench-realty.test')).toEqual([]);
      expect(state.users.map((u) => u.email)).toEqual(ALL_USERS.map((u) => u.email));
      expect(state.teams.map((t) => [t.key, t.volume])).toEqual([
        ['demo', true],
        ['rival', false],
        ['bench', true],
      ]);
    } finally {
      await identity.close();
    }
  });

  it('adds 12 agents, 2 TCs and an ISA for N = 1000 on demo, nothing on a second run, and the 8 more agents of N = 10000', async () => {
    const identity = await freshIdentity();
    try {
      await identity.seed({ teams: ['demo'], transactions: 0 });
      const before = await counts(identity);

      const state = await identity.seed({ teams: ['demo'], transactions: 1000 });
      const generated = await generatedOf(identity, 'demo-realty.test');
      expect(generated.map((u) => [u.email, u.roles])).toEqual([
        ...Array.from({ length: 12 }, (_, i) => [`agent${i + 1}@demo-realty.test`, ['AGENT']]),
        ['tc1@demo-realty.test', ['TRANC']],
        ['tc2@demo-realty.test', ['TRANC']],
        ['isa1@demo-realty.test', ['ISISA']],
      ]);
      // Each one published identity.user.created (through the outbox, in the seed's transaction).
      expect(await counts(identity)).toEqual({ users: before.users + 15, events: before.events + 15 });
      expect(identity.lines.at(-1)).toBe('[seed:identity] 2 teams; created 15 users');
      // The bench set was not selected; Rival Homes is not a volume team.
      expect(await generatedOf(identity, 'bench-realty.test')).toEqual([]);
      expect(await generatedOf(identity, 'rival-homes.test')).toEqual([]);
      // Later seeders find a team's staff by team_id and roles.
      const demoTeam = state.teams.find((t) => t.key === 'demo')!;
      const agents = state.users.filter((u) => u.team_id === demoTeam.team_id && u.roles.includes('AGENT'));
      expect(agents.map((u) => u.email)).toEqual([
        'agent@demo-realty.test',
        'restricted@demo-realty.test',
        ...Array.from({ length: 12 }, (_, i) => `agent${i + 1}@demo-realty.test`),
      ]);
      // They sign in with the demo password (one hash for all), and get licences of their own.
      const hashes = await identity.query<{ password_hash: string }>(
        `SELECT DISTINCT password_hash FROM identity.users WHERE email = ANY($1::text[])`,
        [generated.map((u) => u.email)],
      );
      expect(hashes).toHaveLength(1);
      expect(await argon2.verify(hashes[0].password_hash, DEMO_PASSWORD)).toBe(true);
      const [team] = await identity.query<{ user_licenses_total: number }>(
        `SELECT user_licenses_total FROM identity.teams WHERE team_id = $1`,
        [demoTeam.team_id],
      );
      expect(team.user_licenses_total).toBe(SEED_TEAMS[0].user_licenses_total + 15);

      const afterFirst = await counts(identity);
      const again = await identity.seed({ teams: ['demo'], transactions: 1000 });
      expect(await counts(identity)).toEqual(afterFirst);
      expect(again.users).toEqual(state.users);
      expect(identity.lines.at(-1)).toBe('[seed:identity] 2 teams; users already present');

      await identity.seed({ teams: ['demo'], transactions: 10_000 });
      expect(await counts(identity)).toEqual({ users: afterFirst.users + 8, events: afterFirst.events + 8 });
      const grown = await generatedOf(identity, 'demo-realty.test');
      expect(grown.filter((u) => u.roles.includes('AGENT')).map((u) => u.email)).toEqual(
        Array.from({ length: 20 }, (_, i) => `agent${i + 1}@demo-realty.test`),
      );
      expect(grown.slice(0, 15)).toEqual(generated);
    } finally {
      await identity.close();
    }
  }, 60_000);

  it('creates the 200 agents of N = 100000 in one quick run', async () => {
    const identity = await freshIdentity();
    try {
      const started = Date.now();
      await identity.seed({ teams: ['bench'], transactions: 100_000 });
      const elapsed = Date.now() - started;
      const generated = await generatedOf(identity, 'bench-realty.test');
      expect(generated.filter((u) => u.roles.includes('AGENT'))).toHaveLength(200);
      expect(generated).toHaveLength(203);
      expect(await counts(identity)).toEqual({ users: 205, events: 205 });
      // One argon2 hash reused and one transaction: a few seconds at most even on a slow machine.
      expect(elapsed).toBeLessThan(15_000);
    } finally {
      await identity.close();
    }
  }, 60_000);
});
