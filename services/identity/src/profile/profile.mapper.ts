import type { AccountProfile, Role } from '@app/contracts';
import { toDashedUsDate } from '@app/dates';
import type { TeamEntity } from '../users/team.entity';
import type { UserEntity } from '../users/user.entity';
import { effectivePermissions, isStaff } from '../auth/auth.service';

export type { AccountProfile } from '@app/contracts';

/** What the profile reads of a user and its team (a UserEntity with its team, or a row of profile.repository's one statement). */
export type ProfileUser = Pick<
  UserEntity,
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
  | 'brokerage_cap_anniversary_dt'
  | 'royalty_cap_anniversary_dt'
  | 'brokerage_pct'
  | 'agent_pct'
  | 'profile_image_path'
  | 'skyslope_agent_guid'
> & { team?: Pick<TeamEntity, 'name' | 'market_id' | 'permissions'> | null };

// Non-agent roles of the team staff; clients and vendors never edit caps.
const CAP_EDITOR_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA'];

/**
 * Spec 000 section 5/6: caps, anniversaries and splits only when the team's market_id is 0, and only by a
 * non-agent staff role (ADMIN, TRANC, ISISA) or an AGENT with allow_agent_edit_cap_amt. CLIENT and VENDOR never.
 */
export function capsRuleOf(user: ProfileUser): { editable: boolean; reason: 'market' | 'permission' | null } {
  if ((user.team?.market_id ?? 0) !== 0) return { editable: false, reason: 'market' };
  if (user.roles.some((r) => CAP_EDITOR_ROLES.includes(r))) return { editable: true, reason: null };
  if (user.roles.includes('AGENT') && effectivePermissions(user).includes('allow_agent_edit_cap_amt'))
    return { editable: true, reason: null };
  return { editable: false, reason: 'permission' };
}

/** Staff of a team with SkySlope sync hold a SkySlope user guid; CLIENT and VENDOR never do. */
export function hasTransactionSync(user: ProfileUser): boolean {
  return isStaff(user) && (user.team?.permissions ?? []).includes('transaction_sync');
}

/** The profile as GET /user/profile answers it; notes are for ADMIN callers only. */
export function profileOf(user: ProfileUser, callerRoles: Role[]): AccountProfile {
  const profile: AccountProfile = {
    agent_id: user.agent_id,
    status: user.status,
    roles: user.roles,
    permissions: effectivePermissions(user),
    team: { team_id: user.team_id, name: user.team?.name ?? '', market_id: user.team?.market_id ?? 0 },
    first_name: user.first_name,
    last_name: user.last_name,
    mobile_phone: user.mobile_phone,
    email: user.email,
    alternate_email: user.alternate_email,
    address_1: user.address_1,
    address_2: user.address_2,
    city: user.city,
    state: user.state,
    postal_code: user.postal_code,
    timezone: user.timezone,
    default_landing_page: user.default_landing_page,
    business_entity: user.business_entity,
    brokerage_cap_amt: user.brokerage_cap_amt,
    royalty_cap_amt: user.royalty_cap_amt,
    brokerage_cap_anniversary_dt: toDashedUsDate(user.brokerage_cap_anniversary_dt),
    royalty_cap_anniversary_dt: toDashedUsDate(user.royalty_cap_anniversary_dt),
    brokerage_pct: user.brokerage_pct,
    agent_pct: user.agent_pct,
    profile_image_path: user.profile_image_path,
    caps_editable: capsRuleOf(user).editable,
  };
  if (callerRoles.includes('ADMIN')) profile.notes = user.notes;
  if (hasTransactionSync(user)) profile.integrations = { skyslope_agent_guid: user.skyslope_agent_guid ?? null };
  return profile;
}
