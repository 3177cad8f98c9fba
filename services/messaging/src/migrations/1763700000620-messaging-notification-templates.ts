import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email notifications of notification tasks (task_type N): a task's own template (subject and
 * sanitised HTML with merge fields; tasks without one use the built-in team default), a record of
 * every send (one row per task, with what went out and to whom), and the team name in the users read
 * copy (the sender's "{sender} via {team}").
 */
export class MessagingNotificationTemplates1763700000620 implements MigrationInterface {
  name = 'MessagingNotificationTemplates1763700000620';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messaging.users ADD COLUMN team_name text`);
    await q.query(`
      CREATE TABLE messaging.notification_templates (
        task_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        subject text NOT NULL,
        template text NOT NULL,
        updated_by integer NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE messaging.notification_sends (
        send_id bigserial PRIMARY KEY,
        team_id integer NOT NULL,
        task_id integer NOT NULL,
        sent_by integer NOT NULL,
        from_email text NOT NULL,
        subject text NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        recipients text[] NOT NULL,
        sent_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notification_sends_task_idx ON messaging.notification_sends (task_id, sent_ts DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messaging.notification_sends, messaging.notification_templates`);
    await q.query(`ALTER TABLE messaging.users DROP COLUMN team_name`);
  }
}
