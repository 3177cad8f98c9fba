import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions list (spec 001): the team's options (stages, statuses, tags, lead types, custom
 * fields, list and page forms), contacts, transactions with their contact links and history, and the
 * snapshot view every transaction event is built from.
 */
export class TransactionsList1763700000230 implements MigrationInterface {
  name = 'TransactionsList1763700000230';

  async up(q: QueryRunner): Promise<void> {
    // Trusted since Postgres 13: a database owner may create it. Quick search's LIKE '%term%' uses it.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);

    // Team time zone, from team-admin.team.updated; null until the team saves one (America/New_York then).
    await q.query(`ALTER TABLE transactions.teams ADD COLUMN timezone text`);

    await q.query(`
      CREATE TABLE transactions.stages (
        stage_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        label text NOT NULL,
        color text NOT NULL,
        font_color text NOT NULL CHECK (font_color IN ('dark','light')),
        sort integer NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX stages_team_label_key ON transactions.stages (team_id, lower(label))`);
    await q.query(`
      CREATE TABLE transactions.statuses (
        status_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        label text NOT NULL,
        color text NOT NULL,
        font_color text NOT NULL CHECK (font_color IN ('dark','light')),
        category text NOT NULL CHECK (category IN ('pipeline','active','closed','lost')),
        dates text[] NOT NULL DEFAULT '{}',
        asks_lost_reason boolean NOT NULL DEFAULT false,
        sort integer NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX statuses_team_label_key ON transactions.statuses (team_id, lower(label))`);
    await q.query(`
      CREATE TABLE transactions.tags (
        tag_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        label text NOT NULL,
        border text NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX tags_team_label_key ON transactions.tags (team_id, lower(label))`);
    await q.query(`
      CREATE TABLE transactions.lead_types (
        lead_type_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        label text NOT NULL,
        group_name text NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX lead_types_team_label_key ON transactions.lead_types (team_id, lower(label))`);
    await q.query(`
      CREATE TABLE transactions.custom_fields (
        custom_field_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        field_key text NOT NULL CHECK (field_key ~ '^[a-z][a-z0-9_]{0,62}$'),
        label text NOT NULL,
        type text NOT NULL CHECK (type IN ('text','number','amount','percent','date','select','yn','phone','email','link')),
        options text[] NOT NULL DEFAULT '{}',
        client_type char(1) CHECK (client_type IN ('b','s')),
        required boolean NOT NULL DEFAULT false,
        vendor_visible boolean NOT NULL DEFAULT false,
        can_update boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0,
        UNIQUE (team_id, field_key)
      )`);

    // Forms: the buyer and seller forms stay as they are ('side'); each team also gets one list form
    // (the list's columns) and one page form (the transaction page), both sides alike.
    await q.query(
      `ALTER TABLE transactions.team_forms ADD COLUMN purpose text NOT NULL DEFAULT 'side' CHECK (purpose IN ('side','list','page'))`,
    );
    await q.query(`ALTER TABLE transactions.team_forms ALTER COLUMN client_type_id DROP NOT NULL`);
    await q.query(
      `ALTER TABLE transactions.team_forms ADD CONSTRAINT team_forms_side_has_type CHECK ((purpose = 'side') = (client_type_id IS NOT NULL))`,
    );
    await q.query(`CREATE UNIQUE INDEX team_forms_one_list_key ON transactions.team_forms (team_id) WHERE purpose = 'list'`);
    await q.query(`CREATE UNIQUE INDEX team_forms_one_page_key ON transactions.team_forms (team_id) WHERE purpose = 'page'`);
    // A form's ordered fields (a system field key such as trans_amt, or a custom field's key).
    await q.query(`
      CREATE TABLE transactions.team_form_fields (
        team_form_id integer NOT NULL REFERENCES transactions.team_forms (team_form_id) ON DELETE CASCADE,
        field_key text NOT NULL,
        sort integer NOT NULL,
        PRIMARY KEY (team_form_id, field_key)
      )`);

    await q.query(`
      CREATE TABLE transactions.contacts (
        contact_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        agent_id integer,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        email text,
        mobile_phone text,
        address_1 text NOT NULL DEFAULT '',
        address_2 text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        lead_type_id integer REFERENCES transactions.lead_types (lead_type_id),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive')),
        version integer NOT NULL DEFAULT 1,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX contacts_team_name_idx ON transactions.contacts (team_id, lower(first_name), lower(last_name), contact_id)`,
    );
    await q.query(`CREATE INDEX contacts_agent_idx ON transactions.contacts (agent_id)`);

    await q.query(`
      CREATE TABLE transactions.transactions (
        client_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        type char(1) NOT NULL CHECK (type IN ('b','s')),
        address_1 text NOT NULL DEFAULT '',
        address_2 text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        -- The primary contact's, kept here for the list (one table to read and search).
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        email text,
        mobile_phone text,
        primary_agent_id integer,
        -- The primary agent's name from the agents read copy, for the Agent column and its sort.
        primary_agent_name text NOT NULL DEFAULT '',
        tc_agent_id integer,
        client_user_ids integer[] NOT NULL DEFAULT '{}',
        vendor_user_ids integer[] NOT NULL DEFAULT '{}',
        stage_id integer REFERENCES transactions.stages (stage_id),
        status_id integer NOT NULL REFERENCES transactions.statuses (status_id),
        -- The status's category (statuses are read-only), for derived_status without a join.
        status_category text NOT NULL CHECK (status_category IN ('pipeline','active','closed','lost')),
        appt_set_dt date,
        appt_met_dt date,
        signed_dt date,
        under_contract_dt date,
        est_close_dt date,
        closed_dt date,
        lost_dt date,
        lost_reason text,
        lead_type_id integer REFERENCES transactions.lead_types (lead_type_id),
        original_lead_type_id integer REFERENCES transactions.lead_types (lead_type_id),
        lead_type_date date,
        appt_set_by_agent_id integer,
        trans_amt numeric(14,2),
        gci_pct numeric(12,8),
        gross_commission_amt numeric(14,2),
        -- true when someone typed the gross commission instead of letting it follow price x percent.
        gross_commission_typed boolean NOT NULL DEFAULT false,
        custom_values jsonb NOT NULL DEFAULT '{}',
        tag_ids integer[] NOT NULL DEFAULT '{}',
        -- The tags' labels in order, for the Tags sort.
        tags_sort text NOT NULL DEFAULT '',
        hidden_on_boards boolean NOT NULL DEFAULT false,
        pinned_on_boards boolean NOT NULL DEFAULT false,
        completed_task_count integer NOT NULL DEFAULT 0,
        total_task_count integer NOT NULL DEFAULT 0,
        rtc_count integer NOT NULL DEFAULT 0,
        next_open_due_dt date,
        version integer NOT NULL DEFAULT 1,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now(),
        formatted_address text GENERATED ALWAYS AS (
          address_1
          || CASE WHEN address_2 <> '' THEN ' ' || address_2 ELSE '' END
          || CASE WHEN city <> '' THEN ', ' || city ELSE '' END
          || CASE WHEN state <> '' THEN ', ' || state ELSE '' END
          || CASE WHEN postal_code <> '' THEN ' ' || postal_code ELSE '' END
        ) STORED,
        contact_name text GENERATED ALWAYS AS (btrim(first_name || ' ' || last_name)) STORED,
        -- Quick search: address, client name (first, last or both) and email, lowercased.
        search_text text GENERATED ALWAYS AS (
          lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || address_1 || ' ' || address_2 || ' ' || city || ' ' || state || ' ' || postal_code)
        ) STORED,
        phone_digits text GENERATED ALWAYS AS (regexp_replace(coalesce(mobile_phone, ''), '[^0-9]', '', 'g')) STORED
      )`);
    // One index per sort (team first, the id last as the tie-break), and the access paths.
    const sorts: Record<string, string> = {
      created: 'created_ts',
      id: 'client_id',
      address: 'lower(formatted_address)',
      contact_name: 'lower(contact_name)',
      type: 'type',
      status: 'status_id',
      stage: 'stage_id',
      tags: 'tags_sort',
      agent: 'lower(primary_agent_name)',
      tasks: 'completed_task_count, total_task_count',
      rtc: 'rtc_count',
    };
    for (const [name, expression] of Object.entries(sorts)) {
      await q.query(`CREATE INDEX transactions_sort_${name}_idx ON transactions.transactions (team_id, ${expression}, client_id)`);
    }
    await q.query(`CREATE INDEX transactions_agent_idx ON transactions.transactions (team_id, primary_agent_id, created_ts, client_id)`);
    await q.query(`CREATE INDEX transactions_primary_agent_idx ON transactions.transactions (primary_agent_id)`);
    await q.query(`CREATE INDEX transactions_vendor_users_idx ON transactions.transactions USING gin (vendor_user_ids)`);
    await q.query(`CREATE INDEX transactions_client_users_idx ON transactions.transactions USING gin (client_user_ids)`);
    await q.query(`CREATE INDEX transactions_tags_idx ON transactions.transactions USING gin (tag_ids)`);
    await q.query(`CREATE INDEX transactions_search_trgm_idx ON transactions.transactions USING gin (search_text public.gin_trgm_ops)`);
    await q.query(`CREATE INDEX transactions_phone_trgm_idx ON transactions.transactions USING gin (phone_digits public.gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE transactions.transaction_contacts (
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        contact_id integer NOT NULL REFERENCES transactions.contacts (contact_id),
        is_primary boolean NOT NULL DEFAULT false,
        PRIMARY KEY (client_id, contact_id)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX transaction_contacts_one_primary_key ON transactions.transaction_contacts (client_id) WHERE is_primary`,
    );
    await q.query(`CREATE INDEX transaction_contacts_contact_idx ON transactions.transaction_contacts (contact_id)`);

    // Every change: who, when, from where, which field, old and new value.
    await q.query(`
      CREATE TABLE transactions.transaction_history (
        history_id bigserial PRIMARY KEY,
        client_id integer NOT NULL,
        team_id integer NOT NULL,
        agent_id integer,
        source text NOT NULL,
        field text NOT NULL,
        old_value text,
        new_value text,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX transaction_history_client_idx ON transactions.transaction_history (client_id, history_id)`);

    // The whole row as transactions.transaction.* events carry it: one definition for every writer.
    await q.query(`
      CREATE VIEW transactions.transaction_snapshots AS
      SELECT t.client_id, t.team_id, t.version, jsonb_build_object(
        'client_id', t.client_id, 'team_id', t.team_id, 'type', t.type,
        'first_name', t.first_name, 'last_name', t.last_name, 'email', t.email, 'mobile_phone', t.mobile_phone,
        'address_1', t.address_1, 'address_2', t.address_2, 'city', t.city, 'state', t.state, 'postal_code', t.postal_code,
        'formatted_address', t.formatted_address,
        'primary_agent_id', t.primary_agent_id, 'tc_agent_id', t.tc_agent_id,
        'client_user_ids', to_jsonb(t.client_user_ids), 'vendor_user_ids', to_jsonb(t.vendor_user_ids),
        'stage_id', t.stage_id, 'status_id', t.status_id,
        'appt_set_dt', t.appt_set_dt, 'appt_met_dt', t.appt_met_dt, 'signed_dt', t.signed_dt,
        'under_contract_dt', t.under_contract_dt, 'est_close_dt', t.est_close_dt, 'closed_dt', t.closed_dt,
        'lost_dt', t.lost_dt, 'lost_reason', t.lost_reason,
        'lead_type_id', t.lead_type_id, 'original_lead_type_id', t.original_lead_type_id,
        'lead_type_date', t.lead_type_date, 'appt_set_by_agent_id', t.appt_set_by_agent_id,
        'trans_amt', t.trans_amt::float8, 'gci_pct', t.gci_pct::float8, 'gross_commission_amt', t.gross_commission_amt::float8,
        'custom_values', t.custom_values, 'tag_ids', to_jsonb(t.tag_ids),
        'hidden_on_boards', t.hidden_on_boards, 'pinned_on_boards', t.pinned_on_boards,
        'completed_task_count', t.completed_task_count, 'total_task_count', t.total_task_count,
        'rtc_count', t.rtc_count, 'next_open_due_dt', t.next_open_due_dt,
        'contacts', coalesce((
          SELECT jsonb_agg(jsonb_build_object('name', btrim(c.first_name || ' ' || c.last_name), 'email', c.email)
                           ORDER BY tc.is_primary DESC, c.contact_id)
            FROM transactions.transaction_contacts tc JOIN transactions.contacts c ON c.contact_id = tc.contact_id
           WHERE tc.client_id = t.client_id), '[]'::jsonb),
        'created_ts', t.created_ts, 'updated_ts', t.updated_ts, 'version', t.version
      ) AS payload
      FROM transactions.transactions t`);
    await q.query(`
      CREATE VIEW transactions.contact_snapshots AS
      SELECT c.contact_id, c.team_id, c.version, jsonb_build_object(
        'contact_id', c.contact_id, 'team_id', c.team_id, 'agent_id', c.agent_id,
        'first_name', c.first_name, 'last_name', c.last_name, 'email', c.email, 'mobile_phone', c.mobile_phone,
        'lead_type_id', c.lead_type_id, 'status', c.status, 'version', c.version
      ) AS payload
      FROM transactions.contacts c`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW transactions.contact_snapshots`);
    await q.query(`DROP VIEW transactions.transaction_snapshots`);
    await q.query(`DROP TABLE transactions.transaction_history`);
    await q.query(`DROP TABLE transactions.transaction_contacts`);
    await q.query(`DROP TABLE transactions.transactions`);
    await q.query(`DROP TABLE transactions.contacts`);
    await q.query(`DROP TABLE transactions.team_form_fields`);
    await q.query(`DROP INDEX transactions.team_forms_one_page_key`);
    await q.query(`DROP INDEX transactions.team_forms_one_list_key`);
    await q.query(`ALTER TABLE transactions.team_forms DROP CONSTRAINT team_forms_side_has_type`);
    await q.query(`DELETE FROM transactions.team_forms WHERE purpose <> 'side'`);
    await q.query(`ALTER TABLE transactions.team_forms ALTER COLUMN client_type_id SET NOT NULL`);
    await q.query(`ALTER TABLE transactions.team_forms DROP COLUMN purpose`);
    await q.query(`DROP TABLE transactions.custom_fields`);
    await q.query(`DROP TABLE transactions.lead_types`);
    await q.query(`DROP TABLE transactions.tags`);
    await q.query(`DROP TABLE transactions.statuses`);
    await q.query(`DROP TABLE transactions.stages`);
    await q.query(`ALTER TABLE transactions.teams DROP COLUMN timezone`);
  }
}
