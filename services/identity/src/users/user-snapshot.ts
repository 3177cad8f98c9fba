import type { UserSnapshot } from '@app/contracts';
// Not in users.repository.ts: auth.service imports that file, and this one needs auth.service (a cycle).
import { effectivePermissions } from '../auth/auth.service';
import { toDashedUsDate } from '@app/dates';
import type { UserEntity } from './user.entity';

/**
 * The part of a user other services keep a copy of. Caps and anniversaries as GET /user/profile answers
 * them; permissions as the access token lists them. The user must be loaded with its team (the team's
 * name and plan are part of the snapshot): a snapshot without them would tell consumers wrong rights.
 */
export function userSnapshotOf(user: UserEntity): UserSnapshot {
  if (!user.team) throw new Error(`userSnapshotOf(${user.agent_id}) needs the user loaded with its team`);
  return {
    agent_id: user.agent_id,
    team_id: user.team_id,
    team_name: user.team.name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    status: user.status,
    roles: user.roles,
    profile_image_path: user.profile_image_path,
    leader_board_exclude: user.leader_board_exclude,
    alternate_email: user.alternate_email ?? null,
    brokerage_cap_amt: user.brokerage_cap_amt ?? null,
    royalty_cap_amt: user.royalty_cap_amt ?? null,
    brokerage_cap_anniversary_dt: toDashedUsDate(user.brokerage_cap_anniversary_dt ?? null),
    royalty_cap_anniversary_dt: toDashedUsDate(user.royalty_cap_anniversary_dt ?? null),
    default_buyer_commission_templates: user.default_buyer_commission_templates ?? [],
    default_seller_commission_templates: user.default_seller_commission_templates ?? [],
    permissions: effectivePermissions(user),
    esign_enabled: user.esign_enabled ?? false,
    skyslope_agent_guid: user.skyslope_agent_guid ?? null,
  };
}
