import type { MigrationInterface, QueryRunner } from 'typeorm';
import { resolveBlackoutDays } from '../blackout-days/blackout-days.events';
import type { BlackoutDayRow } from '../blackout-days/blackout-days.repository';
import { publishDocumentListsOfEveryTeam } from './1763700000340-team-admin-publish-existing-document-lists';

/**
 * The transactions service now consumes team-admin.document-folders.changed, .document-types.changed and
 * .blackout-days.changed, for due dates and transaction documents (spec 001). Events go to the subscribers listed when they are published,
 * so every team that existed before gets each list once more, with its next revision, built as the live
 * events are (teams provisioned later publish them themselves).
 */
export class TeamAdminPublishForTransactions1763700000360 implements MigrationInterface {
  name = 'TeamAdminPublishForTransactions1763700000360';

  async up(q: QueryRunner): Promise<void> {
    await publishDocumentListsOfEveryTeam(q);
    // Blackout days resolve holidays in code (the observed dates of this year and the next two).
    const bumped: unknown = await q.query(
      `UPDATE team_admin.teams SET blackout_days_revision = blackout_days_revision + 1 RETURNING team_id, timezone, blackout_days_revision AS revision`,
    );
    // An UPDATE ... RETURNING answers [rows, count] through TypeORM on Postgres.
    const teams = (Array.isArray(bumped) && Array.isArray(bumped[0]) ? bumped[0] : bumped) as {
      team_id: number;
      timezone: string | null;
      revision: number;
    }[];
    for (const team of teams.sort((a, b) => a.team_id - b.team_id)) {
      const days: BlackoutDayRow[] = await q.query(
        `SELECT team_blackout_day_id, kind, predefined_day_key, day_label, to_char(day_date, 'YYYY-MM-DD') AS day_date
           FROM team_admin.team_blackout_days WHERE team_id = $1`,
        [team.team_id],
      );
      const payload = { revision: team.revision, ...resolveBlackoutDays(days, team.timezone) };
      await q.query(
        `INSERT INTO team_admin.outbox (id, type, team_id, version, payload, occurred_at) VALUES (gen_random_uuid(), 'team-admin.blackout-days.changed', $1, 1, $2, now())`,
        [team.team_id, JSON.stringify(payload)],
      );
    }
  }

  async down(): Promise<void> {
    // Events already sent cannot be taken back.
  }
}
