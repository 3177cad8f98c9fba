import { runHttpService } from '@app/platform';
import { loadTeamAdminConfig } from './team-admin.config';
import { TeamAdminModule } from './team-admin.module';

const config = loadTeamAdminConfig();
void runHttpService({
  config,
  module: TeamAdminModule.forRoot(config, 'api'),
  description:
    'Team settings and logo, document folders, categories and types, message template, team notifications, blackout days, tooltips.',
});
