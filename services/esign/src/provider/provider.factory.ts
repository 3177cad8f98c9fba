import type { Provider } from '@nestjs/common';
import type { EsignConfig } from '../esign.config';
import { DocusealProvider } from './docuseal/docuseal-provider';
import { ESIGN_PROVIDER } from './esign-provider';
import { OwnEsignProvider } from './own-esign-provider';
import { RequestProviders } from './request-providers';

/**
 * The providers of the esign module: the own engine always (requests sent with it finish with it), the DocuSeal
 * adapter when ESIGN_PROVIDER=docuseal, ESIGN_PROVIDER naming the one new templates and requests use, and the
 * per-request router.
 */
export function esignProvidersOf(config: Pick<EsignConfig, 'ESIGN_PROVIDER'>): Provider[] {
  const docuseal = config.ESIGN_PROVIDER === 'docuseal';
  return [
    OwnEsignProvider,
    ...(docuseal ? [DocusealProvider] : []),
    { provide: ESIGN_PROVIDER, useExisting: docuseal ? DocusealProvider : OwnEsignProvider },
    RequestProviders,
  ];
}
