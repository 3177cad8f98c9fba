import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-sign requests (spec 002): the request with its snapshot of documents and schema, its signers, the links
 * mailed to them (stored only as SHA-256 hashes), the mails esign queued (so a messaging.mail.failed can be
 * traced to its invitation), the append-only audit log, and read copies of users and transactions.
 */
export class EsignRequests1763700002200 implements MigrationInterface {
  name = 'EsignRequests1763700002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE esign.users (
        agent_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        status text NOT NULL,
        roles text[] NOT NULL,
        source_occurred_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX users_team_idx ON esign.users (team_id, status)`);
    await q.query(`
      CREATE TABLE esign.transactions (
        client_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        version integer NOT NULL,
        type char(1),
        address_1 text NOT NULL DEFAULT '',
        address_2 text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        primary_agent_id integer,
        deleted boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX transactions_team_idx ON esign.transactions (team_id)`);
    await q.query(`
      CREATE TABLE esign.requests (
        esig_request_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL,
        created_by_agent_id integer NOT NULL,
        provider text NOT NULL,
        external_id text,
        status char(1) NOT NULL CHECK (status IN ('S','V','P','C','D','F','E')),
        -- The status a request had before an invitation failed: a successful resend puts it back.
        status_before_failure char(1),
        archived boolean NOT NULL DEFAULT false,
        signature_order char(1) NOT NULL CHECK (signature_order IN ('P','S')),
        title text NOT NULL,
        template_ids integer[] NOT NULL,
        esig_template_id integer NOT NULL,
        esig_packet_blueprint_id integer,
        default_storage_path integer NOT NULL,
        default_document_type integer,
        schema jsonb NOT NULL,
        sender_values jsonb NOT NULL DEFAULT '{}',
        readonly_fields text[] NOT NULL DEFAULT '{}',
        email_config jsonb NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        expires_ts timestamptz NOT NULL,
        completed_ts timestamptz,
        cancelled_ts timestamptz,
        final_key text,
        final_sha256 text,
        final_filename text,
        content_sha256 text
      )`);
    await q.query(`CREATE INDEX requests_team_created_idx ON esign.requests (team_id, created_ts DESC, esig_request_id DESC)`);
    await q.query(`CREATE INDEX requests_client_idx ON esign.requests (client_id, created_ts DESC)`);
    // The poller's walk over open requests.
    await q.query(`CREATE INDEX requests_open_idx ON esign.requests (esig_request_id) WHERE status IN ('S','V','P','F') AND NOT archived`);
    await q.query(`
      CREATE TABLE esign.request_documents (
        esig_request_id integer NOT NULL REFERENCES esign.requests ON DELETE CASCADE,
        position integer NOT NULL,
        name text NOT NULL,
        storage_key text NOT NULL,
        sha256 text NOT NULL,
        pages integer NOT NULL,
        page_sizes jsonb NOT NULL,
        PRIMARY KEY (esig_request_id, position)
      )`);
    await q.query(`
      CREATE TABLE esign.request_signers (
        signer_id serial PRIMARY KEY,
        esig_request_id integer NOT NULL REFERENCES esign.requests ON DELETE CASCADE,
        role text NOT NULL,
        role_uuid text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        contact_id integer,
        signing_order integer NOT NULL,
        -- W waiting for earlier signers, I invited, V viewed, C completed, D declined
        status char(1) NOT NULL DEFAULT 'W' CHECK (status IN ('W','I','V','C','D')),
        invited_ts timestamptz,
        viewed_ts timestamptz,
        completed_ts timestamptz,
        declined_ts timestamptz,
        decline_reason text,
        ip text,
        user_agent text,
        "values" jsonb NOT NULL DEFAULT '{}',
        UNIQUE (esig_request_id, role)
      )`);
    await q.query(`
      CREATE TABLE esign.request_links (
        token_hash text PRIMARY KEY,
        esig_request_id integer NOT NULL REFERENCES esign.requests ON DELETE CASCADE,
        -- null: the sender's link to the sealed PDF
        signer_id integer REFERENCES esign.request_signers ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('sign','download')),
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX request_links_request_idx ON esign.request_links (esig_request_id)`);
    await q.query(`
      CREATE TABLE esign.request_mails (
        mail_id text PRIMARY KEY,
        esig_request_id integer NOT NULL REFERENCES esign.requests ON DELETE CASCADE,
        signer_id integer REFERENCES esign.request_signers ON DELETE CASCADE,
        kind text NOT NULL,
        recipient text NOT NULL,
        -- invitations: which try this is (1 first sending, then the resends)
        attempt integer NOT NULL DEFAULT 1,
        failed_ts timestamptz,
        retry_due_ts timestamptz,
        superseded boolean NOT NULL DEFAULT false,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX request_mails_request_idx ON esign.request_mails (esig_request_id)`);
    await q.query(
      `CREATE INDEX request_mails_retry_idx ON esign.request_mails (retry_due_ts) WHERE retry_due_ts IS NOT NULL AND NOT superseded`,
    );
    await q.query(`
      CREATE TABLE esign.audit_events (
        audit_event_id bigserial PRIMARY KEY,
        esig_request_id integer NOT NULL REFERENCES esign.requests,
        type text NOT NULL,
        actor text NOT NULL,
        email text,
        ip text,
        user_agent text,
        detail text,
        ts timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX audit_events_request_idx ON esign.audit_events (esig_request_id, audit_event_id)`);
    // The audit log is evidence: rows are only ever added.
    await q.query(`
      CREATE FUNCTION esign.refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'esign.audit_events is append-only (% refused)', TG_OP;
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON esign.audit_events
      FOR EACH ROW EXECUTE FUNCTION esign.refuse_audit_change()`);
    await q.query(`
      CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON esign.audit_events
      FOR EACH STATEMENT EXECUTE FUNCTION esign.refuse_audit_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE esign.audit_events`);
    await q.query(`DROP FUNCTION esign.refuse_audit_change()`);
    await q.query(`DROP TABLE esign.request_mails`);
    await q.query(`DROP TABLE esign.request_links`);
    await q.query(`DROP TABLE esign.request_signers`);
    await q.query(`DROP TABLE esign.request_documents`);
    await q.query(`DROP TABLE esign.requests`);
    await q.query(`DROP TABLE esign.transactions`);
    await q.query(`DROP TABLE esign.users`);
  }
}
