import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Document folders (with the two system folders every team has), categories and types. */
export class TeamAdminDocuments1763700000310 implements MigrationInterface {
  name = 'TeamAdminDocuments1763700000310';

  async up(q: QueryRunner): Promise<void> {
    // Team folders count from 1; the system folders keep the spec's ids -1 and -2.
    await q.query(`CREATE SEQUENCE team_admin.document_folders_id_seq START 1 MINVALUE 1`);
    await q.query(`
      CREATE TABLE team_admin.document_folders (
        client_document_folder_id integer PRIMARY KEY DEFAULT nextval('team_admin.document_folders_id_seq'),
        team_id integer REFERENCES team_admin.teams(team_id) ON DELETE CASCADE,
        folder_name text NOT NULL CHECK (length(folder_name) BETWEEN 1 AND 100),
        transaction_type text CHECK (transaction_type IN ('b', 's')),
        client_visible boolean NOT NULL DEFAULT false,
        vendor_visible boolean NOT NULL DEFAULT false,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now(),
        -- System folders (team_id NULL) are exactly the negative ids.
        CHECK ((team_id IS NULL) = (client_document_folder_id < 0))
      )`);
    await q.query(`ALTER SEQUENCE team_admin.document_folders_id_seq OWNED BY team_admin.document_folders.client_document_folder_id`);
    // Unique names per team (case-insensitive); also the index of the default order (name) within a team.
    await q.query(`CREATE UNIQUE INDEX document_folders_team_name_key ON team_admin.document_folders (team_id, lower(folder_name))`);
    await q.query(`
      INSERT INTO team_admin.document_folders (client_document_folder_id, team_id, folder_name, transaction_type, client_visible, vendor_visible)
      VALUES (-1, NULL, 'General', NULL, false, false), (-2, NULL, 'Signed Documents', NULL, false, false)`);

    await q.query(`
      CREATE TABLE team_admin.document_categories (
        team_document_category_id serial PRIMARY KEY,
        team_id integer NOT NULL REFERENCES team_admin.teams(team_id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX document_categories_team_name_key ON team_admin.document_categories (team_id, lower(name))`);

    // Deleting a category keeps its types, without a category.
    await q.query(`
      CREATE TABLE team_admin.document_types (
        team_document_type_id serial PRIMARY KEY,
        team_id integer NOT NULL REFERENCES team_admin.teams(team_id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        team_document_category_id integer REFERENCES team_admin.document_categories(team_document_category_id) ON DELETE SET NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // Unique within a category. Types without a category are checked by the service only: deleting a
    // category may legitimately leave two of them with the same name.
    await q.query(`
      CREATE UNIQUE INDEX document_types_category_name_key ON team_admin.document_types (team_document_category_id, lower(name))
       WHERE team_document_category_id IS NOT NULL`);
    await q.query(`CREATE INDEX document_types_team_name_idx ON team_admin.document_types (team_id, lower(name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE team_admin.document_types`);
    await q.query(`DROP TABLE team_admin.document_categories`);
    await q.query(`DROP TABLE team_admin.document_folders`);
  }
}
