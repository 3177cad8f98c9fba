import type { MigrationInterface, QueryRunner } from 'typeorm';
import { folderSnapshotsSql } from '../documents/folders/folders.repository';
import { typeSnapshotsSql } from '../documents/types/document-types.repository';

/**
 * team-admin.document-folders.changed and team-admin.document-types.changed for every team, each with the
 * team's next revision, built by the same SQL as the live events (outbox rows in the caller's transaction).
 */
export async function publishDocumentListsOfEveryTeam(q: QueryRunner): Promise<void> {
  await q.query(`
    WITH bumped AS (
      UPDATE team_admin.teams t SET document_folders_revision = document_folders_revision + 1
      RETURNING t.team_id, t.document_folders_revision AS revision
    )
    INSERT INTO team_admin.outbox (id, type, team_id, version, payload, occurred_at)
    SELECT gen_random_uuid(), 'team-admin.document-folders.changed', t.team_id, 1,
           jsonb_build_object('revision', t.revision, 'folders', ${folderSnapshotsSql('t.team_id')}), now()
      FROM bumped t
     ORDER BY t.team_id`);
  await q.query(`
    WITH bumped AS (
      UPDATE team_admin.teams t SET document_types_revision = document_types_revision + 1
      RETURNING t.team_id, t.document_types_revision AS revision
    )
    INSERT INTO team_admin.outbox (id, type, team_id, version, payload, occurred_at)
    SELECT gen_random_uuid(), 'team-admin.document-types.changed', t.team_id, 1,
           jsonb_build_object('revision', t.revision, 'types', ${typeSnapshotsSql('t.team_id')}), now()
      FROM bumped t
     ORDER BY t.team_id`);
}

/**
 * The first team-admin.document-folders.changed and team-admin.document-types.changed of every team that
 * existed before these events (teams provisioned later publish them themselves): outbox rows written in
 * this migration's transaction with each team's next revision, built by the same SQL as the live events.
 */
export class TeamAdminPublishExistingDocumentLists1763700000340 implements MigrationInterface {
  name = 'TeamAdminPublishExistingDocumentLists1763700000340';

  async up(q: QueryRunner): Promise<void> {
    await publishDocumentListsOfEveryTeam(q);
  }

  async down(): Promise<void> {
    // Events already sent cannot be taken back.
  }
}
