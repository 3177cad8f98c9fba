import { runHttpService } from '@app/platform';
import { loadMessagingConfig } from './messaging.config';
import { MessagingModule } from './messaging.module';

const config = loadMessagingConfig();
void runHttpService({
  config,
  module: MessagingModule.forRoot(config, 'api'),
  description: 'Direct messages, comments, @mentions, inbox states, notification emails and the console real-time socket.',
});
