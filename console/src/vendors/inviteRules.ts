import type { VendorInviteRecord, VendorInviteRequest, VendorInviteStatus } from '@app/contracts';
import { VENDOR_TYPES } from '@app/contracts';
import { VENDOR_MESSAGES as M } from './messages';

/** The data provider's resource (dataProvider/resources.ts). */
export const INVITES = 'vendor-invites';

export const VENDOR_TYPE_CHOICES = VENDOR_TYPES.map((type) => ({ id: type, name: type }));

/** Who the invite is for, as the list names it: the company, else the email, else a dash. */
export function inviteeOf(invite: Pick<VendorInviteRecord, 'name' | 'email'>): string {
  return invite.name || invite.email || '—';
}

export const statusLabel = (status: VendorInviteStatus): string => M.statuses[status];

/** Only a pending or expired invite can be revoked (a used one stays on record). */
export const canRevoke = (invite: Pick<VendorInviteRecord, 'status'>): boolean =>
  invite.status === 'pending' || invite.status === 'expired';

/** The dialog's values as POST /enroll/vendor/link takes them (blanks left out). */
export function inviteRequestOf(values: Record<string, unknown>): VendorInviteRequest {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const request: VendorInviteRequest = {};
  const email = text(values.email);
  const name = text(values.name);
  const type = text(values.vendor_type);
  if (email) request.email = email;
  if (name) request.name = name;
  if (type && (VENDOR_TYPES as readonly string[]).includes(type)) request.vendor_type = type as VendorInviteRequest['vendor_type'];
  return request;
}

/** A date of the list (MM/DD/YYYY in the viewer's zone). */
export function shortDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
}
