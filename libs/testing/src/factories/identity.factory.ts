import * as argon2 from 'argon2';
import type { DataSource, EntityManager } from 'typeorm';
import type { Permission, Role } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import { uniqueName } from './sequence';

/** The password of every user a factory makes. */
export const FACTORY_PASSWORD = 'DemoPass1!';

export type TeamRow = Narrow<
  Pick<TableRow<'identity.teams'>, 'team_id' | 'name' | 'market_id' | 'permissions'>,
  { permissions: Permission[] }
>;

export type UserRow = Narrow<
  Pick<
    TableRow<'identity.users'>,
    'agent_id' | 'team_id' | 'email' | 'first_name' | 'last_name' | 'roles' | 'permissions' | 'esign_enabled' | 'status'
  >,
  { roles: Role[]; permissions: Permission[]; status: 'active' | 'inactive' }
> & {
  /** Its plain password, to sign in through the API. */
  password: string;
};

export interface TeamOverrides {
  name?: string;
  market_id?: number;
  permissions?: Permission[];
  user_licenses_total?: number;
}

export interface UserOverrides {
  role?: Role;
  roles?: Role[];
  permissions?: Permission[];
  esign_enabled?: boolean;
  email?: string;
  first_name?: string;
  last_name?: string;
  status?: 'active' | 'inactive';
  password?: string;
}

const hashes = new Map<string, Promise<string>>();
// Hashing is slow on purpose; one hash per password per test process is plenty.
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash)
    hashes.set(password, (hash = argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 })));
  return hash;
};

/**
 * Teams and users in identity's schema of a test database (migrated by the suite), written with SQL so
 * that any suite can seed its own. Later factories (transactions, tasks, contacts, messages) follow the
 * same shape: a class over a DataSource with one method per kind of row, overrides for what matters.
 */
export class IdentityFactory {
  constructor(private readonly db: DataSource | EntityManager) {}

  async team(overrides: TeamOverrides = {}): Promise<TeamRow> {
    const [row] = await this.db.query(
      `INSERT INTO identity.teams (name, market_id, permissions, user_licenses_total)
       VALUES ($1, $2, $3, $4) RETURNING team_id, name, market_id, permissions`,
      [overrides.name ?? uniqueName('Team'), overrides.market_id ?? 0, overrides.permissions ?? [], overrides.user_licenses_total ?? 100],
    );
    return row;
  }

  async user(team: Pick<TeamRow, 'team_id'>, overrides: UserOverrides = {}): Promise<UserRow> {
    const password = overrides.password ?? FACTORY_PASSWORD;
    const roles = overrides.roles ?? [overrides.role ?? 'AGENT'];
    const [row] = await this.db.query(
      `INSERT INTO identity.users (team_id, email, password_hash, first_name, last_name, mobile_phone, roles, permissions, esign_enabled, status)
       VALUES ($1, $2, $3, $4, $5, '(555) 555-0100', $6, $7, $8, $9)
       RETURNING agent_id, team_id, email, first_name, last_name, roles, permissions, esign_enabled, status`,
      [
        team.team_id,
        overrides.email ?? `${uniqueName(roles[0].toLowerCase())}@factory.test`,
        await hashOf(password),
        overrides.first_name ?? 'Pat',
        overrides.last_name ?? uniqueName('Factory'),
        roles,
        overrides.permissions ?? [],
        overrides.esign_enabled ?? false,
        overrides.status ?? 'active',
      ],
    );
    return { ...row, password };
  }

  /** A team with one user of each given role (ADMIN by default). */
  async teamWith(roles: Role[] = ['ADMIN'], team: TeamOverrides = {}): Promise<{ team: TeamRow; users: UserRow[] }> {
    const created = await this.team(team);
    const users: UserRow[] = [];
    for (const role of roles) users.push(await this.user(created, { role }));
    return { team: created, users };
  }
}
