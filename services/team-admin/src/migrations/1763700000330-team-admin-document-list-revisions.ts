import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Revisions of the team-admin.document-folders.changed and team-admin.document-types.changed streams. */
export class TeamAdminDocumentListRevisions1763700000330 implements MigrationInterface {
  name = 'TeamAdminDocumentListRevisions1763700000330';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE team_admin.teams
        ADD COLUMN document_folders_revision integer NOT NULL DEFAULT 0,
        ADD COLUMN document_types_revision integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE team_admin.teams DROP COLUMN document_folders_revision, DROP COLUMN document_types_revision`);
  }
}
