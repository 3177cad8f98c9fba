import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';
import type { TeamUser, UserMatch } from './match-users';

@Injectable()
export class MatchingRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's active users, from the read copy. */
  async activeUsers(teamId: number): Promise<TeamUser[]> {
    return this.dataSource.query(
      `SELECT agent_id, email, skyslope_agent_guid FROM integrations_sync.users WHERE team_id = $1 AND status = 'active' ORDER BY agent_id`,
      [teamId],
    );
  }

  /**
   * The team's matches replaced by these, in one database transaction (stale rows dropped); answers how many rows
   * changed. `alsoInTransaction` runs in that transaction with the count (what a change queues).
   */
  async replace(
    teamId: number,
    matches: readonly UserMatch[],
    alsoInTransaction?: (manager: EntityManager, changed: number) => Promise<unknown>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const agentIds = matches.map((match) => match.agent_id);
      const dropped: unknown[] = await manager.query(
        `DELETE FROM integrations_sync.matched_users WHERE team_id = $1 AND NOT (agent_id = ANY($2::int[])) RETURNING agent_id`,
        [teamId, agentIds],
      );
      let changed = Array.isArray(dropped[0]) ? (dropped[0] as unknown[]).length : dropped.length;
      // In batches of 500 rows a statement.
      for (let from = 0; from < matches.length; from += 500) {
        const batch = matches.slice(from, from + 500);
        const rows: unknown[] = await manager.query(
          `INSERT INTO integrations_sync.matched_users (team_id, agent_id, guid, matching_email, skyslope_first_name, skyslope_last_name)
           SELECT $1, m.agent_id, m.guid, m.matching_email, m.skyslope_first_name, m.skyslope_last_name
             FROM jsonb_to_recordset($2::jsonb) AS m(agent_id int, guid text, matching_email text, skyslope_first_name text, skyslope_last_name text)
           ON CONFLICT (team_id, agent_id) DO UPDATE SET guid = EXCLUDED.guid, matching_email = EXCLUDED.matching_email,
             skyslope_first_name = EXCLUDED.skyslope_first_name, skyslope_last_name = EXCLUDED.skyslope_last_name, matched_ts = now()
           WHERE (matched_users.guid, matched_users.matching_email, matched_users.skyslope_first_name, matched_users.skyslope_last_name)
                 IS DISTINCT FROM (EXCLUDED.guid, EXCLUDED.matching_email, EXCLUDED.skyslope_first_name, EXCLUDED.skyslope_last_name)
           RETURNING agent_id`,
          [teamId, JSON.stringify(batch)],
        );
        changed += rows.length;
      }
      await alsoInTransaction?.(manager, changed);
      return changed;
    });
  }

  /** The team's matched users with their names in the product. */
  // The users read copy is left-joined and coalesced to '': names never null, as the table has them.
  async matched(
    teamId: number,
  ): Promise<
    (Pick<TableRow<'integrations_sync.matched_users'>, 'agent_id' | 'matching_email' | 'guid'> &
      Pick<TableRow<'integrations_sync.users'>, 'first_name' | 'last_name'> & { skyslope_full_name: string })[]
  > {
    return this.dataSource.query(
      `SELECT m.agent_id, coalesce(u.first_name, '') AS first_name, coalesce(u.last_name, '') AS last_name, m.matching_email, m.guid,
              btrim(m.skyslope_first_name || ' ' || m.skyslope_last_name) AS skyslope_full_name
         FROM integrations_sync.matched_users m LEFT JOIN integrations_sync.users u ON u.agent_id = m.agent_id
        WHERE m.team_id = $1 ORDER BY lower(coalesce(u.last_name, '')), lower(coalesce(u.first_name, '')), m.agent_id`,
      [teamId],
    );
  }

  /** Teams with saved credentials (the nightly run). */
  async teamsWithCredentials(): Promise<number[]> {
    const rows: { team_id: number }[] = await this.dataSource.query(
      `SELECT team_id FROM integrations_sync.skyslope_settings WHERE access_key_encrypted IS NOT NULL ORDER BY team_id`,
    );
    return rows.map((row) => row.team_id);
  }
}
