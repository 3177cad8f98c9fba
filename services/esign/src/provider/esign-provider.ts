import { BadGatewayException, ConflictException, ServiceUnavailableException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EsignTemplate, EsignTemplateSchema } from '@app/contracts';
import type { RequestRow } from '../requests/requests.repository';

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

/** One signer of a request being sent (checked by RequestsService). */
export interface ProviderSigner {
  role: string;
  role_uuid: string;
  name: string;
  email: string;
  contact_id: number | null;
  /** 1-based order for sequential signing (1 for every signer of a P request). */
  order: number;
}

/** A request handed to the provider: its id there, and how to take the sending back if esign's own write fails. */
export interface ProviderSent {
  externalId: string;
  /** Called when the database transaction the request was sent in does not commit. */
  discard?: () => Promise<void>;
}

/** The signed document of a completed request, in esign's storage namespace. */
export interface ProviderSignedDocument {
  name: string;
  storageKey: string;
  sha256: string;
}

/** What the template builder of a provider opens with (DocuSeal: its embedded builder's JWT). */
export interface ProviderBuilderToken {
  token: string;
  /** The provider's id of the template the token opens. */
  template_id: number;
  /** The provider's external id of that template. */
  external_id: string;
  /** Where the builder's script is served from (the provider's host). */
  host: string;
  /** When the token stops working (ISO). */
  expires_at: string;
}

/**
 * The signing engine behind the e-sign service. ESIGN_PROVIDER picks the one new templates and requests use:
 * `own` (the service's own engine, default) or `docuseal` (an adapter to DocuSeal's API); a request stays with the
 * provider it was sent with (`esign.requests.provider`). Everything the service and its jobs do with templates and
 * requests goes through this interface; nothing provider-specific lives outside the provider's folder.
 *
 * The template half works on esign's template rows (the schema and PDFs are always esign's own copy; a provider may
 * keep its own too, named by the template's `external_id`). The request half sends a request (its snapshot: its own
 * schema copy and PDFs), brings the provider's news into esign (refresh: statuses through RequestStatusWriter, the
 * audit log, the completed document), cancels, and answers the audit events and the signed document.
 */
export interface EsignProvider {
  readonly name: 'own' | 'docuseal';
  /** Whether an external_id is a template of this provider (a template made under another provider is not). */
  owns(externalId: string | null): boolean;

  /** A new template from PDFs (already checked and stored); answers the provider's id of it. */
  createTemplateFromPdf(teamId: number, name: string, documents: readonly ProviderDocument[]): Promise<ProviderTemplate>;
  /** The template's PDFs changed (one added): `documents` are all of them, in order. saveSchema follows. */
  addDocument(teamId: number, externalId: string, documents: readonly ProviderDocument[]): Promise<void>;
  /** Saves the name, roles and fields of a template; `documents` are its PDFs in the schema's order. */
  saveSchema(
    teamId: number,
    externalId: string,
    name: string,
    schema: EsignTemplateSchema,
    documents: readonly ProviderDocument[],
  ): Promise<void>;
  /** A copy of a template under a new name; answers the copy's id. */
  cloneTemplate(teamId: number, externalId: string, name: string): Promise<ProviderTemplate>;
  /** One template of several, one after another (a packet's); roles of the same name are one role. */
  mergeTemplates(teamId: number, externalIds: readonly string[], name: string): Promise<ProviderTemplate>;
  /** Archives a template (deleted in esign); requests already sent keep their own snapshot. */
  archiveTemplate(teamId: number, externalId: string): Promise<void>;
  /** A fresh token for the provider's template builder on the template (409 where the provider has none). */
  builderToken(template: EsignTemplate, user: { email: string | null }): Promise<ProviderBuilderToken>;

  /**
   * Sends a request just written (status S, in the caller's database transaction, the request row locked): its
   * signers recorded and invited. Answers the provider's id of the request (stored as its external_id).
   */
  send(manager: EntityManager, request: RequestRow, signers: readonly ProviderSigner[]): Promise<ProviderSent>;
  /** The poller's step for one open request: its status, audit log and completed document brought up to date. */
  refresh(requestId: number): Promise<void>;
  /** Cancels (archives) a request in the caller's database transaction (the request locked). */
  cancel(manager: EntityManager, request: RequestRow, actor: string): Promise<void>;
  /** Brings the provider's events of the request into esign's audit log, each once; answers how many were added. */
  audit(requestId: number): Promise<number>;
  /** The completed request's signed document in esign's storage, or null before it is there. */
  documents(requestId: number): Promise<ProviderSignedDocument | null>;
}

/** Nest token of the configured EsignProvider (the one new templates and requests use). */
export const ESIGN_PROVIDER = Symbol('ESIGN_PROVIDER');

export const PROVIDER_MESSAGES = {
  rejected: 'E-sign provider rejected the request',
  unavailable: 'E-sign provider is unavailable. Please try again.',
  notFound: 'E-sign provider does not know this document',
  refused: (reason: string) => `E-sign provider refused the request: ${reason}`,
  noBuilder: 'The template builder of DocuSeal is only available when ESIGN_PROVIDER is docuseal',
  notConfigured: (provider: string) => `The ${provider} e-sign provider is not configured (ESIGN_PROVIDER)`,
} as const;

/** The provider refused our credentials (401/403): the caller gets 502 and the service logs it. */
export class ProviderRejectedError extends BadGatewayException {
  override readonly name = 'ProviderRejectedError';
  constructor() {
    super({ status: 'error', message: PROVIDER_MESSAGES.rejected });
  }
}

/** The provider did not answer, or kept answering 429/5xx after the retries: 503. */
export class ProviderUnavailableError extends ServiceUnavailableException {
  override readonly name = 'ProviderUnavailableError';
  constructor() {
    super({ status: 'error', message: PROVIDER_MESSAGES.unavailable });
  }
}

/** The provider refused the call itself (404 unknown id, 422 bad parameters): 502 with its reason. */
export class ProviderRequestError extends BadGatewayException {
  override readonly name = 'ProviderRequestError';
  constructor(
    readonly providerStatus: number,
    message: string,
  ) {
    super({ status: 'error', message });
  }
}

/** What the configured provider does not offer (the DocuSeal builder under the own engine): 409. */
export class ProviderUnsupportedError extends ConflictException {
  override readonly name = 'ProviderUnsupportedError';
  constructor(message: string) {
    super({ status: 'error', message });
  }
}
