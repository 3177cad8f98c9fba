import { runWorker } from '@app/platform';
import { loadIntegrationsSyncConfig } from './integrations-sync.config';
import { IntegrationsSyncModule } from './integrations-sync.module';

const config = loadIntegrationsSyncConfig();
void runWorker(config, IntegrationsSyncModule.forRoot(config, 'worker'));
