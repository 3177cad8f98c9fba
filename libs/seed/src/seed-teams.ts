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
  /** Mail domain of the team's users (the generated volume staff are agent{n}@domain, tc{n}@domain, isa{n}@domain). */
  domain: string;
  /** A volume team: `--transactions N` gives it N transactions, and identity adds its volume staff (volumeStaffCounts). */
  volume?: true;
  /**
   * Document types team-admin seeds for the team (with the services running); transactions' roadmap steps
   * that need a document name them, and some done tasks get a small PDF of that type.
   */
  document_types?: readonly string[];
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
    domain: 'demo-realty.test',
    volume: true,
    document_types: [
      'Pre-Approval Letter',
      'Buyer Representation Agreement',
      'Purchase Agreement',
      'Inspection Report',
      'Closing Disclosure',
      'Listing Agreement',
      'Seller Disclosure',
      'Proof of Funds',
    ],
    users: [
      {
        email: 'admin@demo-realty.test',
        first_name: 'Avery',
        last_name: 'Admin',
        roles: ['ADMIN'],
        permissions: ['manage_tooltips'],
        esign_enabled: true,
      },
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
    domain: 'rival-homes.test',
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
    domain: 'bench-realty.test',
    volume: true,
    // Its agents are the volume staff (agent{n}@bench-realty.test), added with --transactions N.
    users: [
      { email: 'admin@bench-realty.test', first_name: 'Blake', last_name: 'Bench', roles: ['ADMIN'], esign_enabled: true },
      { email: 'tc@bench-realty.test', first_name: 'Toni', last_name: 'Bench', roles: ['TRANC'] },
    ],
  },
];

/** How many staff identity adds to each volume team for `--transactions N`: none for 0. */
export function volumeStaffCounts(transactions: number): { agents: number; tcs: number; isas: number } {
  if (transactions <= 0) return { agents: 0, tcs: 0, isas: 0 };
  return { agents: Math.max(12, Math.floor(transactions / 500)), tcs: 2, isas: 1 };
}

// Fixed lists, so every run names the same user the same way (none is a fixed demo user's first name).
const FIRST_NAMES = [
  'Jordan',
  'Quinn',
  'Harper',
  'Rowan',
  'Emerson',
  'Sawyer',
  'Parker',
  'Reese',
  'Dakota',
  'Skyler',
  'Logan',
  'Hayden',
  'Peyton',
  'Cameron',
  'Finley',
  'Marlow',
];
const LAST_NAMES = [
  'Bennett',
  'Castillo',
  'Dawson',
  'Ellis',
  'Fletcher',
  'Garner',
  'Hughes',
  'Iverson',
  'Jensen',
  'Keller',
  'Lambert',
  'Monroe',
  'Nolan',
  'Ortega',
  'Prescott',
  'Ramsey',
];
const ROLE_NAME_OFFSET: Partial<Record<Role, number>> = { AGENT: 0, TRANC: 5, ISISA: 11 };

function volumeUser(domain: string, prefix: string, role: Role, n: number): SeedUser {
  const i = n - 1 + (ROLE_NAME_OFFSET[role] ?? 0);
  return {
    email: `${prefix}${n}@${domain}`,
    first_name: FIRST_NAMES[i % FIRST_NAMES.length],
    last_name: LAST_NAMES[(Math.floor(i / FIRST_NAMES.length) + (ROLE_NAME_OFFSET[role] ?? 0)) % LAST_NAMES.length],
    roles: [role],
  };
}

/**
 * The volume staff of a team for `--transactions N` (empty for a team that is not a volume team, or N = 0):
 * agent1..agentK, tc1..tc2 and isa1 at the team's domain, named from fixed lists.
 */
export function volumeUsers(team: SeedTeam, transactions: number): SeedUser[] {
  if (!team.volume) return [];
  const counts = volumeStaffCounts(transactions);
  const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  return [
    ...range(counts.agents).map((n) => volumeUser(team.domain, 'agent', 'AGENT', n)),
    ...range(counts.tcs).map((n) => volumeUser(team.domain, 'tc', 'TRANC', n)),
    ...range(counts.isas).map((n) => volumeUser(team.domain, 'isa', 'ISISA', n)),
  ];
}

/**
 * The users npm start prints: every fixed user, and for `--transactions N` one line per volume team
 * for its generated staff (not one line each).
 */
export function printedSeedUsers(transactions = 0): { email: string; role: string; team: string }[] {
  const counts = volumeStaffCounts(transactions);
  const span = (prefix: string, count: number) => (count === 1 ? `${prefix}1` : `${prefix}1..${prefix}${count}`);
  return SEED_TEAMS.flatMap((team) => [
    ...team.users.map((user) => ({ email: user.email, role: user.roles.join(', '), team: team.name })),
    ...(team.volume && counts.agents
      ? [
          {
            email: `{${span('agent', counts.agents)}, ${span('tc', counts.tcs)}, ${span('isa', counts.isas)}}@${team.domain}`,
            role: 'AGENT, TRANC, ISISA',
            team: `${team.name} (volume staff)`,
          },
        ]
      : []),
  ]);
}
