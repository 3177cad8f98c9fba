import { runHttpService } from '@app/platform';
import { loadEsignConfig } from './esign.config';
import { EsignModule } from './esign.module';

const config = loadEsignConfig();
void runHttpService({
  config,
  module: EsignModule.forRoot(config, 'api'),
  description: 'E-sign templates, packet blueprints, the send flow, requests, audit log and provider adapters.',
});
