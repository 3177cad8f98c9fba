import type {
  ContactDetail,
  ContactFilterOptions,
  ContactListResponse,
  ContactMergeConflicts,
  ContactMergeRequest,
  ContactWriteRequest,
} from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';
import { fileNameOf } from '../admin-users/api';

export interface ContactsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** The Contacts screens' calls (spec 001 section 7; paths it does not show are fixed in libs/contracts/src/contacts.ts). Errors are react-admin HttpErrors. */
export function createContactsApi(options: ContactsApiOptions) {
  const { call, send } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** `query` from listState.toApiQuery. */
    listContacts: (query: URLSearchParams) => call<ContactListResponse>(`/contacts?${query.toString()}`),
    /** The CSV of `query` (listState.toCsvQuery) as a Blob, with its file name. */
    async exportContacts(query: URLSearchParams): Promise<{ blob: Blob; fileName: string }> {
      const response = await send(`/contacts?${query.toString()}`, { method: 'GET', headers: { Accept: 'text/csv' } });
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), 'contacts.csv') };
    },
    /** The Agent and Lead Source filters' options, by team id. */
    getFilterOptions: async (teamId: number | undefined): Promise<ContactFilterOptions> => {
      const body = await call<Partial<ContactFilterOptions> | null>(`/contacts/filter-options${teamId ? `?team_id=${id(teamId)}` : ''}`);
      return {
        agents: Array.isArray(body?.agents) ? body.agents : [],
        lead_sources: Array.isArray(body?.lead_sources) ? body.lead_sources : [],
      };
    },
    getContact: (contactId: number | string) => call<ContactDetail>(`/contacts/${id(contactId)}`),
    createContact: (request: ContactWriteRequest) => call<{ contact_id: number }>('/contacts', 'POST', request),
    updateContact: (contactId: number, request: ContactWriteRequest) =>
      call<{ contact_id: number; version: number }>(`/contacts/${id(contactId)}`, 'PATCH', request),
    getMergeConflicts: (contactIds: readonly number[]) =>
      call<ContactMergeConflicts>(`/contacts/merge/conflicts?contact_ids=${contactIds.map(id).join(',')}`),
    mergeContacts: (request: ContactMergeRequest) => call<{ contact_id: number }>('/contacts/merge', 'POST', request),
  };
}

export type ContactsApi = ReturnType<typeof createContactsApi>;
