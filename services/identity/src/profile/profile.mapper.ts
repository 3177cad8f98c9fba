import type { Role, UserProfile } from '@app/contracts';
import type { UserEntity } from '../users/user.entity';
import { effectivePermissions } from '../auth/auth.service';

/** 'YYYY-MM-DD' (Postgres date) -> 'MM-DD-YYYY' (the spec's wire format). */
export function toWireDate(value: string | null): string | null {
  if (!value) return null;
  const [y, m, d] = value.split('-');
  return `${m}-${d}-${y}`;
}

/** The profile as GET /user/profile answers it; notes are for ADMIN callers only. */
export function profileOf(user: UserEntity, callerRoles: Role[]): UserProfile {
  const profile: UserProfile = {
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
    brokerage_cap_anniversary_dt: toWireDate(user.brokerage_cap_anniversary_dt),
    royalty_cap_anniversary_dt: toWireDate(user.royalty_cap_anniversary_dt),
    brokerage_pct: user.brokerage_pct,
    agent_pct: user.agent_pct,
    profile_image_path: user.profile_image_path,
  };
  if (callerRoles.includes('ADMIN')) profile.notes = user.notes;
  return profile;
}
