import type { DataSource } from 'typeorm';
import type { EntityClass } from '@app/database';
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
  /** The commission templates the transactions seeder made per team and side (identity's commission-defaults step reads them). */
  commission_templates?: { team_id: number; buyer: number[]; seller: number[] }[];
  /**
   * Cap anniversaries ('YYYY-MM-DD') the transactions seeder chose for some agents from their seeded closings
   * (the demo agent's, so that the demo card shows both caps part-way); others get spread ones.
   */
  cap_anniversaries?: { agent_id: number; date: string }[];
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
  /**
   * A later step of a service that already has a seeder (its key is `service:step`), for data that needs
   * another service's seed first (identity's commission-defaults step after transactions' templates).
   */
  step?: string;
  /** Seeders that must run first, by key (a service's name, or `service:step`); their state is read from SeedState. */
  after?: readonly string[];
  /** TypeORM entities the seeder's DataSource needs. */
  entities?: EntityClass[];
  /** Seeds; returns a one-line summary such as 'created 3 users' or 'already present'. */
  seed(context: SeedContext): Promise<string>;
  /**
   * Once the services run: null when the read copies this seeder's events feed hold its data (on its
   * own schema), else what is still missing. npm start waits for every seeder to be ready.
   */
  missing?(dataSource: DataSource, state: SeedState): Promise<string | null>;
}

/** A seeder's key: its service, or `service:step` for a later step. */
export const seederKey = (seeder: Seeder) => (seeder.step ? `${seeder.service}:${seeder.step}` : seeder.service);

/** Seeders in dependency order (each after those it names); throws on a cycle or an unknown name. */
export function orderSeeders(seeders: readonly Seeder[]): Seeder[] {
  const byKey = new Map(seeders.map((s) => [seederKey(s), s]));
  const ordered: Seeder[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (seeder: Seeder, path: string[]) => {
    const key = seederKey(seeder);
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'visiting') throw new Error(`seeders depend on each other in a cycle: ${[...path, key].join(' -> ')}`);
    state.set(key, 'visiting');
    // A step runs after its service's first seeder too.
    const after = seeder.step ? [seeder.service, ...(seeder.after ?? [])] : (seeder.after ?? []);
    for (const name of after) {
      const dependency = byKey.get(name);
      if (!dependency) throw new Error(`the ${key} seeder runs after ${name}, which has no seeder`);
      visit(dependency, [...path, key]);
    }
    state.set(key, 'done');
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
        if (!/^\d+$/.test(value) || Number(value) > 10_000_000)
          throw new Error(`--transactions must be a whole number from 0 to 10000000, got "${value}"`);
        transactions = Number(value);
      }
    } else {
      throw new Error(`unknown argument "${argv[i]}" (use --team demo|bench, --transactions N)`);
    }
  }
  return { teams: teams.length ? [...new Set(teams)] : ['demo', 'bench'], transactions };
}
