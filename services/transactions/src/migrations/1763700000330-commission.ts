import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Commission templates, lines and caps (spec 000 sections 2-7). A template is one line taken
 * from a transaction's gross commission (cap_kind B counts toward the brokerage cap, R the royalty cap).
 * A transaction's lines are copies (a deleted template stays on the transactions that copied it). The
 * agents read copy keeps the caps, anniversaries and default templates of identity.user.* snapshots.
 */
export class Commission1763700000330 implements MigrationInterface {
  name = 'Commission1763700000330';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.commission_templates (
        commission_template_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        client_type_id text NOT NULL CHECK (client_type_id IN ('b','s')),
        cap_kind text CHECK (cap_kind IN ('B','R')),
        pct numeric(5,2) NOT NULL DEFAULT 0 CHECK (pct BETWEEN 0 AND 100),
        flat_amt numeric(12,2) NOT NULL DEFAULT 0 CHECK (flat_amt >= 0),
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX commission_templates_team_idx ON transactions.commission_templates (team_id, client_type_id, lower(name))`);
    // The revision of each team's list, carried by transactions.commission-templates.changed.
    await q.query(`CREATE TABLE transactions.commission_template_revisions (team_id integer PRIMARY KEY, revision integer NOT NULL)`);
    await q.query(`
      CREATE TABLE transactions.commission_lines (
        line_id serial PRIMARY KEY,
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        team_id integer NOT NULL,
        -- The template it was copied from (no foreign key: a deleted template stays here).
        commission_template_id integer NOT NULL,
        name text NOT NULL,
        cap_kind text CHECK (cap_kind IN ('B','R')),
        pct numeric(5,2) NOT NULL,
        flat_amt numeric(12,2) NOT NULL,
        amount numeric(12,2) NOT NULL
      )`);
    // A transaction's lines; the caps read only the capped ones' amounts (index-only).
    await q.query(`CREATE INDEX commission_lines_client_idx ON transactions.commission_lines (client_id, cap_kind) INCLUDE (amount)`);
    await q.query(`
      ALTER TABLE transactions.agents
        ADD COLUMN brokerage_cap_amt numeric(12,2), ADD COLUMN royalty_cap_amt numeric(12,2),
        ADD COLUMN brokerage_cap_anniversary_dt date, ADD COLUMN royalty_cap_anniversary_dt date,
        ADD COLUMN default_buyer_commission_templates integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN default_seller_commission_templates integer[] NOT NULL DEFAULT '{}'`);
    // The start of the cap year: the latest anniversary (same month and day) on or before today; 29 February
    // counts as 28 February in other years; no anniversary: 1 January.
    await q.query(`
      CREATE FUNCTION transactions.anniversary_in(anniversary date, year int) RETURNS date
      LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN anniversary IS NULL THEN NULL
                    WHEN extract(month FROM anniversary) = 2 AND extract(day FROM anniversary) = 29
                     AND NOT (year % 4 = 0 AND (year % 100 <> 0 OR year % 400 = 0)) THEN make_date(year, 2, 28)
                    ELSE make_date(year, extract(month FROM anniversary)::int, extract(day FROM anniversary)::int) END
      $$`);
    await q.query(`
      CREATE FUNCTION transactions.cap_year_start(anniversary date, today date) RETURNS date
      LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN anniversary IS NULL THEN make_date(extract(year FROM today)::int, 1, 1)
                    WHEN this_year <= today THEN this_year ELSE last_year END
          FROM (SELECT transactions.anniversary_in(anniversary, extract(year FROM today)::int) AS this_year,
                       transactions.anniversary_in(anniversary, extract(year FROM today)::int - 1) AS last_year) y
      $$`);
    // Caps read an agent's closed and under-contract transactions; reassignment all of an agent's.
    await q.query(
      `CREATE INDEX transactions_agent_closed_idx ON transactions.transactions (primary_agent_id, closed_dt) WHERE status_category = 'closed'`,
    );
    await q.query(
      `CREATE INDEX transactions_agent_pending_idx ON transactions.transactions (primary_agent_id) WHERE under_contract_dt IS NOT NULL AND status_category NOT IN ('closed', 'lost')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions.transactions_agent_pending_idx`);
    await q.query(`DROP INDEX transactions.transactions_agent_closed_idx`);
    await q.query(`DROP FUNCTION transactions.cap_year_start(date, date)`);
    await q.query(`DROP FUNCTION transactions.anniversary_in(date, int)`);
    await q.query(`
      ALTER TABLE transactions.agents
        DROP COLUMN brokerage_cap_amt, DROP COLUMN royalty_cap_amt, DROP COLUMN brokerage_cap_anniversary_dt,
        DROP COLUMN royalty_cap_anniversary_dt, DROP COLUMN default_buyer_commission_templates, DROP COLUMN default_seller_commission_templates`);
    await q.query(`DROP TABLE transactions.commission_lines`);
    await q.query(`DROP TABLE transactions.commission_template_revisions`);
    await q.query(`DROP TABLE transactions.commission_templates`);
  }
}
