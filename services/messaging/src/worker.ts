import { runWorker } from '@app/platform';
import { loadMessagingConfig } from './messaging.config';
import { MessagingModule } from './messaging.module';

const config = loadMessagingConfig();
void runWorker(config, MessagingModule.forRoot(config, 'worker'));
