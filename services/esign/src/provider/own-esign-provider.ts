import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EsignTemplate, EsignTemplateSchema } from '@app/contracts';
import { RequestsRepository, type RequestRow } from '../requests/requests.repository';
import { SigningEngine } from '../requests/signing-engine';
import {
  PROVIDER_MESSAGES,
  ProviderUnsupportedError,
  type EsignProvider,
  type ProviderBuilderToken,
  type ProviderDocument,
  type ProviderSent,
  type ProviderSignedDocument,
  type ProviderSigner,
  type ProviderTemplate,
} from './esign-provider';

/** The external_id prefix of a template of the own engine. */
export const OWN_TEMPLATE_PREFIX = 'own-';

/**
 * The service's own signing engine (ESIGN_PROVIDER=own, the default). Its templates are esign's own rows: the
 * PDFs in esign's storage, the schema in esign.templates; so the template half only names them. The request half is
 * the SigningEngine: mailed links, its public signing page, the poller's expiry and resends, and the seal job.
 */
@Injectable()
export class OwnEsignProvider implements EsignProvider {
  readonly name = 'own' as const;

  constructor(
    private readonly engine: SigningEngine,
    private readonly requests: RequestsRepository,
  ) {}

  owns(externalId: string | null): boolean {
    return typeof externalId === 'string' && externalId.startsWith(OWN_TEMPLATE_PREFIX);
  }

  async createTemplateFromPdf(_teamId: number, _name: string, documents: readonly ProviderDocument[]): Promise<ProviderTemplate> {
    if (documents.length === 0) throw new Error('a template needs at least one PDF');
    return { externalId: `${OWN_TEMPLATE_PREFIX}${randomUUID()}` };
  }

  async addDocument(_teamId: number, externalId: string, _documents: readonly ProviderDocument[]): Promise<void> {
    this.assertOwn(externalId);
  }

  async saveSchema(
    _teamId: number,
    externalId: string,
    _name: string,
    _schema: EsignTemplateSchema,
    _documents: readonly ProviderDocument[],
  ): Promise<void> {
    this.assertOwn(externalId);
  }

  async cloneTemplate(_teamId: number, externalId: string, _name: string): Promise<ProviderTemplate> {
    this.assertOwn(externalId);
    return { externalId: `${OWN_TEMPLATE_PREFIX}${randomUUID()}` };
  }

  async mergeTemplates(_teamId: number, externalIds: readonly string[], _name: string): Promise<ProviderTemplate> {
    if (externalIds.length === 0) throw new Error('a merge needs at least one template');
    externalIds.forEach((id) => this.assertOwn(id));
    return { externalId: `${OWN_TEMPLATE_PREFIX}${randomUUID()}` };
  }

  async archiveTemplate(_teamId: number, externalId: string): Promise<void> {
    this.assertOwn(externalId);
  }

  builderToken(_template: EsignTemplate, _user: { email: string | null }): Promise<ProviderBuilderToken> {
    return Promise.reject(new ProviderUnsupportedError(PROVIDER_MESSAGES.noBuilder));
  }

  /** Signers recorded and the first ones invited by mail with their links; the request's own id is its external id. */
  async send(manager: EntityManager, request: RequestRow, signers: readonly ProviderSigner[]): Promise<ProviderSent> {
    await this.engine.send(manager, request, signers);
    return { externalId: String(request.esig_request_id) };
  }

  /** Expiry, resends of failed invitations, and a lost seal job queued again. */
  refresh(requestId: number): Promise<void> {
    return this.engine.refresh(requestId);
  }

  /** Archived; signers who had a link are mailed, and their links show 'This request was cancelled'. */
  cancel(manager: EntityManager, request: RequestRow, actor: string): Promise<void> {
    return this.engine.cancel(manager, request, actor);
  }

  /** The engine writes its audit events as things happen: nothing to bring in. */
  async audit(_requestId: number): Promise<number> {
    return 0;
  }

  /** The sealed PDF once the seal job has stored it. */
  async documents(requestId: number): Promise<ProviderSignedDocument | null> {
    const request = await this.requests.byId(requestId);
    if (!request?.final_key || !request.final_sha256) return null;
    return { name: request.final_filename ?? 'signed.pdf', storageKey: request.final_key, sha256: request.final_sha256 };
  }

  private assertOwn(externalId: string): void {
    if (!this.owns(externalId)) throw new Error(`template ${externalId} is not one of the own engine`);
  }
}
