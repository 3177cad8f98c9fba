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
  /** Where development keeps its generated credentials key. */
  INTEGRATIONS_DATA_DIR: env.string(path.join(process.cwd(), '.data')),
};

export function loadIntegrationsSyncConfig() {
  return loadServiceConfigOrExit('integrations-sync', integrationsSyncConfigSpec);
}

export type IntegrationsSyncConfig = ReturnType<typeof loadIntegrationsSyncConfig>;
