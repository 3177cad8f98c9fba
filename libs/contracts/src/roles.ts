/** Role codes as the spec names them (spec 000 section 6). */
export const ROLES = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'CLIENT', 'VENDOR'] as const;
export type Role = (typeof ROLES)[number];

/** The team's staff: the roles that hold transactions and see the work area (never CLIENT or VENDOR). */
export const STAFF_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT'];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  TRANC: 'TC',
  ISISA: 'ISA',
  AGENT: 'Agent',
  CLIENT: 'Client',
  VENDOR: 'Vendor',
};

/** Permission names the spec uses; checked on the server for every call. */
export const PERMISSIONS = [
  'allow_agent_edit_cap_amt',
  'team_esign',
  'agent_esign',
  'agent_restricted_team_dashboard',
  'manage_billing',
  'transaction_sync',
  'manage_tooltips',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Where a permission comes from: the team's plan (identity.teams.permissions), the user's own grant
 * (identity.users.permissions), or derived from a user setting (agent_esign from esign_enabled, only
 * while the team has team_esign). A token carries the effective list (identity computes it).
 */
export const PERMISSION_SOURCES: Record<Permission, 'team' | 'user' | 'derived'> = {
  allow_agent_edit_cap_amt: 'user',
  team_esign: 'team',
  agent_esign: 'derived',
  agent_restricted_team_dashboard: 'user',
  manage_billing: 'team',
  transaction_sync: 'team',
  manage_tooltips: 'user',
};

/** Permissions stored on a user (the admin may grant them). */
export const USER_PERMISSIONS = PERMISSIONS.filter((p) => PERMISSION_SOURCES[p] === 'user');

/** E-sign permissions: never held by CLIENT or VENDOR. */
export const ESIGN_PERMISSIONS: readonly Permission[] = ['team_esign', 'agent_esign'];

/** Roles that never send documents for signature. */
export const NON_ESIGN_ROLES: readonly Role[] = ['CLIENT', 'VENDOR'];
