import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A comment thread's latest client-facing activity, beside its latest activity: clients' lists are ordered by it,
 * so an internal reply (which a client never sees) does not move a thread up a client's inbox.
 */
export class MessagingClientActivity1763700000630 implements MigrationInterface {
  name = 'MessagingClientActivity1763700000630';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messaging.comments ADD COLUMN client_activity_ts timestamptz`);
    await q.query(`
      UPDATE messaging.comments c SET client_activity_ts = coalesce(
        (SELECT max(r.created_ts) FROM messaging.comments r WHERE r.parent_comment_id = c.comment_id AND r.visibility = 'c'), c.created_ts)
      WHERE c.parent_comment_id IS NULL`);
    await q.query(`ALTER TABLE messaging.comments ALTER COLUMN client_activity_ts SET DEFAULT now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messaging.comments DROP COLUMN client_activity_ts`);
  }
}
