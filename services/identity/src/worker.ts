import { runWorker } from '@app/platform';
import { loadIdentityConfig } from './identity.config';
import { IdentityModule } from './identity.module';

const config = loadIdentityConfig();
void runWorker(config, IdentityModule.forRoot(config, 'worker'));
