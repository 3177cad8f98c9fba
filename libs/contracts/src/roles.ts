/** Role codes as the spec names them (spec 000 section 6). */
export const ROLES = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'CLIENT', 'VENDOR'] as const;
export type Role = (typeof ROLES)[number];

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
] as const;
export type Permission = (typeof PERMISSIONS)[number];
