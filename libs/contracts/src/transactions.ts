// The transactions list (spec 001 sections 2, 3, 7 and 9): wire shapes shared by the transactions
// service and the console.
import type { TableColumn } from './api';
import type { Role } from './roles';

/** Who may call the transactions service's work-area calls (CLIENT gets 403; the forms calls answer anyone). */
export const TRANSACTION_LIST_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'];

/** b buyer, s seller. */
export type TransactionSide = 'b' | 's';
export const TRANSACTION_SIDE_LABELS: Readonly<Record<TransactionSide, 'Buyer' | 'Seller'>> = { b: 'Buyer', s: 'Seller' };

/** A status's category: what it means for derived_status, boards and dashboards. */
export type StatusCategory = 'pipeline' | 'active' | 'closed' | 'lost';

/** The status dates a transaction carries (each status asks for some of them). */
export const STATUS_DATE_FIELDS = [
  'appt_set_dt',
  'appt_met_dt',
  'signed_dt',
  'under_contract_dt',
  'est_close_dt',
  'closed_dt',
  'lost_dt',
] as const;
export type StatusDateField = (typeof STATUS_DATE_FIELDS)[number];

/** Status and stage options (spec 001 section 3): color is a hex colour, font_color dark or light. */
export interface StageOption {
  id: number;
  label: string;
  color: string;
  font_color: 'dark' | 'light';
}

export interface StatusOption extends StageOption {
  category: StatusCategory;
  /** `status-{id}`: the console builds these classes from the colours. */
  color_css: string;
  /** The dates entering this status asks for, in order (Lost also asks for lost_reason). */
  dates: StatusDateField[];
  /** true when entering it asks for lost_reason too. */
  asks_lost_reason: boolean;
}

export interface TagOption {
  id: number;
  label: string;
  /** The tag's border colour (hex). */
  border: string;
}

export interface LeadTypeOption {
  id: number;
  label: string;
  group: string;
}

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'amount', 'percent', 'date', 'select', 'yn', 'phone', 'email', 'link'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A field of the catalogue (GET /transaction/fields): the system fields and the team's custom fields. */
export interface TransactionFieldDefinition {
  field_key: string;
  label: string;
  type: CustomFieldType;
  /** The choices of a select field (else empty). */
  options: string[];
  /** The side it belongs to; null for both. */
  client_type: TransactionSide | null;
  required: boolean;
  vendor_visible: boolean;
  can_update: boolean;
  /** true for a column of the transaction itself (trans_amt, est_close_dt, ...), false for a custom field. */
  system: boolean;
}

/** A TC for the TC dropdowns (GET /transaction/tcs). */
export interface TcOption {
  agent_id: number;
  first_name: string;
  last_name: string;
  name: string;
}

/** derived_status of a row: its value and the class of its coloured tag. */
export type DerivedStatusValue = 'Lost' | 'Closed' | 'Past Close Date' | 'Tasks Overdue' | 'On Track';
export const DERIVED_STATUS_CSS: Readonly<Record<DerivedStatusValue, string>> = {
  Lost: 'derived-gray',
  Closed: 'derived-blue',
  'Past Close Date': 'derived-red',
  'Tasks Overdue': 'derived-orange',
  'On Track': 'derived-green',
};

/** One form field value of a row: `values[field_key]`. */
export interface FieldValue {
  label: string;
  /** As stored: text, a number, 'MM/DD/YYYY' for a date, 'Y'/'N' for yn; null when empty. */
  value: string | number | null;
}

/** The spec's Transaction row (GET /transactions/records). */
export interface TransactionRow {
  client_id: number;
  id: number;
  address: string;
  contact_name: string;
  type: 'Buyer' | 'Seller';
  status: string;
  color_css: string;
  tags: { label: string; border: string }[];
  field_order: string[];
  values: Record<string, FieldValue>;
  stage: { id: number | null };
  primary_agent_id: number | null;
  primary_agent: string;
  completed_task_count: number;
  total_task_count: number;
  derived_status: { value: DerivedStatusValue; color_css: string };
  rtc_count: number;
  /** ISO timestamp (the Created column). */
  created_ts: string;
}

/** A column of the list: a row key, or (kind 'value') a form field read from row.values[field]. */
export interface TransactionColumn extends TableColumn {
  sortable: true;
  kind: 'row' | 'value';
  /** A form field's type, for its cell format. */
  type?: CustomFieldType;
}

export const TRANSACTION_PAGE_SIZES = [10, 20, 60, 100] as const;
export const TRANSACTION_DEFAULT_PAGE_SIZE = 10;
/** team_form_id=-1 stands for the caller's team's list form. */
export const LIST_FORM_ALIAS = -1;
/** The time zone of a team that has not saved one. */
export const DEFAULT_TEAM_TIMEZONE = 'America/New_York';

export const TRANSACTION_LIST_MESSAGES = {
  searchHint: 'Address, Email, Client Name, Mobile Phone, or ID',
  clear: 'Clear',
  help: 'Click a row to view details.',
  title: 'Transactions',
  empty: 'No transactions found.',
} as const;

/** GET /transactions/records query. */
export interface TransactionListQuery {
  team_form_id?: number;
  page?: number;
  per_page?: number;
  order_by?: string;
  order_dir?: 1 | -1;
  quick_search_filter?: string;
}

/** A transaction as its events carry it (the whole row). */
export interface TransactionSnapshot {
  client_id: number;
  team_id: number;
  type: TransactionSide;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  formatted_address: string;
  primary_agent_id: number | null;
  tc_agent_id: number | null;
  client_user_ids: number[];
  vendor_user_ids: number[];
  stage_id: number | null;
  status_id: number;
  /** 'YYYY-MM-DD' or null, each. */
  appt_set_dt: string | null;
  appt_met_dt: string | null;
  signed_dt: string | null;
  under_contract_dt: string | null;
  est_close_dt: string | null;
  closed_dt: string | null;
  lost_dt: string | null;
  lost_reason: string | null;
  lead_type_id: number | null;
  original_lead_type_id: number | null;
  lead_type_date: string | null;
  appt_set_by_agent_id: number | null;
  trans_amt: number | null;
  gci_pct: number | null;
  gross_commission_amt: number | null;
  custom_values: Record<string, string | number | null>;
  tag_ids: number[];
  hidden_on_boards: boolean;
  pinned_on_boards: boolean;
  completed_task_count: number;
  total_task_count: number;
  rtc_count: number;
  next_open_due_dt: string | null;
  contacts: { name: string; email: string | null }[];
  created_ts: string;
  updated_ts: string;
  version: number;
}

export interface TransactionStatusChanged {
  client_id: number;
  version: number;
  from_status_id: number | null;
  to_status_id: number;
  /** The status dates after the change ('YYYY-MM-DD' or null). */
  dates: Partial<Record<StatusDateField, string | null>> & { lost_reason?: string | null };
}

export interface TransactionClosed {
  client_id: number;
  version: number;
  primary_agent_id: number | null;
  type: TransactionSide;
  closed_dt: string | null;
  trans_amt: number | null;
  gross_commission_amt: number | null;
}

/** merged: merged into another contact (merged_into_contact_id); it leaves lists, counts and CSV. */
export type ContactStatus = 'active' | 'inactive' | 'merged';

/** A contact as its events carry it. */
export interface ContactSnapshot {
  contact_id: number;
  team_id: number;
  agent_id: number | null;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  lead_type_id: number | null;
  status: ContactStatus;
  version: number;
}

// ---------------------------------------------------------------- the transaction modal and page (spec 001)

/** PATCH /transaction/{client_id} presets and the change keys each accepts ('page' also takes the page form's fields). */
export const TRANSACTION_PRESETS = ['task_modal', 'transaction_modal', 'board', 'page'] as const;
export type TransactionPreset = (typeof TRANSACTION_PRESETS)[number];
export const PRESET_CHANGE_KEYS: Readonly<Record<Exclude<TransactionPreset, 'page'>, readonly string[]>> = {
  task_modal: ['client_stage_id', 'tc_agent_id', 'tags'],
  transaction_modal: ['client_stage_id', 'agent_id'],
  board: ['client_stage_id'],
};
/** What the page preset accepts besides the page form's field keys. */
export const PAGE_PRESET_EXTRA_KEYS: readonly string[] = [
  'client_stage_id',
  'tc_agent_id',
  'tags',
  'agent_id',
  'type',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'first_name',
  'last_name',
  'email',
  'mobile_phone',
  'client_user_ids',
  'vendor_user_ids',
  'trans_amt',
  'gci_pct',
  'gross_commission_amt',
];

/** PATCH /transaction/{client_id} body (the body's client_id must equal the path's). */
export interface TransactionUpdateRequest {
  client_id: number;
  task_id?: number;
  preset: TransactionPreset;
  /** Values as the form sends them: dates MM/DD/YYYY, amounts numbers, tags and user lists id arrays. */
  changes: Record<string, unknown>;
}

/** PATCH /transaction/{client_id}/status body: the dates the target status asks for (MM/DD/YYYY). */
export interface TransactionStatusRequest {
  status_id: number;
  dates?: Partial<Record<StatusDateField, string>> & { lost_reason?: string };
}

/** POST /transactions body. */
export interface TransactionCreateRequest {
  type: TransactionSide;
  contact_id?: number;
  contact?: { first_name?: string; last_name?: string; email?: string; mobile_phone?: string };
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  primary_agent_id?: number;
  stage_id?: number;
  status_id?: number;
  /** Page-form values by field key. */
  values?: Record<string, unknown>;
}

/** GET /transaction/{client_id}: the list row plus the form's every field, contacts and linked users. */
export interface TransactionDetail extends TransactionRow {
  /** b or s (row.type is the label). */
  side: TransactionSide;
  team_form_id: number;
  status_id: number;
  status_category: StatusCategory;
  tc_agent_id: number | null;
  tc_agent: string;
  tag_ids: number[];
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  /** The status dates as MM/DD/YYYY (or null) and lost_reason. */
  dates: Record<StatusDateField, string | null> & { lost_reason: string | null };
  /** The form's fields (definitions), in field_order. */
  fields: TransactionFieldDefinition[];
  contacts: {
    contact_id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    mobile_phone: string | null;
    is_primary: boolean;
  }[];
  linked_users: { agent_id: number; name: string; role: 'CLIENT' | 'VENDOR' }[];
  version: number;
  /** What the caller may change: 'all' (ADMIN, TRANC), 'except_agent' (AGENT, ISISA), 'none' (VENDOR). */
  can_edit: 'all' | 'except_agent' | 'none';
}

/** A row of GET /transaction/{client_id}/history. */
export interface TransactionHistoryRecord {
  history_id: number;
  field: string;
  label: string;
  old_value: string | null;
  new_value: string | null;
  source: string;
  agent_id: number | null;
  agent_name: string | null;
  created_ts: string;
}

export const TRANSACTION_EDIT_MESSAGES = {
  notAllowedHere: 'Not allowed here',
  notYourTeams: 'Please choose one of the options',
  cannotChangeAgent: 'You cannot change the agent',
  readOnly: 'You do not have permission to change this transaction',
  clientIdMismatch: "client_id must be the transaction's id",
  notATask: 'Not a task of this transaction',
  contactOrAddress: 'Enter a contact or an address',
  agentSelfOnly: 'An agent can only add transactions of their own',
  saved: 'Transaction saved',
  statusChanged: 'Status changed',
  pipelineConfirm: 'Move this transaction back to Pipeline?',
} as const;

/** The choices of the lost_reason select (a team may also type its own). */
export const LOST_REASONS: readonly string[] = [
  'Went with another agent',
  'Stopped responding',
  'Financing fell through',
  'Decided not to move',
  'Priced out of the market',
];

/** GET /transaction/form/select-options element names besides the team's select custom fields. */
export const FORM_SELECT_ELEMENTS = ['stage', 'status', 'tag', 'tc', 'agent', 'lead_type', 'original_lead_type', 'lost_reason'] as const;
