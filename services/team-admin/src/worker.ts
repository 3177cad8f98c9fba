import { runWorker } from '@app/platform';
import { loadTeamAdminConfig } from './team-admin.config';
import { TeamAdminModule } from './team-admin.module';

const config = loadTeamAdminConfig();
void runWorker(config, TeamAdminModule.forRoot(config, 'worker'));
