import { Inject, Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { RequestsRepository, type RequestRow } from '../requests/requests.repository';
import { DocusealProvider } from './docuseal/docuseal-provider';
import { ESIGN_PROVIDER, PROVIDER_MESSAGES, type EsignProvider } from './esign-provider';
import { OwnEsignProvider } from './own-esign-provider';

/**
 * The provider of each request: the one it was sent with (esign.requests.provider), whatever ESIGN_PROVIDER says
 * now, so requests sent before a switch still finish with their engine. The own engine is always there; DocuSeal
 * only when configured.
 */
@Injectable()
export class RequestProviders {
  private readonly logger = new Logger(RequestProviders.name);

  constructor(
    @Inject(ESIGN_PROVIDER) readonly configured: EsignProvider,
    private readonly own: OwnEsignProvider,
    private readonly requests: RequestsRepository,
    @Optional() private readonly docuseal?: DocusealProvider,
  ) {}

  /** The request's provider, or null when it is not configured. */
  find(name: string): EsignProvider | null {
    if (name === 'own') return this.own;
    if (name === 'docuseal') return this.docuseal ?? null;
    return null;
  }

  /** The request's provider; 503 naming it when it is not configured. */
  of(request: Pick<RequestRow, 'provider'>): EsignProvider {
    const provider = this.find(request.provider);
    if (!provider) throw new ServiceUnavailableException({ status: 'error', message: PROVIDER_MESSAGES.notConfigured(request.provider) });
    return provider;
  }

  /** The poller's step for one request, by its provider (a provider no longer configured: logged, skipped). */
  async refresh(requestId: number): Promise<void> {
    const request = await this.requests.byId(requestId);
    if (!request) return;
    const provider = this.find(request.provider);
    if (!provider) {
      this.logger.warn(`request ${requestId} was sent with the ${request.provider} provider, which is not configured: not refreshed`);
      return;
    }
    await provider.refresh(requestId);
  }
}
