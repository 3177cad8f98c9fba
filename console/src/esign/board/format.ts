import { ESIGN_CANCELLABLE_STATUSES, ESIGN_STATUS_LABELS, type EsignBoardRow } from '@app/contracts';
import { formatDateTime, knownTimeZone } from '../../admin-users/format';
import { DERIVED_COLOURS, type TagColours } from '../../transactions/statusStyles';
import { ESIGN_AUDIT_EVENT_LABELS, ESIGN_BOARD_LABELS as L } from '../messages';

// How the board shows a request (spec 002 sections 2.5 and 4). Pure.

/** '12 Oak St, Unit 4, Austin, TX 78701': the parts there are. */
export function addressOf(transaction: EsignBoardRow['transaction'] | null | undefined): string {
  if (!transaction) return '';
  const street = [transaction.address_1, transaction.address_2]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  const stateZip = [transaction.state, transaction.postal_code]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return [street, (transaction.city ?? '').trim(), stateZip].filter(Boolean).join(', ');
}

export const creatorOf = (row: Pick<EsignBoardRow, 'created_by_agent'>): string =>
  [row.created_by_agent?.first_name, row.created_by_agent?.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

/** The status a row shows: its label (D Declined, E Expired...), or Cancelled once archived. */
export const statusLabelOf = (row: Pick<EsignBoardRow, 'status' | 'archived'>): string =>
  row.archived ? L.cancelled : (ESIGN_STATUS_LABELS[row.status] ?? row.status);

/**
 * A status tag's colours: the transaction tags' Progress colours (white text at 4.5:1 or more on each, in both
 * themes): blue while out for signature, orange partly signed, green completed, red declined or failed, grey
 * expired or cancelled.
 */
export function statusColoursOf(row: Pick<EsignBoardRow, 'status' | 'archived'>): TagColours {
  if (row.archived) return DERIVED_COLOURS['derived-gray'];
  switch (row.status) {
    case 'S':
    case 'V':
      return DERIVED_COLOURS['derived-blue'];
    case 'P':
      return DERIVED_COLOURS['derived-orange'];
    case 'C':
      return DERIVED_COLOURS['derived-green'];
    case 'D':
    case 'F':
      return DERIVED_COLOURS['derived-red'];
    default:
      return DERIVED_COLOURS['derived-gray'];
  }
}

/** Cancel shows on a request still being signed (S, V, P, F) that is not cancelled already. */
export const canCancel = (row: Pick<EsignBoardRow, 'status' | 'archived'>): boolean =>
  !row.archived && ESIGN_CANCELLABLE_STATUSES.includes(row.status);

/** Audit Log shows once the request is completed. */
export const hasAuditLog = (row: Pick<EsignBoardRow, 'status'>): boolean => row.status === 'C';

/**
 * An audit event's time to the second, in the user's zone with its name ('11/20/2026 9:30:05 AM CST') and in
 * UTC ('2026-11-20 15:30:05 UTC'); the raw text for a value that is not a time.
 */
export function auditTimes(ts: string, timeZone: string | null | undefined): { local: string; utc: string } {
  const date = new Date(ts);
  if (!ts || Number.isNaN(date.getTime())) return { local: ts ?? '', utc: '' };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: knownTimeZone(timeZone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const local = `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod} ${parts.timeZoneName}`;
  return { local, utc: `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` };
}

/** A board date (Created, Completed) in the user's zone: mm/dd/yyyy h:mm AM/PM. */
export const boardDateTime = (value: string | null | undefined, timeZone: string | null | undefined): string =>
  formatDateTime(value ?? null, timeZone);

export const auditEventLabel = (type: string): string => ESIGN_AUDIT_EVENT_LABELS[type] ?? type;
