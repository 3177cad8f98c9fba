import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG } from '@app/platform';
import type { IntegrationsSyncConfig } from '../integrations-sync.config';
import { CredentialsCipher } from '../skyslope/credentials-cipher';
import { resolveCredentialsKey } from '../skyslope/credentials-key';
import { SkySlopeClient } from '../skyslope/skyslope.client';

/** The SkySlope client of this process: the integrator's id and secret, SkySlope's (or the fake's) origin. */
@Injectable()
export class SkySlopeConnection {
  readonly client: SkySlopeClient;
  readonly cipher: CredentialsCipher;
  readonly configured: boolean;

  constructor(@Inject(SERVICE_CONFIG) config: IntegrationsSyncConfig) {
    const logger = new Logger('SkySlopeClient');
    this.configured = Boolean(config.SKYSLOPE_BASE_URL && config.SKYSLOPE_CLIENT_ID && config.SKYSLOPE_CLIENT_SECRET);
    this.client = new SkySlopeClient({
      // Without a base URL the calls fail as 'unreachable' (ping code 3) rather than at start-up.
      baseUrl: config.SKYSLOPE_BASE_URL || 'http://127.0.0.1:9',
      clientId: config.SKYSLOPE_CLIENT_ID,
      clientSecret: config.SKYSLOPE_CLIENT_SECRET,
      retryBaseMs: config.SKYSLOPE_RETRY_BASE_MS,
      logger: { warn: (fields, message) => logger.warn(`${message} ${JSON.stringify(fields)}`) },
    });
    const key = resolveCredentialsKey({
      envKey: config.SKYSLOPE_CREDENTIALS_KEY,
      production: config.NODE_ENV === 'production',
      dataDir: config.INTEGRATIONS_DATA_DIR,
    });
    this.cipher = CredentialsCipher.fromKey(key.key);
  }
}
