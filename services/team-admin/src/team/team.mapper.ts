import type { TeamSettings } from '@app/contracts';
import type { TeamRow } from './teams.repository';

/** TeamSettings as the API answers it; logo_url is a signed, expiring URL (or null). */
export function teamSettingsOf(team: TeamRow, logoUrl: string | null): TeamSettings {
  return {
    team_id: team.team_id,
    name: team.name,
    address_1: team.address_1,
    address_2: team.address_2,
    city: team.city,
    state: team.state,
    postal_code: team.postal_code,
    timezone: team.timezone,
    logo_url: logoUrl,
  };
}
