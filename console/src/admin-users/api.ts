import type {
  AdminUserForm,
  AdminUserRecord,
  AdminUserRow,
  LicenceCounts,
  LoginHistoryRow,
  ReassignCountResponse,
  ReassignRequest,
  ReassignResponse,
  ScopeMenu,
  TableResponse,
  UploadUrlResponse,
} from '@app/contracts';
import { createJsonClient, plainFetch, putFile, type FetchLike } from '../dataProvider/apiClient';

export type { FetchLike } from '../dataProvider/apiClient';

/** A write's answer: {status, message, record?} (POST /admin/user adds agent_id). */
export interface WriteAnswer<T = AdminUserRecord> {
  status?: string;
  message?: string;
  agent_id?: number;
  record?: T;
}

export interface AdminUsersApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  /** fetch for the presigned upload URL (no Authorization header may go there). */
  uploadFetch?: FetchLike;
  apiBase?: string;
}

export type EmailType = 'welcome' | 'reset';

export interface AdminSetPasswordRequest {
  agent_id: number;
  new_password: string;
  confirm_new_password: string;
}

/** The file name of a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || fallback;
}

/**
 * User administration calls (docs/admin-api.md "User administration (identity)") on the console's
 * authenticated fetch. Errors are react-admin HttpErrors like the account api's: `body.errors`
 * {field: first message}, `body.field_errors` the server's [{field, error}], plus whatever else the
 * server said (`detail` of the licence refusal).
 */
export function createAdminUsersApi(options: AdminUsersApiOptions) {
  const { send, call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  const uploadFetch = options.uploadFetch ?? plainFetch;

  const id = (agentId: number) => `agent_id=${encodeURIComponent(String(agentId))}`;

  return {
    getLicences: () => call<LicenceCounts>('/admin/licenses'),
    /** `query` from listState.toApiQuery (page, per_page, order_by, order_dir, filters). */
    listUsers: (query: URLSearchParams) => call<TableResponse<AdminUserRow>>(`/admin/users?${query.toString()}`),
    /** The CSV of the table (no paging) as a Blob, with its file name. */
    async downloadUsers(query: URLSearchParams): Promise<{ blob: Blob; fileName: string }> {
      const response = await send(`/admin/users/download?${query.toString()}`, {
        method: 'GET',
        headers: { Accept: 'text/csv' },
      });
      const blob = await response.blob();
      return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition'), 'users.csv') };
    },
    getUser: (agentId: number) => call<AdminUserRecord>(`/admin/user?${id(agentId)}`),
    createUser: (form: Partial<AdminUserForm>) => call<WriteAnswer>('/admin/user', 'POST', form),
    updateUser: (agentId: number, patch: Partial<AdminUserForm>) =>
      call<WriteAnswer>('/admin/user', 'PATCH', { ...patch, agent_id: agentId }),
    disableUser: (agentId: number) => call<WriteAnswer>(`/admin/user?${id(agentId)}`, 'DELETE'),
    activateUser: (agentId: number) => call<WriteAnswer>('/admin/user/activate', 'PATCH', { agent_id: agentId }),
    sendEmail: (agentId: number, type: EmailType) => call<WriteAnswer>('/admin/user/email', 'POST', { agent_id: agentId, type }),
    setPassword: (request: AdminSetPasswordRequest) => call<WriteAnswer>('/admin/user/password', 'PATCH', request),
    getHistory: (agentId: number, page: number, perPage: number) =>
      call<TableResponse<LoginHistoryRow>>(`/admin/user/history?${id(agentId)}&page=${page}&per_page=${perPage}`),
    /** Asks where to put the user's image; the answer's url takes a PUT of the file. */
    requestAvatarUpload: (agentId: number, name: string, type: string) =>
      call<UploadUrlResponse>(`/admin/user/avatar?${id(agentId)}`, 'POST', { name, type }),
    /** After the PUT (needed with S3, harmless locally). */
    confirmAvatar: (agentId: number, key: string) =>
      call<{ url: string | null }>(`/admin/user/avatar/confirm?${id(agentId)}`, 'POST', { key }),
    // Reassign Transactions (the transactions service).
    getReassignCount: (fromAgentId: number) =>
      call<ReassignCountResponse>(`/transactions/reassign/count?from_agent_id=${encodeURIComponent(String(fromAgentId))}`),
    reassign: (request: ReassignRequest) => call<ReassignResponse>('/transactions/reassign', 'POST', request),
    /** The agent scope menu without the Team entry (the reassignment's targets come from it). */
    getAgentScopes: () => call<ScopeMenu>('/dashboard/scopes?include_team=false'),
    /** PUTs the file to the presigned url; throws an HttpError with the storage's status. */
    putFile: (url: string, file: Blob) => putFile(uploadFetch, url, file),
  };
}

export type AdminUsersApi = ReturnType<typeof createAdminUsersApi>;
