import { loadServiceConfigOrExit } from '@app/platform';

export function loadTeamAdminConfig() {
  return loadServiceConfigOrExit('team-admin');
}

export type TeamAdminConfig = ReturnType<typeof loadTeamAdminConfig>;
