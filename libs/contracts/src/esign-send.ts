// The e-sign send stepper and the request board (spec 002 sections 2.2, 2.5, 3, 4, 7): drafts, the
// stepper's form state, signer options, the board's query and rows, and the transaction write-back.
import type { EsignFieldOption, EsignFieldValidation, EsignPlatformType, EsignTemplateDocumentFile, EsignTemplateSchema } from './esign';
import type { CreateEsignRequest, EsignEmailConfig, EsignRequestStatus, EsignSignatureOrder } from './esign-requests';

/** Step 1's input types (signature, initials and strikethrough are not filled while sending). */
export const ESIGN_SEND_FIELD_TYPES = ['text', 'number', 'phone', 'checkbox', 'select', 'radio', 'multiple', 'date'] as const;
export type EsignSendFieldType = (typeof ESIGN_SEND_FIELD_TYPES)[number];

/** The stepper's steps: 0 Verify Data, 1 Finalize Document, 2 Send for Signatures. */
export const ESIGN_STEPS = ['Verify Data', 'Finalize Document', 'Send for Signatures'] as const;
/** Autosave debounce of the stepper's form (spec section 9). */
export const ESIGN_AUTOSAVE_MS = 500;
/** Width at and under which the stepper lays out for phones. */
export const ESIGN_STEPPER_MOBILE_WIDTH = 960;

/** Spec section 3 "E-sign field (send flow)". */
export interface EsignSendField {
  uuid: string;
  /** The field's external_service_field_id: its uuid in the request's schema copy. */
  fieldId: string;
  /** title, else name. */
  label: string;
  required: boolean;
  fieldType: EsignSendFieldType;
  /** The spec's {product}_type: hyperlink, amount or phone. */
  platform_type: EsignPlatformType | null;
  can_update: boolean;
  /** The signer role's name. */
  signer: string;
  mapped_field: string | null;
  mapped_entity: string | null;
  validation: EsignFieldValidation;
  placeholder: string | null;
  disabled: boolean;
  readonly: boolean;
  options: EsignFieldOption[];
  description: string | null;
  title: string | null;
  document_name: string;
  document_order: number;
  document_page: number;
  preferences: { format: string | null };
  default_value: string | null;
  update_transaction: boolean;
  value: unknown;
  external_service_field_name: string;
  /** The transaction's current value of the mapped field (null when unmapped). */
  transaction_value: unknown;
}

/** Form value per field (spec section 3). */
export interface EsignFormValue {
  value: unknown;
  readonly: boolean;
  update_transaction: boolean;
}

/** Signer entry (spec section 3): selectedValue 'contact:<id>', 'agent:<id>', 'other' or null. */
export interface EsignSignerEntry {
  selectedValue: string | null;
  name: string;
  email: string;
  contact_id: number | null;
  fields: string[];
  role: string;
  order: number;
}

/** Form state (spec section 3): what the stepper autosaves to its draft. */
export interface EsignFormState {
  fields: EsignSendField[];
  formValues: Record<string, EsignFormValue>;
  fieldMetadata: Record<string, { touched?: boolean; dirty?: boolean }>;
  /** Keyed by the role name lower-cased with underscores. */
  signers: Record<string, EsignSignerEntry>;
  signatureOrder: EsignSignatureOrder;
  activeStep: number;
  emailConfig: EsignEmailConfig;
  submitters: { role: string; uuid: string; order: number }[];
}

export interface EsignDraftRole {
  uuid: string;
  name: string;
  order: number;
}

export interface EsignDraft {
  draft_id: string;
  client_id: number;
  template_ids: number[];
  packet_id: number | null;
  title: string;
  fields: EsignSendField[];
  roles: EsignDraftRole[];
  /** This request's own copy of the schema (step 2 edits change only it). */
  schema: EsignTemplateSchema;
  /** The PDFs for the builder, with signed URLs. */
  files: EsignTemplateDocumentFile[];
  form_state: EsignFormState | null;
  updated_ts: string;
}

export interface CreateEsignDraftRequest {
  client_id: number;
  template_ids?: number[];
  packet_id?: number;
}

/** PUT /esign/drafts/{id} (the stepper's autosave of its form state) answers this. */
export interface EsignDraftSaved {
  draft_id: string;
  updated_ts: string;
}

/**
 * POST /esign/requests from a draft: the transaction, templates, schema copy and title come from the draft (a
 * client_id sent too must be the draft's). The draft is deleted once its request is sent (not on preview).
 */
export interface CreateEsignRequestFromDraft extends Omit<CreateEsignRequest, 'client_id' | 'template_ids' | 'packet_id'> {
  draft_id: string;
  client_id?: number;
}

/**
 * What POST /esign/requests reads: a CreateEsignRequest (from templates or a packet) or a CreateEsignRequestFromDraft
 * (`draft_id`; client_id then optional, template_ids and packet_id not read). Both are assignable to it.
 */
export interface CreateEsignRequestBody extends Omit<CreateEsignRequest, 'client_id'> {
  draft_id?: string | null;
  client_id?: number | null;
}

/** Longest form state a draft keeps, in characters of its JSON. */
export const ESIGN_FORM_STATE_MAX_LENGTH = 900_000;
/** Most contacts of the team (beyond the transaction's own) and most agents that signer options offer. */
export const ESIGN_SIGNER_OPTIONS_LIMIT = 20;
/** Longest search term of GET /esign/signer-options. */
export const ESIGN_SIGNER_TERM_MAX_LENGTH = 100;

export const ESIGN_DRAFT_MESSAGES = {
  draftNotFound: 'Draft not found',
  formTooLarge: 'The form is too large to save',
  /** 400 of POST /esign/requests for update_transaction on a field whose can_update is false (fields.<i>.update_transaction). */
  cannotUpdateTransaction: 'This field cannot update the transaction',
} as const;

// ---------------------------------------------------------------- signer options

export interface EsignSignerContactOption {
  contact_id: number;
  name: string;
  email: string;
  on_transaction: boolean;
}

export interface EsignSignerAgentOption {
  agent_id: number;
  name: string;
  email: string;
}

export interface EsignSignerOptions {
  contacts: EsignSignerContactOption[];
  agents: EsignSignerAgentOption[];
}

// ---------------------------------------------------------------- the request board

export const ESIGN_BOARD_PER_PAGE = 50;
export const ESIGN_BOARD_PER_PAGE_OPTIONS: readonly number[] = [20, 50, 100, 500];
/** The board's status filter offers these (spec section 4). */
export const ESIGN_BOARD_FILTER_STATUSES: readonly EsignRequestStatus[] = ['S', 'V', 'P', 'C', 'F'];
export const ESIGN_BOARD_ORDER_BY = ['created_ts', 'completed_ts', 'status', 'template_name', 'address', 'created_by'] as const;
export type EsignBoardOrderBy = (typeof ESIGN_BOARD_ORDER_BY)[number];
export const ESIGN_BOARD_MESSAGES = {
  empty: 'No requests found',
  cancelConfirm: 'Are you sure you want to cancel this request?',
  /** A date range whose end day is before its start day (400 on the end date). */
  endBeforeStart: 'End date must be on or after start date',
} as const;

export interface EsignBoardQuery {
  include_status_totals?: boolean;
  page?: number;
  per_page?: number;
  order_by?: EsignBoardOrderBy;
  order_dir?: 'asc' | 'desc';
  quick_search_filter?: string;
  /** Comma-separated or repeated status codes. */
  allowed_statuses?: EsignRequestStatus[];
  created_by_agent_ids?: number[];
  /** MM/dd/yyyy */
  created_start_dt?: string;
  created_end_dt?: string;
  completed_start_dt?: string;
  completed_end_dt?: string;
  /** The IANA zone whose days the date filters mean (default UTC): the console sends the browser's. */
  time_zone?: string;
  client_id?: number;
}

export interface EsignBoardRow {
  esig_request_id: number;
  esignature_template: { name: string };
  transaction: { client_id: number; address_1: string; address_2: string; city: string; state: string; postal_code: string };
  created_by_agent: { first_name: string; last_name: string };
  created_ts: string;
  completed_ts: string | null;
  status: EsignRequestStatus;
  archived: boolean;
}

export interface EsignStatusTotals {
  Sent: number;
  Viewed: number;
  PartiallySigned: number;
  Completed: number;
  Failed: number;
  Total: number;
}

export interface EsignBoardResponse {
  esignature_requests: EsignBoardRow[];
  status_totals?: EsignStatusTotals;
  pagination: { page: number; per_page: number; totalRecords: number; filters: Record<string, unknown> };
}

/** The user filter's groups. */
export interface EsignRequestUsers {
  groups: { label: 'Active Users' | 'Disabled Users'; users: { agent_id: number; first_name: string; last_name: string }[] }[];
}

// ---------------------------------------------------------------- write-back

export interface EsignTransactionFieldChange {
  mapped_entity: string;
  mapped_field: string;
  value: unknown;
}

/** On send, the values marked Update Transaction (of fields with can_update) for transactions to apply once. */
export interface EsignTransactionFieldsUpdateRequested {
  client_id: number;
  esig_request_id: number;
  agent_id: number;
  changes: EsignTransactionFieldChange[];
}
