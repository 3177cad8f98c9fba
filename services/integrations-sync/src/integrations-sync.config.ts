import { loadServiceConfigOrExit } from '@app/platform';

export function loadIntegrationsSyncConfig() {
  return loadServiceConfigOrExit('integrations-sync');
}

export type IntegrationsSyncConfig = ReturnType<typeof loadIntegrationsSyncConfig>;
