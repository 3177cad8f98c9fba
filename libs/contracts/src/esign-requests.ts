// E-sign requests and the public signing page (spec 002 sections 3 to 8): what the esign service's
// request calls take and answer, the statuses, the messages word for word, and the events' payloads.
import type { EsignField, EsignTemplateDocument } from './esign';
import type { FileHandoff } from './storage';

/** Request status codes: S sent, V viewed, P partially signed, C completed, D declined, F failed, E expired. */
export const ESIGN_REQUEST_STATUSES = ['S', 'V', 'P', 'C', 'D', 'F', 'E'] as const;
export type EsignRequestStatus = (typeof ESIGN_REQUEST_STATUSES)[number];
/** Statuses a request can still be cancelled (archived) from. */
export const ESIGN_CANCELLABLE_STATUSES: readonly EsignRequestStatus[] = ['S', 'V', 'P', 'F'];
/** Statuses of a request still being signed (the poller looks at these). */
export const ESIGN_OPEN_STATUSES: readonly EsignRequestStatus[] = ['S', 'V', 'P', 'F'];
export const ESIGN_STATUS_LABELS: Record<EsignRequestStatus, string> = {
  S: 'Sent',
  V: 'Viewed',
  P: 'Partially Signed',
  C: 'Completed',
  D: 'Declined',
  F: 'Failed',
  E: 'Expired',
};

export const ESIGN_SIGNATURE_ORDERS = ['P', 'S'] as const;
export type EsignSignatureOrder = (typeof ESIGN_SIGNATURE_ORDERS)[number];

/** Days a request stays open after sending (ESIGN_REQUEST_LIFETIME_DAYS overrides). */
export const ESIGN_REQUEST_LIFETIME_DAYS = 30;
/** Days a signer's link keeps offering the sealed PDF once the request is complete. */
export const ESIGN_SIGNED_LINK_DAYS = 30;
/** Resends of a failed invitation, minutes after the failure. */
export const ESIGN_INVITATION_RETRY_MINUTES: readonly number[] = [1, 5, 15];
export const ESIGN_CONSENT_TEXT = 'I agree to use electronic records and signatures.';
export const ESIGN_MAX_SIGNERS = 20;
export const ESIGN_DECLINE_REASON_MAX_LENGTH = 1000;
export const ESIGN_SUBJECT_MAX_LENGTH = 255;
export const ESIGN_BODY_MAX_LENGTH = 10_000;
/** Largest drawn signature or initials image (a PNG data URL), in characters. */
export const ESIGN_SIGNATURE_IMAGE_MAX_LENGTH = 500_000;

export const ESIGN_REQUEST_MESSAGES = {
  required: 'This field is required',
  invalidValue: 'Please enter a valid value',
  invalidPhone: 'Please enter a valid phone number',
  incorrectHost: (host: string) => `Incorrect format: ${host}`,
  incorrectFormat: 'Incorrect format',
  signerNameRequired: 'Signer name is required',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  signatureOrder: 'Signature order must be P or S',
  orderMin: 'Order must be a whole number of 1 or more',
  chooseTemplates: 'Choose a template or a packet',
  noSigners: 'Add a signer for each role',
  unknownField: 'Unknown field',
  unknownRole: 'Unknown role',
  alreadySigned: 'This document has already been signed',
  expired: 'This request has expired',
  cancelled: 'This request was cancelled',
  declined: 'This request was declined',
  notYourTurn: 'It is not your turn to sign yet',
  consentRequired: 'Please agree to use electronic records and signatures',
  linkNotFound: 'This signing link is not valid',
  cannotCancel: 'This request can no longer be cancelled',
  notCompleted: 'The signed document is not ready yet',
  sent: 'Sent for signatures',
} as const;

// ---------------------------------------------------------------- sending

export interface EsignEmailMessage {
  subject: string;
  body: string;
}

export interface EsignEmailConfig {
  default: EsignEmailMessage;
  /** Per role name, used when useRoleConfig is true. */
  roles?: Record<string, EsignEmailMessage>;
  useRoleConfig?: boolean;
}

export interface EsignSignerInput {
  /** The role's name in the template (a packet's templates share a role by name). */
  role: string;
  name: string;
  email: string;
  contact_id?: number | null;
  /** Sequential order (S): a whole number of 1 or more; ignored for P. */
  order?: number;
}

/** A value entered while sending; fieldId is the field's uuid in the template schema. */
export interface EsignFieldValueInput {
  fieldId: string;
  value: unknown;
  readonly?: boolean;
  update_transaction?: boolean;
}

export interface CreateEsignRequest {
  client_id: number;
  template_ids?: number[];
  packet_id?: number;
  signature_order: EsignSignatureOrder;
  email_config: EsignEmailConfig;
  signers: EsignSignerInput[];
  fields?: EsignFieldValueInput[];
  /** true: answer the filled PDF's URL; nothing is stored or sent. */
  preview?: boolean;
}

export interface EsignRequestCreated {
  esig_request_id: number;
  status: EsignRequestStatus;
}

export interface EsignPreviewResponse {
  url: string;
}

// ---------------------------------------------------------------- audit log

export const ESIGN_AUDIT_EVENT_TYPES = [
  'sent',
  'mail_queued',
  'mail_failed',
  'viewed',
  'signed',
  'declined',
  'status_changed',
  'sealed',
  'seal_failed',
  'expired',
  'cancelled',
  'invitation_resent',
] as const;
export type EsignAuditEventType = (typeof ESIGN_AUDIT_EVENT_TYPES)[number];

export interface EsignAuditEvent {
  type: EsignAuditEventType;
  /** Who did it: the sender's or signer's name, or 'System'. */
  actor: string;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  /** UTC ISO timestamp. */
  ts: string;
  /** e.g. 'S -> V' for a status change, the mail's subject, the decline reason. */
  detail: string | null;
}

export interface EsignAuditDocumentHash {
  name: string;
  sha256: string;
}

export interface EsignAuditLog {
  esig_request_id: number;
  status: EsignRequestStatus;
  events: EsignAuditEvent[];
  /** SHA-256 of each original PDF. */
  documents: EsignAuditDocumentHash[];
  /** SHA-256 of the sealed PDF once the request is complete. */
  final: EsignAuditDocumentHash | null;
}

export interface EsignSignedDocumentLink {
  url: string;
  filename: string;
  sha256: string;
}

// ---------------------------------------------------------------- the signing page (public)

/** What a signer link opens on: open to sign, or one of the closed pages. */
export const ESIGN_SIGNING_STATES = ['open', 'waiting', 'signed', 'declined', 'expired', 'cancelled'] as const;
export type EsignSigningState = (typeof ESIGN_SIGNING_STATES)[number];

/** A signature or initials: drawn (a PNG data URL) or typed (printed in a script face). */
export type EsignSignatureValue = { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };

export interface EsignSigningDocument extends EsignTemplateDocument {
  /** Where the page reads the original PDF (a signed URL valid for an hour). */
  url: string;
  /** [width, height] in points of each page. */
  page_sizes: [number, number][];
  /** The page number (1-based, across the request's documents) of this document's first page. */
  first_page: number;
}

export interface EsignSigningSession {
  state: EsignSigningState;
  /** The page's message for a closed state ('This document has already been signed', ...), else null. */
  message: string | null;
  esig_request_id: number;
  /** The template names, joined for a packet. */
  title: string;
  sender: { name: string; email: string | null };
  signer: { name: string; email: string; role: string };
  /** Present while state is open: the documents and every field (areas included). */
  documents: EsignSigningDocument[];
  fields: EsignField[];
  /** uuids of the fields this signer fills. */
  own_field_ids: string[];
  /** Values already set: the sender's and earlier signers' (read-only to this signer) and defaults. */
  values: Record<string, unknown>;
  /** The sealed PDF once the request is complete and within ESIGN_SIGNED_LINK_DAYS, else null. */
  signed_document_url: string | null;
  consent_text: string;
}

export interface CompleteSigningRequest {
  /** Field uuid -> value, for this signer's fields. */
  values: Record<string, unknown>;
  consent: boolean;
}

export interface DeclineSigningRequest {
  reason: string;
}

export interface EsignSigningResult {
  state: EsignSigningState;
}

// ---------------------------------------------------------------- events

export interface EsignRequestStatusChanged {
  esig_request_id: number;
  client_id: number;
  from_status: EsignRequestStatus | null;
  to_status: EsignRequestStatus;
  changed_ts: string;
}

export interface EsignRequestCompleted {
  esig_request_id: number;
  client_id: number;
  created_by_agent_id: number;
  file: FileHandoff;
  storage_paths: { default_document_type: number | null; default_storage_path: number };
}
