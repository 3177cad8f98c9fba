import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox: direct messages with each participant's state per thread (read_ts, archived), comments on a
 * transaction, task or document with each user's state per top-level comment (viewed_ts, archived, whether
 * they took part or were mentioned), and the users each message mentions. Text is stored sanitised, with
 * its plain text beside it for search. last_activity_ts on a top-level message is its latest reply's time:
 * the inboxes list threads by it.
 */
export class MessagingInbox1763700000610 implements MigrationInterface {
  name = 'MessagingInbox1763700000610';

  async up(q: QueryRunner): Promise<void> {
    // A plain task's task_type is null in transactions.task.* (TaskType = 'N' | null): the read copy must take it,
    // or every plain task's event fails and its assignee never reaches the comment audience.
    await q.query(`ALTER TABLE messaging.tasks ALTER COLUMN task_type DROP NOT NULL`);
    await q.query(`
      CREATE TABLE messaging.direct_messages (
        dm_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        parent_dm_id integer REFERENCES messaging.direct_messages (dm_id),
        author_agent_id integer NOT NULL,
        dm_value text NOT NULL,
        dm_text text NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz,
        last_activity_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX direct_messages_parent_idx ON messaging.direct_messages (parent_dm_id, created_ts) WHERE parent_dm_id IS NOT NULL`,
    );

    // One row per participant (author included) per thread (top-level dm_id).
    await q.query(`
      CREATE TABLE messaging.dm_participants (
        dm_id integer NOT NULL REFERENCES messaging.direct_messages (dm_id),
        agent_id integer NOT NULL,
        read_ts timestamptz,
        archived boolean NOT NULL DEFAULT false,
        PRIMARY KEY (agent_id, dm_id)
      )`);
    await q.query(`CREATE INDEX dm_participants_thread_idx ON messaging.dm_participants (dm_id)`);
    // The caller's unread threads (counts).
    await q.query(`CREATE INDEX dm_participants_unread_idx ON messaging.dm_participants (agent_id) WHERE read_ts IS NULL AND NOT archived`);

    await q.query(`
      CREATE TABLE messaging.comments (
        comment_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL,
        comment_type text NOT NULL CHECK (comment_type IN ('trans','doc','task')),
        comment_on_id integer NOT NULL,
        parent_comment_id integer REFERENCES messaging.comments (comment_id),
        author_agent_id integer NOT NULL,
        comment_value text NOT NULL,
        comment_text text NOT NULL,
        visibility char(1) NOT NULL CHECK (visibility IN ('i','c')),
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz,
        last_activity_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // Inboxes: a team's top-level comments by latest activity; a transaction's threads (audience joins by client_id).
    await q.query(
      `CREATE INDEX comments_inbox_idx ON messaging.comments (team_id, last_activity_ts DESC, comment_id DESC) WHERE parent_comment_id IS NULL`,
    );
    await q.query(`CREATE INDEX comments_client_idx ON messaging.comments (client_id) WHERE parent_comment_id IS NULL`);
    await q.query(`CREATE INDEX comments_on_idx ON messaging.comments (comment_type, comment_on_id) WHERE parent_comment_id IS NULL`);
    await q.query(
      `CREATE INDEX comments_parent_idx ON messaging.comments (parent_comment_id, created_ts) WHERE parent_comment_id IS NOT NULL`,
    );

    // One row per user per top-level comment, made when they take part, are mentioned or change its status.
    await q.query(`
      CREATE TABLE messaging.comment_states (
        comment_id integer NOT NULL REFERENCES messaging.comments (comment_id),
        agent_id integer NOT NULL,
        viewed_ts timestamptz,
        archived boolean NOT NULL DEFAULT false,
        participant boolean NOT NULL DEFAULT false,
        mentioned boolean NOT NULL DEFAULT false,
        PRIMARY KEY (agent_id, comment_id)
      )`);
    await q.query(`CREATE INDEX comment_states_thread_idx ON messaging.comment_states (comment_id)`);

    // The users a message mentions (resolved: groups expanded, those who may not see it dropped).
    await q.query(`
      CREATE TABLE messaging.mentions (
        kind text NOT NULL CHECK (kind IN ('dm','comment')),
        message_id integer NOT NULL,
        agent_id integer NOT NULL,
        PRIMARY KEY (kind, message_id, agent_id)
      )`);
    await q.query(`CREATE INDEX mentions_agent_idx ON messaging.mentions (agent_id, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE messaging.mentions, messaging.comment_states, messaging.comments, messaging.dm_participants, messaging.direct_messages`,
    );
    await q.query(`UPDATE messaging.tasks SET task_type = '' WHERE task_type IS NULL`);
    await q.query(`ALTER TABLE messaging.tasks ALTER COLUMN task_type SET NOT NULL`);
  }
}
