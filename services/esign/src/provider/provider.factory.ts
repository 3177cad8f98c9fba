import type { Provider } from '@nestjs/common';
import type { EsignConfig } from '../esign.config';
import { ESIGN_PROVIDER, ProviderNotImplementedError, type EsignProvider } from './esign-provider';
import { OwnEsignProvider } from './own-esign-provider';

/**
 * Until "E-sign DocuSeal provider adapter" lands, ESIGN_PROVIDER=docuseal gives a provider that refuses every
 * call with a clear error (the service still starts, so the setting can be prepared).
 */
function docuSealNotYet(): EsignProvider {
  const refuse = (operation: string) => () => Promise.reject(new ProviderNotImplementedError('docuseal', operation));
  return {
    name: 'docuseal',
    createTemplateFromPdf: refuse('createTemplateFromPdf'),
    addDocument: refuse('addDocument'),
    saveSchema: refuse('saveSchema'),
    cloneTemplate: refuse('cloneTemplate'),
    archiveTemplate: refuse('archiveTemplate'),
    send: refuse('send'),
    status: refuse('status'),
    cancel: refuse('cancel'),
    audit: refuse('audit'),
    documents: refuse('documents'),
  };
}

/** The EsignProvider that ESIGN_PROVIDER names. */
export function esignProviderOf(config: Pick<EsignConfig, 'ESIGN_PROVIDER'>): Provider {
  return { provide: ESIGN_PROVIDER, useValue: config.ESIGN_PROVIDER === 'docuseal' ? docuSealNotYet() : new OwnEsignProvider() };
}
