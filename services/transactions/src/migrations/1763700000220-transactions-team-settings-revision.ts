import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The team name follows team-admin.team.updated; its revision keeps a late, older event from undoing a rename. */
export class TransactionsTeamSettingsRevision1763700000220 implements MigrationInterface {
  name = 'TransactionsTeamSettingsRevision1763700000220';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions.teams ADD COLUMN settings_revision integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions.teams DROP COLUMN settings_revision`);
  }
}
