import type {
  CreateEsignDraftRequest,
  CreateEsignTemplateRequest,
  EsignAuditLog,
  EsignBoardResponse,
  EsignDraft,
  EsignRequestUsers,
  EsignSignedDocumentLink,
  EsignPacketBlueprint,
  EsignPacketListResponse,
  EsignPacketRequest,
  EsignTemplate,
  EsignTemplateListResponse,
  EsignUploadConfirmResponse,
  EsignUploadUrlRequest,
  StorageOptions,
  TransactionTypeOption,
  UpdateEsignTemplateRequest,
  UploadUrlResponse,
} from '@app/contracts';
import { HttpError } from 'react-admin';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';
import { DATA_MESSAGES } from '../dataProvider/messages';

/** A PUT's progress: bytes sent so far of the total. */
export type UploadProgress = (loaded: number, total: number) => void;

/** What the upload needs of XMLHttpRequest (a test passes a fake). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
  status: number;
  statusText: string;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface EsignApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
  /** A new request for the presigned PUT (XMLHttpRequest: fetch reports no upload progress). */
  createUploadRequest?: () => UploadRequest;
}

/** The fields of Add Template besides the file (spec 002 section 5). */
export type TemplateUploadFields = Omit<CreateEsignTemplateRequest, 'template_file'>;

/** Which step of Add Template failed: the file's (upload, PUT, confirm) or the template's. */
export type UploadStage = 'upload' | 'create';

/** A failure of Add Template, with the step it happened in (a file step's errors belong to the file). */
export class TemplateUploadError extends Error {
  constructor(
    readonly stage: UploadStage,
    readonly cause: unknown,
  ) {
    super((cause as Error | null)?.message ?? DATA_MESSAGES.serverError);
    this.name = 'TemplateUploadError';
  }
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** The content type of a template file as declared to the server and sent with the PUT (they must match). */
export const pdfTypeOf = (file: Blob): string => file.type || 'application/pdf';

/** The template of a write's answer: the record itself or `{record}`. */
function templateOf(body: unknown): EsignTemplate {
  const record = body && typeof body === 'object' && 'record' in body ? (body as { record: unknown }).record : body;
  return record as EsignTemplate;
}

function recordsOf<T>(body: { records?: T[] | null } | T[] | null): T[] {
  if (Array.isArray(body)) return body;
  return body?.records ?? [];
}

/** PUTs a file to a presigned URL through XMLHttpRequest, reporting progress; rejects with an HttpError. */
export function putWithProgress(
  createRequest: () => UploadRequest,
  url: string,
  file: Blob,
  contentType: string,
  onProgress?: UploadProgress,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = createRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (onProgress) onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(file.size, file.size);
        resolve();
      } else {
        reject(new HttpError(request.statusText || String(request.status), request.status, {}));
      }
    };
    request.onerror = () => reject(new HttpError(DATA_MESSAGES.serverUnreachable, 0, { message: DATA_MESSAGES.serverUnreachable }));
    request.onabort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    request.send(file);
  });
}

/** The e-sign templates list's calls (spec 002 section 2.4; esign service under /api/esign). Errors are react-admin HttpErrors. */
export function createEsignApi(options: EsignApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  const createUploadRequest = options.createUploadRequest ?? (() => new XMLHttpRequest() as unknown as UploadRequest);

  const api = {
    /** `query` from listState.toApiQuery (status N, paging, sort, quick_search_filter). */
    listTemplates: (query: URLSearchParams) => call<EsignTemplateListResponse>(`/esign/templates?${query.toString()}`),
    listPackets: (query: URLSearchParams) => call<EsignPacketListResponse>(`/esign/packets?${query.toString()}`),
    getTransactionTypes: async (): Promise<TransactionTypeOption[]> =>
      recordsOf(await call<{ records?: TransactionTypeOption[] } | TransactionTypeOption[] | null>('/esign/transaction-types')),
    getStorageOptions: async (): Promise<StorageOptions> => {
      const body = await call<Partial<StorageOptions> | null>('/esign/storage-options');
      return { folders: body?.folders ?? [], document_types: body?.document_types ?? [] };
    },

    requestUpload: (request: EsignUploadUrlRequest) => call<UploadUrlResponse>('/esign/templates/upload', 'POST', request),
    putFile: (url: string, file: Blob, onProgress?: UploadProgress) =>
      putWithProgress(createUploadRequest, url, file, pdfTypeOf(file), onProgress),
    confirmUpload: (key: string) => call<EsignUploadConfirmResponse>('/esign/templates/upload/confirm', 'POST', { key }),
    createTemplate: async (request: CreateEsignTemplateRequest) => templateOf(await call<unknown>('/esign/templates', 'POST', request)),
    /**
     * Add Template: where to put the PDF, the PUT with its progress, the confirm (the server checks the
     * bytes), then the template on the confirmed key. Rejects with a TemplateUploadError naming the step.
     */
    async uploadTemplate(file: File, fields: TemplateUploadFields, onProgress?: UploadProgress): Promise<EsignTemplate> {
      let key: string;
      try {
        const target = await api.requestUpload({ name: file.name, type: pdfTypeOf(file), size: file.size });
        await api.putFile(target.url, file, onProgress);
        key = (await api.confirmUpload(target.key))?.key ?? target.key;
      } catch (error) {
        throw new TemplateUploadError('upload', error);
      }
      try {
        return await api.createTemplate({ template_file: key, ...fields });
      } catch (error) {
        throw new TemplateUploadError('create', error);
      }
    },

    updateTemplate: async (templateId: number, patch: UpdateEsignTemplateRequest) =>
      templateOf(await call<unknown>(`/esign/templates/${id(templateId)}`, 'PATCH', patch)),
    cloneTemplate: async (templateId: number) => templateOf(await call<unknown>(`/esign/templates/${id(templateId)}/clone`, 'POST')),
    deleteTemplate: (templateId: number) => call<unknown>(`/esign/templates/${id(templateId)}`, 'DELETE'),

    createPacket: (request: EsignPacketRequest) => call<EsignPacketBlueprint>('/esign/packets', 'POST', request),
    updatePacket: (packetId: number, request: EsignPacketRequest) =>
      call<EsignPacketBlueprint>(`/esign/packets/${id(packetId)}`, 'PATCH', request),
    deletePacket: (packetId: number) => call<unknown>(`/esign/packets/${id(packetId)}`, 'DELETE'),

    // The request board and a transaction's e-sign tab (spec 002 sections 2.2 and 2.5).
    /** `query` from board/boardState.toBoardQuery (include_status_totals, paging, sort, filters, client_id). */
    listRequests: (query: URLSearchParams) => call<EsignBoardResponse>(`/esign/requests?${query.toString()}`),
    getRequestUsers: () => call<EsignRequestUsers>('/esign/request-users'),
    cancelRequest: (requestId: number) => call<unknown>(`/esign/requests/${id(requestId)}/cancel`, 'POST'),
    getAuditLog: (requestId: number) => call<EsignAuditLog>(`/esign/requests/${id(requestId)}/audit-log`),
    getSignedDocument: (requestId: number) => call<EsignSignedDocumentLink>(`/esign/requests/${id(requestId)}/documents`),
    /** New Signature Request: the stepper's draft of templates or a packet for a transaction. */
    createDraft: (request: CreateEsignDraftRequest) => call<EsignDraft>('/esign/drafts', 'POST', request),
  };
  return api;
}

export type EsignApi = ReturnType<typeof createEsignApi>;
