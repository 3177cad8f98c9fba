import { STAFF_ROLES, type Role } from './roles';

/** Which cap a commission line counts toward: B brokerage, R royalty; null neither. */
export type CapKind = 'B' | 'R';
export const CAP_KINDS = ['B', 'R'] as const;

/** Spec 000 section 3: a commission template, one line taken from a transaction's gross commission. */
export interface CommissionTemplate {
  commission_template_id: number;
  name: string;
  /** b buyer, s seller. */
  client_type_id: 'b' | 's';
  cap_kind: CapKind | null;
  /** Percent of the gross commission, 0 to 100 with at most 2 decimals. */
  pct: number;
  /** A fixed amount added to the line, 0 or more. */
  flat_amt: number;
}

/** GET /commission/templates. */
export interface CommissionTemplatesResponse {
  buyer: CommissionTemplate[];
  seller: CommissionTemplate[];
  /** The platform show/hide setting of the Default Commission Templates block (SHOW_DEFAULT_COMMISSION_TEMPLATES). */
  show_default_templates: boolean;
}

/** POST /commission/templates and PATCH /commission/templates/{id} (ADMIN). */
export interface CommissionTemplateInput {
  name: string;
  client_type_id: 'b' | 's';
  cap_kind?: CapKind | null;
  pct?: number;
  flat_amt?: number;
}

/** Who reads the templates and caps (CLIENT and VENDOR: 403). */
export const COMMISSION_READ_ROLES: readonly Role[] = STAFF_ROLES;
/** Who reads any user's caps (others their own only). */
export const CAP_TEAM_ROLES: readonly Role[] = ['ADMIN', 'TRANC'];

export const COMMISSION_TEMPLATE_NAME_MAX_LENGTH = 100;
export const COMMISSION_MESSAGES = {
  required: 'This field is required',
  nameTooLong: `Maximum length is ${COMMISSION_TEMPLATE_NAME_MAX_LENGTH}`,
  clientType: 'Choose b (buyer) or s (seller)',
  capKind: 'Choose B (brokerage), R (royalty) or none',
  pct: 'Enter a percent from 0 to 100 with at most 2 decimals',
  flatAmt: 'Enter an amount of 0 or more with at most 2 decimals',
  notFound: 'Commission template not found',
  removed: 'Commission template removed',
  /** identity's admin user form, for an id not among the team's templates. */
  unknownTemplate: 'Unknown commission template',
} as const;

/** Spec 000 section 3: a commission cap card line. */
export interface CapRecord {
  kind: CapKind;
  label: 'Brokerage Cap' | 'Royalty Cap';
  name: 'brokerage' | 'royalty';
  cap: number;
  ytd: number;
  /** round(ytd / cap x 100); 0 when cap is 0. */
  pct: number;
  /** The same sum over the agent's transactions Under Contract, at most cap minus ytd. */
  pending: number;
}

/** GET /caps?agent_id= (default the caller). */
export interface CapsResponse {
  records: CapRecord[];
  /** MM-DD-YYYY or null. */
  brokerage_cap_anniversary_dt: string | null;
  royalty_cap_anniversary_dt: string | null;
}

export const CAP_LABELS: Readonly<Record<CapKind, { label: CapRecord['label']; name: CapRecord['name'] }>> = {
  B: { label: 'Brokerage Cap', name: 'brokerage' },
  R: { label: 'Royalty Cap', name: 'royalty' },
};

/** Reassign transactions (spec 000 sections 2-4, 7). */
export const REASSIGN_TYPES = ['all', 'active_only'] as const;
export type ReassignType = (typeof REASSIGN_TYPES)[number];

/** GET /transactions/reassign/count?from_agent_id=. */
export interface ReassignCountResponse {
  total_trans_count: number;
  active_trans_count: number;
}

/** POST /transactions/reassign. */
export interface ReassignRequest {
  from_agent_id: number;
  to_agent_id: number;
  type: ReassignType;
}

export interface ReassignResponse {
  reassigned_count: number;
}

export const REASSIGN_MESSAGES = {
  required: 'This field is required',
  sameAgent: 'Choose a different agent',
  /** The target must be able to hold transactions (ADMIN, TC, ISA or Agent). */
  notAnAgent: 'Choose an agent of your team',
  type: 'Choose all or active_only',
  /** '{name} has {total} transactions, {active} active.' */
  summary: (name: string, total: number, active: number) => `${name} has ${total} transactions, ${active} active.`,
  /** 'Reassign {count} transactions from {name} to {target}?' */
  confirm: (count: number, name: string, target: string) => `Reassign ${count} transactions from ${name} to ${target}?`,
  /** '{count} transactions reassigned to {target}' */
  done: (count: number, target: string) => `${count} transactions reassigned to ${target}`,
  /** The scope menu groups the target dropdown keeps. */
  targetGroups: ['Active Agents', 'Disabled Agents'],
} as const;

/** transactions.commission-templates.changed: the team's whole list (subscribers: identity). */
export interface CommissionTemplatesChanged {
  revision: number;
  templates: CommissionTemplate[];
}
