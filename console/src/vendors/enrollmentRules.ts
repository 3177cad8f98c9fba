import type { VendorEnrollment, VendorInviteInfo } from '@app/contracts';
import { VENDOR_ENROLLMENT_MESSAGES as M } from '@app/contracts';
import type { AddressField } from '../account/AddressInputs';

/** The form's values: the invite's prefill (GET /enroll/vendor/link/info), empty where it has none. */
export function initialValues(info: VendorInviteInfo): VendorEnrollment & { address: { address_2: string } } {
  return {
    invite_token: '',
    name: info.name ?? '',
    address: {
      address_1: info.address?.address_1 ?? '',
      address_2: info.address?.address_2 ?? '',
      city: info.address?.city ?? '',
      state: info.address?.state ?? '',
      postal_code: info.address?.postal_code ?? '',
    },
    primary_contact: {
      first_name: info.primary_contact?.first_name ?? '',
      last_name: info.primary_contact?.last_name ?? '',
      email: info.primary_contact?.email ?? '',
      phone: info.primary_contact?.phone ?? '',
    },
  };
}

/** 'Required.' when empty: every field but address_2 (spec 001 section 5). */
export const requiredText = (message: string) => (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? message : undefined;

export const companyRules = [requiredText(M.required)];
export const contactRules = [requiredText(M.contactRequired)];
export const addressRules = (field: AddressField) => (field === 'address_2' ? [] : [requiredText(M.required)]);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What POST /enroll/vendor gets: trimmed texts, the phone's digits (stored unmasked), the token from the URL. */
export function enrollmentOf(values: Record<string, unknown>, token: string): VendorEnrollment {
  const address = (values.address ?? {}) as Record<string, unknown>;
  const contact = (values.primary_contact ?? {}) as Record<string, unknown>;
  return {
    invite_token: token,
    name: text(values.name),
    address: {
      address_1: text(address.address_1),
      address_2: text(address.address_2) || null,
      city: text(address.city),
      state: text(address.state),
      postal_code: text(address.postal_code),
    },
    primary_contact: {
      first_name: text(contact.first_name),
      last_name: text(contact.last_name),
      email: text(contact.email),
      phone: text(contact.phone).replace(/\D/g, ''),
    },
  };
}

/**
 * The danger message above the submit button (spec 001 section 8): the first entry of the server's
 * error list, else its message.
 */
export function firstErrorOf(error: unknown, fallback: string): string {
  const body = (error as { body?: unknown } | null)?.body ?? error;
  // The client keeps the server's list, in its order, as field_errors (and a {field: message} map as errors).
  const list = (body as { field_errors?: unknown } | null)?.field_errors;
  const errors = Array.isArray(list) ? list : (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) {
    const first = errors.find((e) => e && typeof e === 'object' && typeof (e as { error?: unknown }).error === 'string') as
      { error: string } | undefined;
    if (first) return first.error;
  }
  if (errors && typeof errors === 'object') {
    const first = Object.values(errors as Record<string, unknown>)[0];
    const message = Array.isArray(first) ? first[0] : first;
    if (typeof message === 'string' && message) return message;
  }
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** The token of the page's URL (?invite_token=), or null. */
export function inviteTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('invite_token');
  return token && token.trim() ? token.trim() : null;
}
