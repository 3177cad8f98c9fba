import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TransactionsInitial1763700000200 implements MigrationInterface {
  name = 'TransactionsInitial1763700000200';

  async up(q: QueryRunner): Promise<void> {
    // Read copy of identity's users, fed by identity.user.* events.
    await q.query(`
      CREATE TABLE transactions.agents (
        agent_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        status text NOT NULL,
        roles text[] NOT NULL,
        profile_image_path text,
        leader_board_exclude boolean NOT NULL DEFAULT false,
        source_occurred_at timestamptz NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE transactions.teams (
        team_id integer PRIMARY KEY,
        name text NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agents_team_name_idx ON transactions.agents (team_id, last_name, first_name)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transactions.teams`);
    await q.query(`DROP TABLE transactions.agents`);
  }
}
