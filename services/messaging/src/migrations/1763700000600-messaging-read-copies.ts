import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging's read copies, fed only by events (it never calls another service): identity's users and
 * their effective notification switches, and transactions' transactions, tasks and documents. Each row
 * keeps the version (or occurred_at) it came from, so a late, older event changes nothing; a deleted
 * transaction, task or document stays as a row with deleted = true for the same reason.
 */
export class MessagingReadCopies1763700000600 implements MigrationInterface {
  name = 'MessagingReadCopies1763700000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messaging.users (
        agent_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        alternate_email text,
        roles text[] NOT NULL,
        status text NOT NULL CHECK (status IN ('active','inactive')),
        profile_image_path text,
        source_occurred_at timestamptz NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // Mentions and mention options read a team's active users by role and name.
    await q.query(`CREATE INDEX users_team_idx ON messaging.users (team_id) WHERE status = 'active'`);

    await q.query(`
      CREATE TABLE messaging.notification_switches (
        agent_id integer NOT NULL,
        code text NOT NULL,
        team_id integer NOT NULL,
        notification_id integer NOT NULL,
        enabled boolean NOT NULL,
        source_occurred_at timestamptz NOT NULL,
        PRIMARY KEY (agent_id, code)
      )`);

    await q.query(`
      CREATE TABLE messaging.transactions (
        client_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        version integer NOT NULL,
        type text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        formatted_address text NOT NULL,
        primary_agent_id integer,
        tc_agent_id integer,
        client_user_ids integer[] NOT NULL DEFAULT '{}',
        vendor_user_ids integer[] NOT NULL DEFAULT '{}',
        contacts jsonb NOT NULL DEFAULT '[]',
        deleted boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX transactions_team_idx ON messaging.transactions (team_id) WHERE NOT deleted`);
    await q.query(`CREATE INDEX transactions_primary_agent_idx ON messaging.transactions (primary_agent_id) WHERE NOT deleted`);
    await q.query(`CREATE INDEX transactions_tc_agent_idx ON messaging.transactions (tc_agent_id) WHERE NOT deleted`);
    await q.query(`CREATE INDEX transactions_client_users_idx ON messaging.transactions USING gin (client_user_ids)`);
    await q.query(`CREATE INDEX transactions_vendor_users_idx ON messaging.transactions USING gin (vendor_user_ids)`);

    await q.query(`
      CREATE TABLE messaging.tasks (
        task_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL,
        version integer NOT NULL,
        name text NOT NULL,
        task_type text NOT NULL,
        due_dt date,
        assigned_to_agent_id integer,
        deleted boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX tasks_client_idx ON messaging.tasks (client_id) WHERE NOT deleted`);
    await q.query(`CREATE INDEX tasks_assignee_idx ON messaging.tasks (assigned_to_agent_id, client_id) WHERE NOT deleted`);

    await q.query(`
      CREATE TABLE messaging.documents (
        document_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL,
        version integer NOT NULL,
        filename text NOT NULL,
        folder_name text NOT NULL,
        deleted boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX documents_client_idx ON messaging.documents (client_id) WHERE NOT deleted`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE messaging.documents, messaging.tasks, messaging.transactions, messaging.notification_switches, messaging.users`,
    );
  }
}
