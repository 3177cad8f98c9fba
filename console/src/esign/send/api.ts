import type {
  CreateEsignRequest,
  EsignDraft,
  EsignFormState,
  EsignPreviewResponse,
  EsignRequestCreated,
  EsignSignerOptions,
  EsignTemplateSchema,
  MappableField,
} from '@app/contracts';
import { createJsonClient, type FetchLike } from '../../dataProvider/apiClient';

/**
 * The send call as the stepper makes it: the draft names the transaction and the templates (or packet),
 * so the body carries `draft_id` in place of client_id, template_ids and packet_id.
 */
export type EsignSendRequest = Omit<CreateEsignRequest, 'client_id' | 'template_ids' | 'packet_id'> & { draft_id: string };

/** The stepper's calls (esign service, libs/contracts/src/esign-send.ts and esign-requests.ts). */
export function createEsignSendApi(options: { fetch: FetchLike; apiBase?: string }) {
  const client = createJsonClient(options);
  const draft = (draftId: string) => `/esign/drafts/${encodeURIComponent(draftId)}`;
  return {
    /** The draft the e-sign tab created (404 for another user's). */
    getDraft: (draftId: string) => client.call<EsignDraft>(draft(draftId)),
    /** Autosave of the form (500 ms after changes, and on Next and Previous). */
    saveFormState: (draftId: string, state: EsignFormState) => client.call<unknown>(draft(draftId), 'PUT', state),
    /** Step 2's builder edits, on this request's copy of the schema only; answers the draft with its step 1 fields built again (400 {errors:[{field, error}]}). */
    saveSchema: (draftId: string, schema: EsignTemplateSchema) =>
      client.call<EsignDraft | null>(`${draft(draftId)}/schema`, 'PUT', {
        documents: schema.documents,
        roles: schema.roles,
        fields: schema.fields,
      }),
    /** Contacts (the transaction's first) and agents matching `term` (503 when transaction data is down). */
    signerOptions: (clientId: number, term: string) => {
      const query = new URLSearchParams({ client_id: String(clientId), term });
      return client.call<EsignSignerOptions>(`/esign/signer-options?${query.toString()}`);
    },
    /** Send (201 {esig_request_id, status}) or, with preview, the filled PDF as {url} (a data: URL). */
    send: (request: EsignSendRequest) => client.call<EsignRequestCreated | EsignPreviewResponse>('/esign/requests', 'POST', request),
    /** The transaction fields a field may map to (Edit Template's properties). */
    mappableFields: () => client.call<MappableField[]>('/esign/mappable-fields'),
  };
}

export type EsignSendApi = ReturnType<typeof createEsignSendApi>;
