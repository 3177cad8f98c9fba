import { runHttpService } from '@app/platform';
import { loadIntegrationsSyncConfig } from './integrations-sync.config';
import { IntegrationsSyncModule } from './integrations-sync.module';

const config = loadIntegrationsSyncConfig();
void runHttpService({
  config,
  module: IntegrationsSyncModule.forRoot(config, 'api'),
  description: 'SkySlope credentials, office mapping, primary agent, matched users and transaction sync.',
});
