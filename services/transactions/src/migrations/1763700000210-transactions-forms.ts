import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TransactionsForms1763700000210 implements MigrationInterface {
  name = 'TransactionsForms1763700000210';

  async up(q: QueryRunner): Promise<void> {
    // Forms of a team (buyer b / seller s); identity's default_*_form settings refer to team_form_id.
    await q.query(`
      CREATE TABLE transactions.team_forms (
        team_form_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        name text NOT NULL,
        client_type_id char(1) NOT NULL CHECK (client_type_id IN ('b','s')),
        edit_only boolean NOT NULL DEFAULT false,
        sort integer NOT NULL DEFAULT 0,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX team_forms_team_name_key ON transactions.team_forms (team_id, lower(name))`);
    await q.query(`CREATE INDEX team_forms_team_sort_idx ON transactions.team_forms (team_id, sort, team_form_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transactions.team_forms`);
  }
}
