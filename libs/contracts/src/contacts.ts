import type { Pagination } from './api';
import type { Role } from './roles';

// Contacts and merge (spec 001 sections 2 to 9). Paths the spec does not show are fixed by
// this file: GET /contacts, /contacts/filter-options, /contacts/{id}, POST /contacts, PATCH
// /contacts/{id}, GET /contacts/merge/conflicts, POST /contacts/merge.

/** Who may call the contacts API (CLIENT and VENDOR get 403). */
export const CONTACT_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT'];
/** Who sees (and merges) every contact of the team, with its Agent column; AGENT sees their own only. */
export const CONTACT_TEAM_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA'];

/** The statuses a contact may be given; `merged` is set by a merge only. */
export const CONTACT_EDITABLE_STATUSES = ['active', 'inactive'] as const;
export type ContactEditableStatus = (typeof CONTACT_EDITABLE_STATUSES)[number];
/** status_filter of the list (default active). */
export const CONTACT_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type ContactStatusFilter = (typeof CONTACT_STATUS_FILTERS)[number];

/** Page sizes of the console's table (spec 001 section 9); the server takes any per_page from 1 to 10,000. */
export const CONTACT_PAGE_SIZES = [10, 20, 60, 100, 500] as const;
export const CONTACT_DEFAULT_PAGE_SIZE = 20;
export const CONTACT_MAX_PAGE_SIZE = 10_000;
/** Sortable record fields (order_by); default first_name. */
export const CONTACT_SORT_FIELDS = [
  'contact_id',
  'first_name',
  'last_name',
  'email',
  'mobile_phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'lead_type_id',
  'agent_name',
  'client_transaction_count',
  'status',
] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
/** 2 to 10 contacts in one merge. */
export const CONTACT_MERGE_MIN = 2;
export const CONTACT_MERGE_MAX = 10;

/** A row of GET /contacts (agent_name null for an AGENT caller, who has no Agent column). */
export interface ContactRecord {
  contact_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  lead_type_id: number | null;
  agent_id: number | null;
  agent_name: string | null;
  client_transaction_count: number;
  status: ContactEditableStatus;
}

export interface ContactListResponse {
  records: ContactRecord[];
  pagination: Pagination;
}

/** GET /contacts/filter-options?team_id= */
export interface ContactFilterOptions {
  agents: { id: number; label: string }[];
  lead_sources: { id: number; label: string }[];
}

/** A transaction linked to a contact (GET /contacts/{id}). */
export interface ContactTransaction {
  client_id: number;
  address: string;
  type: string;
  status: string;
  is_primary: boolean;
  created_ts: string;
}

/** GET /contacts/{id}. */
export interface ContactDetail extends ContactRecord {
  lead_type: string | null;
  custom_fields: Record<string, string | number | null>;
  version: number;
  created_ts: string;
  transactions: ContactTransaction[];
}

/** POST /contacts and PATCH /contacts/{id} (PATCH: any of them). agent_id: ADMIN, TRANC, ISISA only. */
export interface ContactWriteRequest {
  first_name?: string;
  last_name?: string;
  email?: string | null;
  mobile_phone?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  lead_type_id?: number | null;
  agent_id?: number | null;
  status?: ContactEditableStatus;
}

/** One field of GET /contacts/merge/conflicts: a value per contact (display text; '' when empty). */
export interface ContactMergeField {
  label: string;
  field: string;
  values: { contact_id: number; value: string }[];
}

export interface ContactMergeConflicts {
  contacts: ContactRecord[];
  fields: ContactMergeField[];
  /** The keys of the contacts' custom_fields, as fields named `custom_fields.<key>`. */
  dynamic_fields: ContactMergeField[];
}

export interface ContactMergeRequest {
  contact_ids: number[];
  resolutions: { field: string; contact_id: number }[];
}

/** The columns of the list and of its CSV (Agent only for ADMIN, TRANC, ISISA), in order. */
export const CONTACT_COLUMNS: readonly { field: keyof ContactRecord; header: string; teamOnly?: true }[] = [
  { field: 'first_name', header: 'First Name' },
  { field: 'last_name', header: 'Last Name' },
  { field: 'email', header: 'Email' },
  { field: 'mobile_phone', header: 'Mobile Phone' },
  { field: 'address_1', header: 'Address' },
  { field: 'address_2', header: 'Address 2' },
  { field: 'city', header: 'City' },
  { field: 'state', header: 'State' },
  { field: 'postal_code', header: 'Zip' },
  { field: 'lead_type_id', header: 'Lead Source' },
  { field: 'agent_name', header: 'Agent', teamOnly: true },
  { field: 'client_transaction_count', header: 'Transactions' },
  { field: 'status', header: 'Status' },
];

/** Merge conflict fields in order (agent_id only for ADMIN, TRANC, ISISA). */
export const CONTACT_MERGE_FIELDS: readonly { field: string; label: string; teamOnly?: true }[] = [
  { field: 'first_name', label: 'First Name' },
  { field: 'last_name', label: 'Last Name' },
  { field: 'email', label: 'Email' },
  { field: 'mobile_phone', label: 'Mobile Phone' },
  { field: 'address_1', label: 'Address' },
  { field: 'address_2', label: 'Address 2' },
  { field: 'city', label: 'City' },
  { field: 'state', label: 'State' },
  { field: 'postal_code', label: 'Zip' },
  { field: 'lead_type_id', label: 'Lead Source' },
  { field: 'agent_id', label: 'Agent', teamOnly: true },
  { field: 'status', label: 'Status' },
];

/** The spec's words (and ours where it has none) for contacts and merge. */
export const CONTACT_MESSAGES = {
  mergeTooFew: 'Select two or more contacts to merge together',
  mergeTooMany: 'Select no more than 10 contacts to merge',
  mergeSelectAll: 'Please make a selection for all fields',
  merged: 'Contacts merged',
  updated: 'Contact updated',
  created: 'Contact created',
  notFound: 'Contact not found',
  mergeBusy: 'These contacts are being changed by someone else. Please try again.',
  cannotChangeAgent: 'You cannot change the agent',
  notYourTeams: 'Please choose one of the options',
} as const;

/** transactions.contact.merged */
export interface ContactMerged {
  survivor_id: number;
  merged_ids: number[];
}
