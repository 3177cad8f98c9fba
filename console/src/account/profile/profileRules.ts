import type { Permission, Role, UserProfile } from '@app/contracts';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';

// Rules of the Edit Profile screen (spec 000 sections 5 and 6). Pure: the screen and the tests share them.

type Access = Pick<UserProfile, 'roles' | 'permissions' | 'team'>;

/** Cap and Split (like default scope and form settings) are shown only when the team's market_id is 0. */
export function isMarketZero(profile: Pick<UserProfile, 'team'> | null | undefined): boolean {
  return (profile?.team?.market_id ?? 0) === 0;
}

// Team staff roles that edit caps; clients and vendors never do (the identity service's rule).
const CAP_EDITOR_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA'];

/**
 * Caps, anniversaries and splits are editable unless the user is an agent without
 * allow_agent_edit_cap_amt. The server's own answer (`caps_editable` of GET /user/profile) wins when
 * it gives one; otherwise staff roles, or an AGENT with the permission.
 */
export function canEditCaps(profile: Pick<Access, 'roles' | 'permissions'> & { caps_editable?: boolean }): boolean {
  if (typeof profile.caps_editable === 'boolean') return profile.caps_editable;
  const roles: readonly Role[] = profile.roles ?? [];
  const permissions: readonly Permission[] = profile.permissions ?? [];
  if (roles.some((role) => CAP_EDITOR_ROLES.includes(role))) return true;
  return roles.includes('AGENT') && permissions.includes('allow_agent_edit_cap_amt');
}

// Roles with commissions: team staff and agents. Clients and vendors have no cap, split or SkySlope agent.
const COMMISSION_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT'];

/** Cap and Split, the commission cap card and the SkySlope agent GUID are for roles with commissions only. */
export function hasCommissions(profile: Pick<Access, 'roles'> | null | undefined): boolean {
  return (profile?.roles ?? []).some((role) => COMMISSION_ROLES.includes(role));
}

/** Cap and Split shows for a role with commissions on a market 0 team (spec 000 section 5). */
export function showsCaps(profile: Pick<Access, 'roles' | 'team'>): boolean {
  return hasCommissions(profile) && isMarketZero(profile);
}

/** The integrations section needs the team's transaction-sync feature and a role with commissions. */
export function showsIntegrations(profile: Pick<Access, 'permissions' | 'roles'>): boolean {
  return (profile.permissions ?? []).includes('transaction_sync') && hasCommissions(profile);
}

/** User notes are for ADMIN only. */
export function showsNotes(profile: Pick<Access, 'roles'>): boolean {
  return (profile.roles ?? []).includes('ADMIN');
}

const FORBIDDEN = /[<>*!(){}]/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** 'Required'; marked `isRequired` so react-admin puts the required mark on the label, as the user form does. */
export const required = Object.assign((value: unknown): string | undefined => (isBlank(value) ? ACCOUNT_MESSAGES.required : undefined), {
  isRequired: true as const,
});

/** Text fields disallow < > * ! ( ) { }. */
export function safeText(value: unknown): string | undefined {
  return typeof value === 'string' && FORBIDDEN.test(value) ? ACCOUNT_MESSAGES.forbiddenCharacters : undefined;
}

/** Percent: 0 to 100 with at most 2 decimals. */
export function percent(value: unknown): string | undefined {
  if (isBlank(value)) return undefined;
  const text = String(value).trim();
  if (!PERCENT.test(text) || Number(text) > 100) return ACCOUNT_LABELS.invalidPercent;
  return undefined;
}

export function amount(value: unknown): string | undefined {
  if (isBlank(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? undefined : ACCOUNT_LABELS.invalidAmount;
}

export const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'mobile_phone',
  'email',
  'alternate_email',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'timezone',
  'business_entity',
] as const;
export const CAP_FIELDS = [
  'brokerage_cap_amt',
  'royalty_cap_amt',
  'brokerage_cap_anniversary_dt',
  'royalty_cap_anniversary_dt',
  'brokerage_pct',
  'agent_pct',
] as const;
const NUMBER_FIELDS = new Set<string>(['brokerage_cap_amt', 'royalty_cap_amt', 'brokerage_pct', 'agent_pct']);

/**
 * The PATCH /user/profile body: only the fields this user may change (the server refuses unknown
 * ones). Empty optional text becomes null; numbers are numbers.
 */
export function profilePayload(values: Record<string, unknown>, access: Access & { caps_editable?: boolean }): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const text = (field: string) => {
    const value = values[field];
    if (value === undefined) return;
    payload[field] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;
  };
  TEXT_FIELDS.forEach(text);
  // Required fields go as typed (an empty one is refused with 'Required'); the sign-in email is never cleared.
  for (const field of ['first_name', 'last_name', 'mobile_phone']) {
    if (payload[field] === null) payload[field] = '';
  }
  if (payload.email === null) delete payload.email;
  if (showsCaps(access) && canEditCaps(access)) {
    for (const field of CAP_FIELDS) {
      const value = values[field];
      if (value === undefined) continue;
      if (isBlank(value)) payload[field] = null;
      else payload[field] = NUMBER_FIELDS.has(field) ? Number(value) : String(value).trim();
    }
  }
  if (showsNotes(access) && values.notes !== undefined) text('notes');
  const integrations = values.integrations as { skyslope_agent_guid?: unknown } | null | undefined;
  if (showsIntegrations(access) && integrations && integrations.skyslope_agent_guid !== undefined) {
    const guid = integrations.skyslope_agent_guid;
    payload.integrations = { skyslope_agent_guid: typeof guid === 'string' && guid.trim() !== '' ? guid.trim() : null };
  }
  return payload;
}
