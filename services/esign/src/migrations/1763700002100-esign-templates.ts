import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-sign templates and packet blueprints (spec 002 sections 2.3 and 2.4): templates with their schema (jsonb, DocuSeal-shaped) and
 * updated_ts for optimistic concurrency, each template's PDFs, pending uploads, packet blueprints with their
 * templates in order, and read copies of team-admin's document folders and types (with their revision).
 */
export class EsignTemplates1763700002100 implements MigrationInterface {
  name = 'EsignTemplates1763700002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE esign.document_list_revisions (
        team_id integer PRIMARY KEY,
        folders_revision integer NOT NULL DEFAULT 0,
        types_revision integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE esign.document_folders (
        team_id integer NOT NULL,
        folder_id integer NOT NULL,
        folder_name text NOT NULL,
        transaction_type char(1) CHECK (transaction_type IN ('b','s')),
        client_visible boolean NOT NULL,
        vendor_visible boolean NOT NULL,
        sort integer NOT NULL,
        PRIMARY KEY (team_id, folder_id)
      )`);
    await q.query(`
      CREATE TABLE esign.document_types (
        team_id integer NOT NULL,
        doc_type_id integer NOT NULL,
        name text NOT NULL,
        category_id integer,
        category_name text,
        sort integer NOT NULL,
        PRIMARY KEY (team_id, doc_type_id)
      )`);
    await q.query(`
      CREATE TABLE esign.templates (
        esig_template_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        name text NOT NULL,
        type_id char(1) CHECK (type_id IN ('b','s')),
        default_storage_path integer NOT NULL,
        default_document_type integer,
        status char(1) NOT NULL DEFAULT 'N' CHECK (status IN ('N','D')),
        external_id text,
        schema jsonb NOT NULL DEFAULT '{"documents":[],"roles":[],"fields":[]}',
        created_by integer NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // The list: a team's templates of one status (a team holds hundreds at most), searched on the name, sorted by a column.
    await q.query(`CREATE INDEX templates_team_status_name_idx ON esign.templates (team_id, status, lower(name), esig_template_id)`);
    await q.query(`CREATE INDEX templates_team_status_updated_idx ON esign.templates (team_id, status, updated_ts DESC)`);
    await q.query(`
      CREATE TABLE esign.template_documents (
        document_uuid uuid PRIMARY KEY,
        esig_template_id integer NOT NULL REFERENCES esign.templates ON DELETE CASCADE,
        position integer NOT NULL,
        name text NOT NULL,
        storage_key text NOT NULL,
        size bigint NOT NULL,
        pages integer NOT NULL,
        page_sizes jsonb NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        UNIQUE (esig_template_id, position)
      )`);
    // A PDF asked for with POST /esign/templates/upload until a template takes it; confirmed once its bytes passed.
    await q.query(`
      CREATE TABLE esign.template_uploads (
        storage_key text PRIMARY KEY,
        team_id integer NOT NULL,
        agent_id integer NOT NULL,
        filename text NOT NULL,
        confirmed boolean NOT NULL DEFAULT false,
        size bigint,
        pages integer,
        page_sizes jsonb,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX template_uploads_created_idx ON esign.template_uploads (created_ts)`);
    await q.query(`
      CREATE TABLE esign.packet_blueprints (
        esig_packet_blueprint_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        name text NOT NULL,
        type_id char(1) CHECK (type_id IN ('b','s')),
        status char(1) NOT NULL DEFAULT 'N' CHECK (status IN ('N','D')),
        created_by integer NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX packet_blueprints_team_status_name_idx ON esign.packet_blueprints (team_id, status, lower(name), esig_packet_blueprint_id)`,
    );
    await q.query(`
      CREATE TABLE esign.packet_blueprint_templates (
        esig_packet_blueprint_id integer NOT NULL REFERENCES esign.packet_blueprints ON DELETE CASCADE,
        position integer NOT NULL,
        esig_template_id integer NOT NULL REFERENCES esign.templates,
        PRIMARY KEY (esig_packet_blueprint_id, position)
      )`);
    await q.query(`CREATE INDEX packet_blueprint_templates_template_idx ON esign.packet_blueprint_templates (esig_template_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE esign.packet_blueprint_templates`);
    await q.query(`DROP TABLE esign.packet_blueprints`);
    await q.query(`DROP TABLE esign.template_uploads`);
    await q.query(`DROP TABLE esign.template_documents`);
    await q.query(`DROP TABLE esign.templates`);
    await q.query(`DROP TABLE esign.document_types`);
    await q.query(`DROP TABLE esign.document_folders`);
    await q.query(`DROP TABLE esign.document_list_revisions`);
  }
}
