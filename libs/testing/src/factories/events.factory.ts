import type { UserSnapshot } from '@app/contracts';

/**
 * An identity.user.* snapshot for feeding a consumer by hand: who it is, and what the test cares about;
 * the rest is a user without caps, templates, grants or e-sign.
 */
export function buildUserSnapshot(
  subject: Pick<UserSnapshot, 'agent_id' | 'team_id' | 'team_name' | 'first_name' | 'last_name' | 'email' | 'roles'> &
    Partial<UserSnapshot>,
): UserSnapshot {
  return {
    status: 'active',
    profile_image_path: null,
    leader_board_exclude: false,
    alternate_email: null,
    brokerage_cap_amt: null,
    royalty_cap_amt: null,
    brokerage_cap_anniversary_dt: null,
    royalty_cap_anniversary_dt: null,
    default_buyer_commission_templates: [],
    default_seller_commission_templates: [],
    permissions: [],
    esign_enabled: false,
    skyslope_agent_guid: null,
    ...subject,
  };
}
