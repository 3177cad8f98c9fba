/**
 * Vendor enrollment (spec 001 sections 2 to 9): invites made by a team's
 * ADMIN or TRANC, the public enrollment form, and the event that tells other services. The server
 * (identity), transactions' read copy and the console share these names and words.
 * docs/vendor-enrollment-api.md describes every call.
 */
import type { Role } from './roles';

/** Who makes, lists and revokes invites (POST/GET/DELETE /enroll/vendor/link...). */
export const VENDOR_INVITE_ROLES: readonly Role[] = ['ADMIN', 'TRANC'];

/** Vendor types an invite may name; kept on the organisation, never asked in the form (spec 001 section 3). */
export const VENDOR_TYPES = ['Attorney', 'Mortgage', 'Title'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];

/** How long an invite link works. */
export const VENDOR_INVITE_TTL_DAYS = 14;

export type VendorInviteStatus = 'pending' | 'used' | 'expired' | 'revoked';
export const VENDOR_INVITE_STATUSES: readonly VendorInviteStatus[] = ['pending', 'used', 'expired', 'revoked'];

/** The console's route of the public form; the invite link is `${PUBLIC_URL}${VENDOR_ENROLLMENT_PATH}?invite_token=...`. */
export const VENDOR_ENROLLMENT_PATH = '/enroll/vendor';

/** POST /enroll/vendor/link. */
/** DELETE /enroll/vendor/link: the invite by its token or its id. */
export interface RevokeVendorInviteRequest {
  invite_token?: string;
  invite_id?: number;
}

export interface VendorInviteRequest {
  email?: string | null;
  name?: string | null;
  vendor_type?: VendorType | null;
}
/** POST /enroll/vendor/link answer. expires_at: ISO timestamp. */
export interface VendorInviteCreated {
  invite_token: string;
  url: string;
  expires_at: string;
}

/**
 * One row of GET /enroll/vendor/links. The token itself is never stored (only its hash): a row names its
 * invite by invite_id, and DELETE /enroll/vendor/link takes either the token or the invite_id.
 */
export interface VendorInviteRecord {
  invite_id: number;
  email: string | null;
  name: string | null;
  vendor_type: VendorType | null;
  status: VendorInviteStatus;
  created_ts: string;
  expires_at: string;
  used_ts: string | null;
  revoked_ts: string | null;
  /** The organisation an enrollment made with it. */
  vendor_id: number | null;
  vendor_name: string | null;
  created_by: string | null;
}

export interface VendorAddress {
  address_1: string;
  address_2?: string | null;
  city: string;
  state: string;
  postal_code: string;
}
export interface VendorPrimaryContact {
  first_name: string;
  last_name: string;
  email: string;
  /** 10 digits, unmasked. */
  phone: string;
}

/** GET /enroll/vendor/link/info?invite_token= (public): the form prefilled from the invite. */
export interface VendorInviteInfo {
  team_name: string;
  name: string;
  address: VendorAddress;
  primary_contact: VendorPrimaryContact;
}

/** POST /enroll/vendor (public): the Vendor Enrollment Form. */
export interface VendorEnrollment {
  invite_token: string;
  name: string;
  address: VendorAddress;
  primary_contact: VendorPrimaryContact;
}

/** Payload of identity.vendor.enrolled: agent_id is the new VENDOR user (the primary contact). */
export interface VendorEnrolled {
  vendor_id: number;
  team_id: number;
  agent_id: number;
  name: string;
  vendor_type: VendorType | null;
  logo_path: string | null;
}

/** The words of vendor enrollment, word for word where the spec gives them, ours where it has none. */
export const VENDOR_ENROLLMENT_MESSAGES = {
  title: 'Vendor Enrollment Form',
  intro: 'You are invited to enroll for free as a certified vendor.',
  /** A required field of the form (spec 001 section 5). */
  required: 'Required.',
  /** A required primary_contact field (spec 001 section 5: lowercase for contact fields). */
  contactRequired: 'required.',
  invalidEmail: 'This is an invalid email address',
  /** The admin user form's message for an address that is already a user's. */
  emailTaken: 'Email is already in use',
  invalidPhone: 'Please enter a valid phone number',
  success: 'Success! Check your email for login instructions.',
  inviteInvalid: 'This invite link is not valid.',
  inviteExpired: 'This invite link has expired.',
  inviteUsed: 'This invite link has already been used.',
  // Not worded by the spec.
  tooManyAttempts: (minutes: number) => `Too many enrollment attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  unknownVendorType: 'Choose one of Attorney, Mortgage, Title',
  inviteNotFound: 'Invite not found',
  inviteRevoked: 'Invite revoked',
  tokenOrId: 'Send invite_token or invite_id',
  tooLong: (max: number) => `Please enter at most ${max} characters`,
} as const;

/** Longest text the form's fields take (name, address parts, contact names). */
export const VENDOR_TEXT_MAX_LENGTH = 200;
