import type { EsignTemplateSchema } from '@app/contracts';

/** A PDF the provider builds a template from: stored in esign's storage namespace at storageKey. */
export interface ProviderDocument {
  /** The document's id in the template schema. */
  id: string;
  name: string;
  storageKey: string;
  pages: number;
}

/** What a provider knows of a template: its id there. */
export interface ProviderTemplate {
  externalId: string;
}

/** One signer of a request to send. */
export interface ProviderSubmitter {
  role: string;
  name: string;
  email: string;
  /** 1-based order for sequential signing. */
  order: number;
}

export interface ProviderSendRequest {
  teamId: number;
  /** The template as it is at sending: a request keeps this snapshot whatever later becomes of the template. */
  externalTemplateId: string;
  schema: EsignTemplateSchema;
  submitters: ProviderSubmitter[];
  /** P simultaneous, S sequential. */
  signatureOrder: 'P' | 'S';
  /** Field values per field uuid. */
  values: Record<string, unknown>;
  emailConfig: { default: { subject: string; body: string }; roles?: Record<string, { subject: string; body: string }> };
}

/** Request status codes: S sent, V viewed, P partially signed, C completed, D declined, F failed, E expired. */
export type ProviderRequestStatus = 'S' | 'V' | 'P' | 'C' | 'D' | 'F' | 'E';

export interface ProviderAuditEntry {
  at: string;
  event: string;
  submitter_email: string | null;
  detail: string | null;
}

export interface ProviderSignedDocument {
  name: string;
  /** Where the signed PDF can be read, in esign's storage namespace. */
  storageKey: string;
}

/**
 * The signing engine behind the e-sign service (issue 21). ESIGN_PROVIDER picks one: `own` (the service's own
 * engine, default) or `docuseal` (an adapter to a self-hosted DocuSeal). The template schema is shaped like
 * DocuSeal's field JSON so that an adapter maps it one to one. The template half is built with issue 21; the
 * request half (send, status, cancel, audit, documents) by "E-sign signing engine" and the DocuSeal adapter.
 */
export interface EsignProvider {
  readonly name: 'own' | 'docuseal';
  /** A new template from PDFs (already checked and stored); answers the provider's id of it. */
  createTemplateFromPdf(teamId: number, name: string, documents: readonly ProviderDocument[]): Promise<ProviderTemplate>;
  /** Adds a PDF to a template. */
  addDocument(teamId: number, externalId: string, document: ProviderDocument): Promise<void>;
  /** Saves the roles, fields and document order of a template. */
  saveSchema(teamId: number, externalId: string, name: string, schema: EsignTemplateSchema): Promise<void>;
  /** A copy of a template under a new name; answers the copy's id. */
  cloneTemplate(teamId: number, externalId: string, name: string): Promise<ProviderTemplate>;
  /** Archives a template (deleted in esign); requests already sent keep their own snapshot. */
  archiveTemplate(teamId: number, externalId: string): Promise<void>;
  /** Sends a request for signatures; answers the provider's id of the request. */
  send(request: ProviderSendRequest): Promise<{ externalRequestId: string }>;
  /** The current status of a request. */
  status(teamId: number, externalRequestId: string): Promise<ProviderRequestStatus>;
  /** Cancels (archives) a request. */
  cancel(teamId: number, externalRequestId: string): Promise<void>;
  /** The request's audit log. */
  audit(teamId: number, externalRequestId: string): Promise<ProviderAuditEntry[]>;
  /** The request's signed documents. */
  documents(teamId: number, externalRequestId: string): Promise<ProviderSignedDocument[]>;
}

/** Nest token of the configured EsignProvider. */
export const ESIGN_PROVIDER = Symbol('ESIGN_PROVIDER');

/** What a provider answers for a part that a later issue builds. */
export class ProviderNotImplementedError extends Error {
  override readonly name = 'ProviderNotImplementedError';

  constructor(provider: string, operation: string) {
    super(`The ${provider} e-sign provider does not implement ${operation} yet`);
  }
}
