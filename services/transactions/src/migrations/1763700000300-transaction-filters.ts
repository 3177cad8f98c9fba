import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved filters (spec 001 section 3): a team's filters and each user's own, per component; and
 * the indexes the filter keys read, so that a filter of several keys over a big team stays an index scan
 * (the team first in each: every list query is within one team).
 */
export class TransactionFilters1763700000300 implements MigrationInterface {
  name = 'TransactionFilters1763700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.transaction_filters (
        filter_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        owner_type text NOT NULL CHECK (owner_type IN ('team','personal')),
        -- The owner of a personal filter; null for a team filter.
        owner_agent_id integer,
        component text NOT NULL CHECK (component IN ('snapshot','dashboard','transactions','report','stages-board','status-board')),
        filter_name text NOT NULL CHECK (char_length(filter_name) BETWEEN 1 AND 100),
        filters jsonb NOT NULL DEFAULT '{}',
        team_form_id integer,
        created_by integer NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now(),
        CHECK ((owner_type = 'team') = (owner_agent_id IS NULL))
      )`);
    // Names are unique per component among the team's filters, and among each user's own.
    await q.query(
      `CREATE UNIQUE INDEX transaction_filters_team_name_key ON transactions.transaction_filters (team_id, component, lower(filter_name)) WHERE owner_type = 'team'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX transaction_filters_own_name_key ON transactions.transaction_filters (team_id, component, owner_agent_id, lower(filter_name)) WHERE owner_type = 'personal'`,
    );

    for (const column of [
      'stage_id',
      'appt_set_dt',
      'appt_met_dt',
      'signed_dt',
      'under_contract_dt',
      'est_close_dt',
      'closed_dt',
      'lost_dt',
      'lead_type_id',
      'tc_agent_id',
      'appt_set_by_agent_id',
      'lost_reason',
      'trans_amt',
      'gross_commission_amt',
    ]) {
      await q.query(
        `CREATE INDEX transactions_filter_${column}_idx ON transactions.transactions (team_id, ${column}) WHERE ${column} IS NOT NULL`,
      );
    }
    await q.query(`CREATE INDEX transactions_filter_type_idx ON transactions.transactions (team_id, type)`);
    // created_ts (the cohort's default field) has the list's sort index (team_id, created_ts, client_id).
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of [
      'stage_id',
      'appt_set_dt',
      'appt_met_dt',
      'signed_dt',
      'under_contract_dt',
      'est_close_dt',
      'closed_dt',
      'lost_dt',
      'lead_type_id',
      'tc_agent_id',
      'appt_set_by_agent_id',
      'lost_reason',
      'trans_amt',
      'gross_commission_amt',
    ]) {
      await q.query(`DROP INDEX transactions.transactions_filter_${column}_idx`);
    }
    await q.query(`DROP INDEX transactions.transactions_filter_type_idx`);
    await q.query(`DROP TABLE transactions.transaction_filters`);
  }
}
