import type { ServiceName } from '@app/contracts';
import { orderSeeders, parseSeedArgs, type Seeder } from './seeder';
import { printedSeedUsers, SEED_TEAMS } from './seed-teams';

const seeder = (service: ServiceName, after?: ServiceName[]): Seeder => ({ service, after, seed: async () => '' });

describe(orderSeeders.name, () => {
  it('runs each seeder after the ones it names, keeping the given order otherwise', () => {
    const sut = orderSeeders([seeder('transactions', ['identity', 'team-admin']), seeder('team-admin', ['identity']), seeder('identity'), seeder('esign')]);
    expect(sut.map((s) => s.service)).toEqual(['identity', 'team-admin', 'transactions', 'esign']);
  });

  it('refuses a cycle and names it', () => {
    expect(() => orderSeeders([seeder('identity', ['transactions']), seeder('transactions', ['identity'])])).toThrow(
      'seeders depend on each other in a cycle: identity -> transactions -> identity',
    );
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
    expect(demo.find((u) => u.email === 'restricted@demo-realty.test')).toMatchObject({ roles: ['AGENT'], permissions: ['agent_restricted_team_dashboard'] });
    expect(demo.filter((u) => u.esign_enabled).map((u) => u.email)).toEqual(['admin@demo-realty.test', 'tc@demo-realty.test', 'agent@demo-realty.test']);
    expect(demo.find((u) => u.email === 'admin@demo-realty.test')?.permissions).toEqual(['manage_tooltips']);
    expect(SEED_TEAMS[2].users[0]).toMatchObject({ email: 'admin@bench-realty.test', roles: ['ADMIN'] });
  });

  it('prints every demo user and the bench staff, not each bench agent', () => {
    const printed = printedSeedUsers().map((u) => u.email);
    expect(printed).toContain('restricted@demo-realty.test');
    expect(printed).toContain('admin@bench-realty.test');
    expect(printed.some((e) => /^agent\d+@bench/.test(e))).toBe(false);
  });
});
