import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Narrow, TableRow } from '@app/database';
import type { ProfileUser } from './profile.mapper';

/**
 * GET /user/profile in one statement: the user and its team (a TypeORM findOne with relations took two round
 * trips). Dates as text (YYYY-MM-DD, like the entity's date columns); numerics as text, read by profileUserOf.
 * `npm run bench`'s floor runs this same text.
 */
export const PROFILE_SQL = `SELECT u.agent_id, u.team_id, u.status, u.roles, u.permissions, u.esign_enabled,
       u.first_name, u.last_name, u.mobile_phone, u.email, u.alternate_email, u.address_1, u.address_2, u.city, u.state,
       u.postal_code, u.timezone, u.default_landing_page, u.business_entity, u.notes,
       u.brokerage_cap_amt, u.royalty_cap_amt, u.brokerage_cap_anniversary_dt::text AS brokerage_cap_anniversary_dt,
       u.royalty_cap_anniversary_dt::text AS royalty_cap_anniversary_dt, u.brokerage_pct, u.agent_pct,
       u.profile_image_path, u.skyslope_agent_guid,
       t.name AS team_name, t.market_id AS team_market_id, t.permissions AS team_permissions
  FROM identity.users u LEFT JOIN identity.teams t ON t.team_id = u.team_id
 WHERE u.agent_id = $1 AND u.team_id = $2`;

/** A row of PROFILE_SQL: numerics as pg reads them (text), the dates cast to text, the team left-joined. */
export type ProfileRow = Narrow<
  Pick<
    TableRow<'identity.users'>,
    | 'agent_id'
    | 'team_id'
    | 'status'
    | 'roles'
    | 'permissions'
    | 'esign_enabled'
    | 'first_name'
    | 'last_name'
    | 'mobile_phone'
    | 'email'
    | 'alternate_email'
    | 'address_1'
    | 'address_2'
    | 'city'
    | 'state'
    | 'postal_code'
    | 'timezone'
    | 'default_landing_page'
    | 'business_entity'
    | 'notes'
    | 'brokerage_cap_amt'
    | 'royalty_cap_amt'
    | 'brokerage_pct'
    | 'agent_pct'
    | 'profile_image_path'
    | 'skyslope_agent_guid'
  >,
  { status: ProfileUser['status']; roles: ProfileUser['roles']; permissions: ProfileUser['permissions'] }
> & {
  brokerage_cap_anniversary_dt: string | null;
  royalty_cap_anniversary_dt: string | null;
  team_name: TableRow<'identity.teams'>['name'] | null;
  team_market_id: TableRow<'identity.teams'>['market_id'] | null;
  team_permissions: ProfileUser['permissions'] | null;
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** A PROFILE_SQL row as the profile mapper reads a user (numerics as numbers, the team nested). */
export function profileUserOf(row: ProfileRow): ProfileUser {
  const { team_name, team_market_id, team_permissions, ...user } = row;
  return {
    ...user,
    brokerage_cap_amt: numberOrNull(row.brokerage_cap_amt),
    royalty_cap_amt: numberOrNull(row.royalty_cap_amt),
    brokerage_pct: numberOrNull(row.brokerage_pct),
    agent_pct: numberOrNull(row.agent_pct),
    team: team_name === null ? null : { name: team_name, market_id: team_market_id ?? 0, permissions: team_permissions ?? [] },
  };
}

@Injectable()
export class ProfileRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The caller's profile, or null (another team's id is not found). */
  async find(agentId: number, teamId: number): Promise<ProfileUser | null> {
    const rows: ProfileRow[] = await this.dataSource.query(PROFILE_SQL, [agentId, teamId]);
    return rows.length ? profileUserOf(rows[0]) : null;
  }
}
