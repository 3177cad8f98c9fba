import type { Permission, Role } from '@app/contracts';

/** The password of every seeded user. */
export const DEMO_PASSWORD = 'DemoPass1!';

/** Which team set a seed run covers: the demo teams (Demo Realty, Rival Homes), the bench team, or both. */
export type SeedTeamSet = 'demo' | 'bench';
export const SEED_TEAM_SETS: readonly SeedTeamSet[] = ['demo', 'bench'];

export interface SeedUser {
  email: string;
  first_name: string;
  last_name: string;
  roles: Role[];
  /** The user's own grants (USER_PERMISSIONS); a re-run brings them up to date. */
  permissions?: Permission[];
  /** Grants agent_esign while the team has team_esign. */
  esign_enabled?: boolean;
}

export interface SeedTeam {
  /** Stable key other seeders use to find the team (its id is the database's). */
  key: string;
  set: SeedTeamSet;
  name: string;
  /** The team plan; a re-run brings it up to date. */
  permissions: Permission[];
  user_licenses_total: number;
  /** E-sign seats of the plan (0: e-sign users are not counted against seats). */
  esign_seats_total: number;
  timezone: string;
  users: SeedUser[];
}

/** The seeded teams and users: one list, read by every service's seeder and printed by npm start. */
export const SEED_TEAMS: readonly SeedTeam[] = [
  {
    key: 'demo',
    set: 'demo',
    name: 'Demo Realty',
    permissions: ['team_esign', 'transaction_sync'],
    user_licenses_total: 25,
    esign_seats_total: 10,
    timezone: 'America/Chicago',
    users: [
      { email: 'admin@demo-realty.test', first_name: 'Avery', last_name: 'Admin', roles: ['ADMIN'], permissions: ['manage_tooltips'], esign_enabled: true },
      { email: 'tc@demo-realty.test', first_name: 'Taylor', last_name: 'Coordinator', roles: ['TRANC'], esign_enabled: true },
      { email: 'isa@demo-realty.test', first_name: 'Isabel', last_name: 'Inside', roles: ['ISISA'] },
      { email: 'agent@demo-realty.test', first_name: 'Alex', last_name: 'Agent', roles: ['AGENT'], esign_enabled: true },
      {
        email: 'restricted@demo-realty.test',
        first_name: 'Robin',
        last_name: 'Restricted',
        roles: ['AGENT'],
        permissions: ['agent_restricted_team_dashboard'],
      },
      { email: 'client@demo-realty.test', first_name: 'Casey', last_name: 'Client', roles: ['CLIENT'] },
      { email: 'vendor@demo-realty.test', first_name: 'Vic', last_name: 'Vendor', roles: ['VENDOR'] },
    ],
  },
  {
    key: 'rival',
    set: 'demo',
    name: 'Rival Homes',
    permissions: [],
    user_licenses_total: 10,
    esign_seats_total: 0,
    timezone: 'America/New_York',
    users: [{ email: 'admin@rival-homes.test', first_name: 'Riley', last_name: 'Rival', roles: ['ADMIN'] }],
  },
  {
    key: 'bench',
    set: 'bench',
    name: 'Bench Realty',
    permissions: ['team_esign', 'transaction_sync'],
    user_licenses_total: 100,
    esign_seats_total: 10,
    timezone: 'America/Los_Angeles',
    users: [
      { email: 'admin@bench-realty.test', first_name: 'Blake', last_name: 'Bench', roles: ['ADMIN'], esign_enabled: true },
      { email: 'tc@bench-realty.test', first_name: 'Toni', last_name: 'Bench', roles: ['TRANC'] },
      ...Array.from({ length: 10 }, (_, i): SeedUser => ({
        email: `agent${String(i + 1).padStart(2, '0')}@bench-realty.test`,
        first_name: 'Agent',
        last_name: `Bench ${String(i + 1).padStart(2, '0')}`,
        roles: ['AGENT'],
      })),
    ],
  },
];

/** The users npm start prints (the bench agents are left out: one line for the bench team). */
export function printedSeedUsers(): { email: string; role: string; team: string }[] {
  return SEED_TEAMS.flatMap((team) =>
    team.users
      .filter((user) => team.set === 'demo' || !/^agent\d+@/.test(user.email))
      .map((user) => ({ email: user.email, role: user.roles.join(', '), team: team.name })),
  );
}
