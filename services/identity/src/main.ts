import { runHttpService } from '@app/platform';
import { loadIdentityConfig } from './identity.config';
import { IdentityModule } from './identity.module';

const config = loadIdentityConfig();
void runHttpService({
  config,
  module: IdentityModule.forRoot(config, 'api'),
  description: 'Sign-in, tokens, profile, user defaults and notification switches, user administration, licences.',
});
