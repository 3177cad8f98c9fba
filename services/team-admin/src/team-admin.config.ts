import { loadServiceConfigOrExit } from '@app/platform';
import { storageConfigSpec, storageOptionsOrExit } from '@app/storage';

export const teamAdminConfigSpec = {
  // Team logos (local driver: files served by this service under /api/team-admin/files/).
  ...storageConfigSpec,
};

export function loadTeamAdminConfig() {
  const config = loadServiceConfigOrExit('team-admin', teamAdminConfigSpec);
  storageOptionsOrExit(config); // exits 78 on a bad storage setting (e.g. no signing secret in production)
  return config;
}

export type TeamAdminConfig = ReturnType<typeof loadTeamAdminConfig>;
