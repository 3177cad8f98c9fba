import { randomUUID } from 'node:crypto';
import type { EsignTemplateSchema } from '@app/contracts';
import {
  ProviderNotImplementedError,
  type EsignProvider,
  type ProviderAuditEntry,
  type ProviderDocument,
  type ProviderRequestStatus,
  type ProviderSendRequest,
  type ProviderSignedDocument,
  type ProviderTemplate,
} from './esign-provider';

/** The external_id prefix of a template of the own engine. */
export const OWN_TEMPLATE_PREFIX = 'own-';

/**
 * The service's own signing engine (ESIGN_PROVIDER=own, the default). Its templates are esign's own rows: the
 * PDFs in esign's storage, the schema in esign.templates; so the template half only names them. The request
 * half (send, status, cancel, audit, documents) comes with "E-sign signing engine".
 */
export class OwnEsignProvider implements EsignProvider {
  readonly name = 'own' as const;

  async createTemplateFromPdf(_teamId: number, _name: string, documents: readonly ProviderDocument[]): Promise<ProviderTemplate> {
    if (documents.length === 0) throw new Error('a template needs at least one PDF');
    return { externalId: `${OWN_TEMPLATE_PREFIX}${randomUUID()}` };
  }

  async addDocument(_teamId: number, externalId: string, _document: ProviderDocument): Promise<void> {
    assertOwn(externalId);
  }

  async saveSchema(_teamId: number, externalId: string, _name: string, _schema: EsignTemplateSchema): Promise<void> {
    assertOwn(externalId);
  }

  async cloneTemplate(_teamId: number, externalId: string, _name: string): Promise<ProviderTemplate> {
    assertOwn(externalId);
    return { externalId: `${OWN_TEMPLATE_PREFIX}${randomUUID()}` };
  }

  async archiveTemplate(_teamId: number, externalId: string): Promise<void> {
    assertOwn(externalId);
  }

  send(_request: ProviderSendRequest): Promise<{ externalRequestId: string }> {
    return Promise.reject(new ProviderNotImplementedError(this.name, 'send'));
  }

  status(_teamId: number, _externalRequestId: string): Promise<ProviderRequestStatus> {
    return Promise.reject(new ProviderNotImplementedError(this.name, 'status'));
  }

  cancel(_teamId: number, _externalRequestId: string): Promise<void> {
    return Promise.reject(new ProviderNotImplementedError(this.name, 'cancel'));
  }

  audit(_teamId: number, _externalRequestId: string): Promise<ProviderAuditEntry[]> {
    return Promise.reject(new ProviderNotImplementedError(this.name, 'audit'));
  }

  documents(_teamId: number, _externalRequestId: string): Promise<ProviderSignedDocument[]> {
    return Promise.reject(new ProviderNotImplementedError(this.name, 'documents'));
  }
}

function assertOwn(externalId: string): void {
  if (!externalId.startsWith(OWN_TEMPLATE_PREFIX)) throw new Error(`template ${externalId} is not one of the own engine`);
}
