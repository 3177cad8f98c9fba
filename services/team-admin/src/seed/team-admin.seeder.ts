import type { Seeder } from '@app/seed';
import { seedBlackoutDays } from './blackout-days.seed';
import { seedDocumentTypes } from './document-types.seed';
import { seedTooltips } from './tooltips.seed';

/**
 * team-admin's part of the seed: the platform's help tooltips (one per widget key, market 0) and Demo Realty's
 * blackout Sundays (through the blackout-days code, so the event goes out as the application sends it). A team's
 * settings and its document folders and types come from identity.team.provisioned, like any new team's;
 * npm start waits until every seeded team is set up here and its document lists have been published.
 */
export const teamAdminSeeder: Seeder = {
  service: 'team-admin',
  after: ['identity'],
  async seed({ dataSource, outbox, state, options }) {
    const tooltips = await seedTooltips(dataSource);
    // Blackout days need the team set up from identity.team.provisioned, so only with the services running.
    const blackoutDays = options.live ? await seedBlackoutDays(dataSource, outbox, state) : null;
    const documentTypes = options.live ? await seedDocumentTypes(dataSource, outbox, state) : null;
    const days =
      blackoutDays === null
        ? 'blackout days and document types come with --wait (the services running)'
        : `${blackoutDays ? `added ${blackoutDays} blackout days` : 'blackout days already present'}; ${documentTypes ? `added ${documentTypes} document types` : 'document types already present'}`;
    return `${tooltips ? `added ${tooltips} tooltips` : 'tooltips already present'}; ${days}; teams are set up from identity.team.provisioned`;
  },
  async missing(dataSource, state) {
    const teamIds = state.teams.map((team) => team.team_id);
    const [row]: { teams: number; unpublished: number }[] = await dataSource.query(
      `SELECT (SELECT count(*)::int FROM team_admin.teams WHERE team_id = ANY($1::int[])) AS teams,
              (SELECT count(*)::int FROM team_admin.outbox WHERE published_at IS NULL) AS unpublished`,
      [teamIds],
    );
    if (row.teams < teamIds.length) return `${teamIds.length - row.teams} of ${teamIds.length} teams are not set up yet`;
    if (row.unpublished > 0) return `${row.unpublished} events (document folders and types among them) are not published yet`;
    return null;
  },
};
