import { runWorker } from '@app/platform';
import { loadEsignConfig } from './esign.config';
import { EsignModule } from './esign.module';

const config = loadEsignConfig();
void runWorker(config, EsignModule.forRoot(config, 'worker'));
