import type { ServiceName } from '@app/contracts';
import { orderSeeders, parseSeedArgs, type Seeder } from './seeder';
import { printedSeedUsers, SEED_TEAMS, volumeStaffCounts, volumeUsers } from './seed-teams';

const seeder = (service: ServiceName, after?: ServiceName[]): Seeder => ({ service, after, seed: async () => '' });

describe(orderSeeders.name, () => {
  it('runs each seeder after the ones it names, keeping the given order otherwise', () => {
    const sut = orderSeeders([
      seeder('transactions', ['identity', 'team-admin']),
      seeder('team-admin', ['identity']),
      seeder('identity'),
      seeder('esign'),
    ]);
    expect(sut.map((s) => s.service)).toEqual(['identity', 'team-admin', 'transactions', 'esign']);
  });

  it('refuses a cycle and names it', () => {
    expect(() => orderSeeders([seeder('identity', ['transactions']), seeder('transactions', ['identity'])])).toThrow(
      'seeders depend on each other in a cycle: identity -> transactions -> identity',
    );
  });

  it('runs a later step of a service after that service and after the seeders it names', () => {
    const step: Seeder = { service: 'identity', step: 'commission-defaults', after: ['transactions'], seed: async () => '' };
    const sut = orderSeeders([step, seeder('transactions', ['identity']), seeder('identity')]);
    expect(sut.map((s) => (s.step ? `${s.service}:${s.step}` : s.service))).toEqual([
      'identity',
      'transactions',
      'identity:commission-defaults',
    ]);
  });

  it('refuses a dependency without a seeder', () => {
    expect(() => orderSeeders([seeder('esign', ['messaging'])])).toThrow('the esign seeder runs after messaging, which has no seeder');
  });
});

describe(parseSeedArgs.name, () => {
  it('seeds both team sets and no transactions by default', () => {
    expect(parseSeedArgs([])).toEqual({ teams: ['demo', 'bench'], transactions: 0 });
  });

  it('takes --team (repeatable) and --transactions, with a space or =', () => {
    expect(parseSeedArgs(['--team', 'bench', '--transactions', '100000'])).toEqual({ teams: ['bench'], transactions: 100_000 });
    expect(parseSeedArgs(['--team=demo', '--team=bench', '--transactions=5'])).toEqual({ teams: ['demo', 'bench'], transactions: 5 });
  });

  it.each([
    [['--team', 'rival'], '--team must be demo or bench, got "rival"'],
    [['--transactions', '1.5'], '--transactions must be a whole number from 0 to 10000000, got "1.5"'],
    [['--transactions'], '--transactions needs a value'],
    [['--teams', 'demo'], 'unknown argument "--teams" (use --team demo|bench, --transactions N)'],
  ])('refuses %j with a message naming the problem', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(message);
  });
});

describe('SEED_TEAMS', () => {
  it('has the three teams, the restricted agent and the bench admin', () => {
    expect(SEED_TEAMS.map((t) => t.name)).toEqual(['Demo Realty', 'Rival Homes', 'Bench Realty']);
    const demo = SEED_TEAMS[0].users;
    expect(demo.find((u) => u.email === 'restricted@demo-realty.test')).toMatchObject({
      roles: ['AGENT'],
      permissions: ['agent_restricted_team_dashboard'],
    });
    expect(demo.filter((u) => u.esign_enabled).map((u) => u.email)).toEqual([
      'admin@demo-realty.test',
      'tc@demo-realty.test',
      'agent@demo-realty.test',
    ]);
    expect(demo.find((u) => u.email === 'admin@demo-realty.test')?.permissions).toEqual(['manage_tooltips']);
    expect(SEED_TEAMS[2].users.map((u) => [u.email, u.roles])).toEqual([
      ['admin@bench-realty.test', ['ADMIN']],
      ['tc@bench-realty.test', ['TRANC']],
    ]);
  });

  it('marks Demo Realty and Bench Realty as the volume teams, each with its mail domain', () => {
    expect(SEED_TEAMS.filter((t) => t.volume).map((t) => [t.key, t.domain])).toEqual([
      ['demo', 'demo-realty.test'],
      ['bench', 'bench-realty.test'],
    ]);
    for (const team of SEED_TEAMS) expect(team.users.every((u) => u.email.endsWith(`@${team.domain}`))).toBe(true);
  });

  it('prints every fixed user and one line per volume team for its generated staff', () => {
    expect(printedSeedUsers().map((u) => u.email)).toEqual(SEED_TEAMS.flatMap((t) => t.users.map((u) => u.email)));
    const printed = printedSeedUsers(300);
    expect(printed).toHaveLength(SEED_TEAMS.flatMap((t) => t.users).length + 2);
    expect(printed.filter((u) => u.team.startsWith('Demo Realty (')).map((u) => u.email)).toEqual([
      '{agent1..agent12, tc1..tc2, isa1}@demo-realty.test',
    ]);
    expect(printed.some((u) => /^agent\d+@/.test(u.email))).toBe(false);
  });
});

describe(volumeStaffCounts.name, () => {
  it.each([
    [0, { agents: 0, tcs: 0, isas: 0 }],
    [1, { agents: 12, tcs: 2, isas: 1 }],
    [6_499, { agents: 12, tcs: 2, isas: 1 }],
    [10_000, { agents: 20, tcs: 2, isas: 1 }],
    [100_000, { agents: 200, tcs: 2, isas: 1 }],
  ])('gives %d transactions max(12, floor(N / 500)) agents, 2 TCs and an ISA (none for 0)', (transactions, counts) => {
    expect(volumeStaffCounts(transactions)).toEqual(counts);
  });
});

describe(volumeUsers.name, () => {
  const [demo, rival] = SEED_TEAMS;

  it('names the staff agent{n}, tc{n}, isa{n} at the team domain, with roles and fixed names', () => {
    const sut = volumeUsers(demo, 1000);
    expect(sut.map((u) => u.email)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `agent${i + 1}@demo-realty.test`),
      'tc1@demo-realty.test',
      'tc2@demo-realty.test',
      'isa1@demo-realty.test',
    ]);
    expect(sut.map((u) => u.roles)).toEqual([...Array(12).fill(['AGENT']), ['TRANC'], ['TRANC'], ['ISISA']]);
    expect(volumeUsers(demo, 1000)).toEqual(sut);
    expect(sut.every((u) => u.first_name && u.last_name && !u.permissions && !u.esign_enabled)).toBe(true);
  });

  it('keeps the first users as they were when N grows, and adds none to a team without volume or for N = 0', () => {
    expect(volumeUsers(demo, 10_000).slice(0, 12)).toEqual(volumeUsers(demo, 1000).slice(0, 12));
    expect(volumeUsers(rival, 10_000)).toEqual([]);
    expect(volumeUsers(demo, 0)).toEqual([]);
  });
});
