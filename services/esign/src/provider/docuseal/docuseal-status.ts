import type { EsignAuditEventType, EsignRequestStatus } from '@app/contracts';
import type { NewAuditEvent, SignerMirror } from '../../requests/requests.repository';

// What GET /submissions/{id} answers (the parts the adapter reads), and how it becomes our request status, our
// signers' statuses and our audit events.

export type DocusealSubmitterStatus = 'completed' | 'declined' | 'opened' | 'sent' | 'awaiting';

export interface DocusealSubmitter {
  id: number;
  submission_id?: number;
  email: string | null;
  name: string | null;
  role: string | null;
  status: DocusealSubmitterStatus | string;
  sent_at: string | null;
  opened_at: string | null;
  completed_at: string | null;
  declined_at: string | null;
}

export interface DocusealEvent {
  id: number;
  submitter_id: number;
  event_type: string;
  event_timestamp: string;
  /** The real API shows only a few keys (a decline's reason); no ip, no ua (webhooks and the audit log PDF have those). */
  data?: Record<string, unknown> | null;
}

export interface DocusealSubmission {
  id: number;
  status: 'completed' | 'declined' | 'expired' | 'pending' | string;
  archived_at: string | null;
  expire_at: string | null;
  completed_at: string | null;
  submitters: DocusealSubmitter[];
  submission_events?: DocusealEvent[];
  documents?: { name: string; url: string }[];
  audit_log_url?: string | null;
  combined_document_url?: string | null;
}

const isDeclined = (s: DocusealSubmitter) => s.status === 'declined' || !!s.declined_at;
const isCompleted = (s: DocusealSubmitter) => s.status === 'completed' || !!s.completed_at;
const isOpened = (s: DocusealSubmitter) => isCompleted(s) || isDeclined(s) || s.status === 'opened' || !!s.opened_at;

/**
 * The request status a submission stands for: any submitter declined D; the submission completed C; expired E; some
 * submitters completed P; any opened V; else S. (A bounced invitation, F, comes from the events: see bouncesIn.)
 */
export function requestStatusOf(submission: DocusealSubmission): Exclude<EsignRequestStatus, 'F'> {
  const submitters = submission.submitters ?? [];
  if (submission.status === 'declined' || submitters.some(isDeclined)) return 'D';
  if (submission.status === 'completed') return 'C';
  if (submission.status === 'expired') return 'E';
  if (submitters.some(isCompleted)) return 'P';
  if (submitters.some(isOpened)) return 'V';
  return 'S';
}

/** Our signer's status and times from their DocuSeal submitter. */
export function signerMirrorOf(submitter: DocusealSubmitter, declineReason: string | null): SignerMirror {
  const status = isDeclined(submitter)
    ? 'D'
    : isCompleted(submitter)
      ? 'C'
      : isOpened(submitter)
        ? 'V'
        : submitter.status === 'sent' || submitter.sent_at
          ? 'I'
          : 'W';
  return {
    status,
    invited_ts: submitter.sent_at,
    viewed_ts: submitter.opened_at ?? (status === 'C' || status === 'D' ? (submitter.completed_at ?? submitter.declined_at) : null),
    completed_ts: submitter.completed_at,
    declined_ts: submitter.declined_at,
    decline_reason: status === 'D' ? declineReason : null,
  };
}

/** DocuSeal's event types as our audit event types (the DocuSeal name stays in the detail). */
const EVENT_TYPES: Record<string, EsignAuditEventType> = {
  send_email: 'mail_queued',
  send_reminder_email: 'mail_queued',
  send_sms: 'mail_queued',
  send_2fa_sms: 'mail_queued',
  invite_party: 'mail_queued',
  bounce_email: 'mail_failed',
  complaint_email: 'mail_failed',
  open_email: 'viewed',
  click_email: 'viewed',
  click_sms: 'viewed',
  view_form: 'viewed',
  start_form: 'viewed',
  start_verification: 'viewed',
  complete_verification: 'viewed',
  phone_verified: 'viewed',
  complete_form: 'signed',
  api_complete_form: 'signed',
  decline_form: 'declined',
};

const WORDS: Record<string, string> = {
  send_email: 'Invitation email sent by DocuSeal',
  bounce_email: 'Invitation email bounced',
  view_form: 'Form viewed',
  start_form: 'Form started',
  complete_form: 'Form completed',
  decline_form: 'Form declined',
};

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * A DocuSeal submission event as our audit event, keyed by DocuSeal's event id (appended once however often a poll
 * sees it), at DocuSeal's time, by its submitter. IP and user agent only when DocuSeal gives them (its API does not;
 * they stay null).
 */
export function auditEventOf(event: DocusealEvent, submitter: DocusealSubmitter | undefined): NewAuditEvent {
  const type =
    EVENT_TYPES[event.event_type] ??
    (/^(bounce|complaint)_/.test(event.event_type) ? 'mail_failed' : /^send_/.test(event.event_type) ? 'mail_queued' : 'viewed');
  const data = event.data ?? {};
  const reason = textOf(data.reason);
  const words = WORDS[event.event_type] ?? `DocuSeal ${event.event_type}`;
  return {
    type,
    actor: textOf(submitter?.name) ?? textOf(submitter?.email) ?? textOf(submitter?.role) ?? 'DocuSeal',
    email: submitter?.email ?? null,
    ip: textOf(data.ip),
    user_agent: textOf(data.ua) ?? textOf(data.user_agent),
    detail: reason ? `${words}: ${reason}` : words,
    ts: event.event_timestamp,
    external_id: `docuseal-event-${event.id}`,
  };
}

/** A decline's reason from the submitter's decline_form event. */
export function declineReasonOf(submission: DocusealSubmission, submitterId: number): string | null {
  const event = [...(submission.submission_events ?? [])]
    .reverse()
    .find((e) => e.submitter_id === submitterId && e.event_type === 'decline_form');
  return textOf(event?.data?.reason);
}
