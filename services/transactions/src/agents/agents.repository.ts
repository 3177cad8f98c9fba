import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { parseUsDate, STAFF_ROLES, type DisplayAgent, type UserSnapshot } from '@app/contracts';


/** The transactions service's read copy of agents (identity owns the originals). */
@Injectable()
export class AgentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Upserts a snapshot; an older snapshot than the stored one (out-of-order delivery) is ignored. */
  async upsert(snapshot: UserSnapshot, occurredAt: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO transactions.agents
         (agent_id, team_id, first_name, last_name, email, status, roles, profile_image_path, leader_board_exclude, source_occurred_at,
          brokerage_cap_amt, royalty_cap_amt, brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt,
          default_buyer_commission_templates, default_seller_commission_templates)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (agent_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         email = EXCLUDED.email, status = EXCLUDED.status, roles = EXCLUDED.roles,
         profile_image_path = EXCLUDED.profile_image_path, leader_board_exclude = EXCLUDED.leader_board_exclude,
         brokerage_cap_amt = EXCLUDED.brokerage_cap_amt, royalty_cap_amt = EXCLUDED.royalty_cap_amt,
         brokerage_cap_anniversary_dt = EXCLUDED.brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt = EXCLUDED.royalty_cap_anniversary_dt,
         default_buyer_commission_templates = EXCLUDED.default_buyer_commission_templates,
         default_seller_commission_templates = EXCLUDED.default_seller_commission_templates,
         source_occurred_at = EXCLUDED.source_occurred_at, updated_ts = now()
       WHERE transactions.agents.source_occurred_at <= EXCLUDED.source_occurred_at`,
      [
        snapshot.agent_id,
        snapshot.team_id,
        snapshot.first_name,
        snapshot.last_name,
        snapshot.email,
        snapshot.status,
        snapshot.roles,
        snapshot.profile_image_path,
        snapshot.leader_board_exclude,
        occurredAt,
        snapshot.brokerage_cap_amt ?? null,
        snapshot.royalty_cap_amt ?? null,
        parseUsDate(snapshot.brokerage_cap_anniversary_dt),
        parseUsDate(snapshot.royalty_cap_anniversary_dt),
        snapshot.default_buyer_commission_templates ?? [],
        snapshot.default_seller_commission_templates ?? [],
      ],
    );
  }

  /**
   * The Agent column shows the primary agent's name, kept on the transaction for its sort: a renamed
   * user (or one whose snapshot arrives after their transactions were written) is written through.
   */
  async writeAgentNameThrough(snapshot: UserSnapshot, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE transactions.transactions SET primary_agent_name = $2
        WHERE primary_agent_id = $1 AND primary_agent_name IS DISTINCT FROM $2`,
      [snapshot.agent_id, `${snapshot.first_name} ${snapshot.last_name}`.trim()],
    );
  }

  /** The name a user snapshot carries, for a team not known yet; renames come from applyTeamSettings. */
  async rememberTeam(teamId: number, name: string, manager: EntityManager): Promise<void> {
    if (!name) return;
    await manager.query(`INSERT INTO transactions.teams (team_id, name) VALUES ($1, $2) ON CONFLICT (team_id) DO NOTHING`, [teamId, name]);
  }

  /** Team Settings' name and time zone, unless a newer revision was applied already; false when the event is stale. */
  async applyTeamSettings(teamId: number, name: string, timezone: string | null, revision: number, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO transactions.teams (team_id, name, timezone, settings_revision) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id) DO UPDATE SET name = EXCLUDED.name, timezone = EXCLUDED.timezone,
         settings_revision = EXCLUDED.settings_revision, updated_ts = now()
         WHERE transactions.teams.settings_revision < EXCLUDED.settings_revision
       RETURNING team_id`,
      [teamId, name, timezone, revision],
    );
    return rows.length > 0;
  }

  async teamNameOf(teamId: number): Promise<string | null> {
    const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM transactions.teams WHERE team_id = $1`, [teamId]);
    return rows[0]?.name ?? null;
  }

  /** The team's roster for Display Mode, sorted by name: its active staff (no client, vendor or disabled user). */
  async rosterOf(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<DisplayAgent[]> {
    const rows: { agent_id: number; first_name: string; last_name: string; status: 'active' | 'inactive'; roles: string[]; profile_image_path: string | null }[] =
      await manager.query(
        `SELECT agent_id, first_name, last_name, status, roles, profile_image_path
           FROM transactions.agents
          WHERE team_id = $1 AND status = 'active' AND roles && $2::text[]
          ORDER BY last_name, first_name, agent_id LIMIT 500`,
        [teamId, STAFF_ROLES],
      );
    return rows.map((r) => ({
      agent_id: r.agent_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      status: r.status,
      roles: r.roles,
      profile_image_path: r.profile_image_path,
    }));
  }
}
