import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Help tooltips: platform content (not a team's) per market. market_id 0 is the default; another market
 * overrides the ids it has a row for. Rows come from the seed (one per widget key) and the back office.
 */
export class TeamAdminTooltips1763700000350 implements MigrationInterface {
  name = 'TeamAdminTooltips1763700000350';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE team_admin.tooltips (
        id integer NOT NULL CHECK (id > 0),
        market_id integer NOT NULL DEFAULT 0 CHECK (market_id >= 0),
        content text NOT NULL CHECK (length(content) <= 10000),
        position text NOT NULL DEFAULT 'top' CHECK (position IN ('top', 'right', 'bottom', 'left')),
        updated_ts timestamptz NOT NULL DEFAULT now(),
        updated_by_agent_id integer NULL,
        PRIMARY KEY (id, market_id)
      )`);
    await q.query(`CREATE INDEX tooltips_market_idx ON team_admin.tooltips (market_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE team_admin.tooltips`);
  }
}
