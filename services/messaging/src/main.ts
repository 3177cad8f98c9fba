import { runHttpService } from '@app/platform';
import { loadMessagingConfig } from './messaging.config';
import { MessagingModule } from './messaging.module';
import { configureMessagingApp } from './realtime/realtime.providers';

const config = loadMessagingConfig();
void runHttpService({
  config,
  module: MessagingModule.forRoot(config, 'api'),
  configure: (app) => configureMessagingApp(app, config),
  description: 'Direct messages, comments, @mentions, inbox states, notification emails and the console real-time socket.',
});
