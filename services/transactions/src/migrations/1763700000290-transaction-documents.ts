import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transaction documents (spec 001): read copies of the team's document folders and types (from
 * team-admin's events, each list whole with a revision), the documents, the pending uploads (a signed URL
 * handed out, not confirmed yet), and the snapshot view every document event is built from.
 */
export class TransactionDocuments1763700000290 implements MigrationInterface {
  name = 'TransactionDocuments1763700000290';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.document_list_revisions (
        team_id integer PRIMARY KEY,
        folders_revision integer NOT NULL DEFAULT 0,
        types_revision integer NOT NULL DEFAULT 0
      )`);
    // The system folders -1 'General' and -2 'Signed Documents' have the same ids in every team.
    await q.query(`
      CREATE TABLE transactions.document_folders (
        team_id integer NOT NULL,
        folder_id integer NOT NULL,
        folder_name text NOT NULL,
        transaction_type char(1) CHECK (transaction_type IN ('b','s')),
        client_visible boolean NOT NULL,
        vendor_visible boolean NOT NULL,
        -- team-admin's order (system folders first, then by name).
        sort integer NOT NULL,
        PRIMARY KEY (team_id, folder_id)
      )`);
    await q.query(`
      CREATE TABLE transactions.document_types (
        team_id integer NOT NULL,
        doc_type_id integer NOT NULL,
        name text NOT NULL,
        category_id integer,
        category_name text,
        sort integer NOT NULL,
        PRIMARY KEY (team_id, doc_type_id)
      )`);
    await q.query(`
      CREATE TABLE transactions.documents (
        document_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        folder_id integer NOT NULL,
        doc_type_id integer,
        filename text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        storage_key text NOT NULL UNIQUE,
        task_id integer REFERENCES transactions.tasks (task_id) ON DELETE SET NULL,
        uploaded_by integer,
        uploaded_ts timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE INDEX documents_client_folder_idx ON transactions.documents (client_id, folder_id, document_id)`);
    await q.query(`CREATE INDEX documents_task_idx ON transactions.documents (task_id) WHERE task_id IS NOT NULL`);
    // A task's document is one of its transaction's documents (cleared with it).
    await q.query(
      `ALTER TABLE transactions.tasks ADD CONSTRAINT tasks_doc_fk FOREIGN KEY (doc_id) REFERENCES transactions.documents (document_id) ON DELETE SET NULL`,
    );
    await q.query(`CREATE INDEX tasks_doc_idx ON transactions.tasks (doc_id) WHERE doc_id IS NOT NULL`);
    // Upload URLs handed out: confirm takes only the caller's own key for this transaction.
    await q.query(`
      CREATE TABLE transactions.document_uploads (
        storage_key text PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        agent_id integer NOT NULL,
        folder_id integer NOT NULL,
        doc_type_id integer NOT NULL,
        task_id integer REFERENCES transactions.tasks (task_id) ON DELETE SET NULL,
        filename text NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE VIEW transactions.document_snapshots AS
      SELECT d.document_id, d.team_id, d.version, jsonb_build_object(
        'document_id', d.document_id, 'client_id', d.client_id, 'team_id', d.team_id, 'filename', d.filename,
        'folder_id', d.folder_id, 'folder_name', coalesce(f.folder_name, ''), 'doc_type_id', d.doc_type_id,
        'task_id', d.task_id, 'uploaded_by', d.uploaded_by, 'version', d.version
      ) AS payload
      FROM transactions.documents d
      LEFT JOIN transactions.document_folders f ON f.team_id = d.team_id AND f.folder_id = d.folder_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW transactions.document_snapshots`);
    await q.query(`DROP TABLE transactions.document_uploads`);
    await q.query(`DROP INDEX transactions.tasks_doc_idx`);
    await q.query(`ALTER TABLE transactions.tasks DROP CONSTRAINT tasks_doc_fk`);
    await q.query(`DROP TABLE transactions.documents`);
    await q.query(`DROP TABLE transactions.document_types`);
    await q.query(`DROP TABLE transactions.document_folders`);
    await q.query(`DROP TABLE transactions.document_list_revisions`);
  }
}
