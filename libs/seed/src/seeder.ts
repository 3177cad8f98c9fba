import type { DataSource } from 'typeorm';
import type { Role, ServiceName } from '@app/contracts';
import type { EventOutbox } from '@app/events';
import type { SeedTeamSet } from './seed-teams';

export interface SeedOptions {
  /** Team sets to seed. */
  teams: readonly SeedTeamSet[];
  /**
   * Transactions of each volume team of the selected sets (Demo Realty, Bench Realty); identity adds the
   * volume staff for it (volumeStaffCounts). A larger N adds the difference.
   */
  transactions: number;
  /**
   * The services run while the seed does (`--wait`: npm start, the browser stack), so a seeder may wait
   * for what their event consumers set up (team-admin's teams from identity.team.provisioned).
   */
  live?: boolean;
}

/** What a seeder learnt that later seeders need (in memory: no seeder reads another's schema). */
export interface SeedState {
  /** volume: the team gets options.transactions transactions (SeedTeam.volume). */
  teams: { key: string; team_id: number; name: string; timezone: string; volume?: boolean }[];
  /**
   * Every seeded user of the run, fixed and generated volume staff alike; a later seeder picks a team's
   * agents or TCs by team_id and roles (never by parsing emails).
   */
  users: SeedStateUser[];
}

export interface SeedStateUser {
  email: string;
  agent_id: number;
  team_id: number;
  /** The user's roles as stored (an admin may have changed a fixed user's). */
  roles: Role[];
}

export interface SeedContext {
  options: SeedOptions;
  /** A DataSource on the seeder's own schema. */
  dataSource: DataSource;
  /** The service's outbox: a seeder publishes its events like the application does. */
  outbox: EventOutbox;
  state: SeedState;
  log: (line: string) => void;
}

/**
 * One service's demo data. A seeder writes only its own schema, publishes its events through the
 * outbox in the same transaction, and is idempotent: a second run adds nothing.
 */
export interface Seeder {
  service: ServiceName;
  /** Services whose seeders must run first (their state is read from SeedState). */
  after?: readonly ServiceName[];
  /** TypeORM entities the seeder's DataSource needs. */
  entities?: Function[];
  /** Seeds; returns a one-line summary such as 'created 3 users' or 'already present'. */
  seed(context: SeedContext): Promise<string>;
  /**
   * Once the services run: null when the read copies this seeder's events feed hold its data (on its
   * own schema), else what is still missing. npm start waits for every seeder to be ready.
   */
  missing?(dataSource: DataSource, state: SeedState): Promise<string | null>;
}

/** Seeders in dependency order (each after those it names); throws on a cycle or an unknown name. */
export function orderSeeders(seeders: readonly Seeder[]): Seeder[] {
  const byService = new Map(seeders.map((s) => [s.service, s]));
  const ordered: Seeder[] = [];
  const state = new Map<ServiceName, 'visiting' | 'done'>();
  const visit = (seeder: Seeder, path: ServiceName[]) => {
    if (state.get(seeder.service) === 'done') return;
    if (state.get(seeder.service) === 'visiting') throw new Error(`seeders depend on each other in a cycle: ${[...path, seeder.service].join(' -> ')}`);
    state.set(seeder.service, 'visiting');
    for (const name of seeder.after ?? []) {
      const dependency = byService.get(name);
      if (!dependency) throw new Error(`the ${seeder.service} seeder runs after ${name}, which has no seeder`);
      visit(dependency, [...path, seeder.service]);
    }
    state.set(seeder.service, 'done');
    ordered.push(seeder);
  };
  for (const seeder of seeders) visit(seeder, []);
  return ordered;
}

/** Reads `--team demo|bench` (repeatable; default both) and `--transactions N` (default 0). */
export function parseSeedArgs(argv: readonly string[]): SeedOptions {
  const teams: SeedTeamSet[] = [];
  let transactions = 0;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = inline ?? argv[i + 1];
    if (flag === '--team' || flag === '--transactions') {
      if (inline === undefined) i++;
      if (value === undefined) throw new Error(`${flag} needs a value`);
      if (flag === '--team') {
        if (value !== 'demo' && value !== 'bench') throw new Error(`--team must be demo or bench, got "${value}"`);
        teams.push(value);
      } else {
        if (!/^\d+$/.test(value) || Number(value) > 10_000_000) throw new Error(`--transactions must be a whole number from 0 to 10000000, got "${value}"`);
        transactions = Number(value);
      }
    } else {
      throw new Error(`unknown argument "${argv[i]}" (use --team demo|bench, --transactions N)`);
    }
  }
  return { teams: teams.length ? [...new Set(teams)] : ['demo', 'bench'], transactions };
}
