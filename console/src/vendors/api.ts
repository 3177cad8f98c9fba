import type {
  VendorEnrollment,
  VendorInviteCreated,
  VendorInviteInfo,
  VendorInviteRecord,
  VendorInviteRequest,
} from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

/** The vendor enrollment calls (docs/vendor-enrollment-api.md). */
export function createVendorApi(options: { fetch: FetchLike; publicFetch: FetchLike; apiBase?: string }) {
  const signedIn = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  const open = createJsonClient({ fetch: options.publicFetch, apiBase: options.apiBase });
  return {
    /** Public: the form prefilled from the invite (404/410 with the server's message when it cannot be used). */
    inviteInfo: (token: string) => open.call<VendorInviteInfo>(`/enroll/vendor/link/info?invite_token=${encodeURIComponent(token)}`),
    /** Public: the Vendor Enrollment Form. */
    enroll: (form: VendorEnrollment) => open.call<{ status: string; message: string }>('/enroll/vendor', 'POST', form),
    createInvite: (request: VendorInviteRequest) => signedIn.call<VendorInviteCreated>('/enroll/vendor/link', 'POST', request),
    listInvites: async () => (await signedIn.call<{ records: VendorInviteRecord[] }>('/enroll/vendor/links')).records ?? [],
    revokeInvite: (inviteId: number) => signedIn.call<{ status: string; message: string }>('/enroll/vendor/link', 'DELETE', { invite_id: inviteId }),
  };
}

export type VendorApi = ReturnType<typeof createVendorApi>;
