import type { VendorEnrollment, VendorInviteInfo } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

/**
 * The public vendor enrollment calls (docs/vendor-enrollment-api.md), made signed out; the invite
 * links are the data provider's `vendor-invites`.
 */
export function createVendorApi(options: { publicFetch: FetchLike; apiBase?: string }) {
  const open = createJsonClient({ fetch: options.publicFetch, apiBase: options.apiBase });
  return {
    /** Public: the form prefilled from the invite (404/410 with the server's message when it cannot be used). */
    inviteInfo: (token: string) => open.call<VendorInviteInfo>(`/enroll/vendor/link/info?invite_token=${encodeURIComponent(token)}`),
    /** Public: the Vendor Enrollment Form. */
    enroll: (form: VendorEnrollment) => open.call<{ status: string; message: string }>('/enroll/vendor', 'POST', form),
  };
}

export type VendorApi = ReturnType<typeof createVendorApi>;
