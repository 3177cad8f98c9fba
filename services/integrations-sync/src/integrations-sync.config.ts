import path from 'node:path';
import { env, loadServiceConfigOrExit } from '@app/platform';

export const integrationsSyncConfigSpec = {
  /** SkySlope's API origin (e.g. https://api.skyslope.com); empty: the local fake that npm start and the tests run. */
  SKYSLOPE_BASE_URL: env.string(''),
  /** The integrator's client id and secret (ours, not the team's); the admin enters only the team's Access Key and Secret. */
  SKYSLOPE_CLIENT_ID: env.string(''),
  SKYSLOPE_CLIENT_SECRET: env.string(''),
  /** AES-256-GCM key of stored credentials: 32 bytes, base64. Production refuses to start without it; development keeps one under DATA_DIR. */
  SKYSLOPE_CREDENTIALS_KEY: env.string(''),
  /** First backoff of one SkySlope call answered 429 or 503 (doubles per attempt, at least Retry-After). */
  SKYSLOPE_RETRY_BASE_MS: env.int(500, 1, 60_000),
  /** First backoff of a transaction sync job that SkySlope refused for now (429, 503, timeouts); doubles up to 5 minutes. */
  SKYSLOPE_SYNC_RETRY_BASE_MS: env.int(2_000, 1, 300_000),
  /** Attempts of one transaction sync job before it is recorded as failed (about 8 hours at the defaults). */
  SKYSLOPE_SYNC_ATTEMPTS: env.int(100, 1, 10_000),
  /** How long a sync job's lock lives without renewal: a worker that dies hands its job to another after this. */
  SKYSLOPE_SYNC_LOCK_MS: env.int(30_000, 500, 600_000),
  /** Where development keeps its generated credentials key. */
  INTEGRATIONS_DATA_DIR: env.string(path.join(process.cwd(), '.data')),
};

export function loadIntegrationsSyncConfig() {
  return loadServiceConfigOrExit('integrations-sync', integrationsSyncConfigSpec);
}

export type IntegrationsSyncConfig = ReturnType<typeof loadIntegrationsSyncConfig>;
