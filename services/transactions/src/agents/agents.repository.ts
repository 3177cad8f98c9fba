import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { STAFF_ROLES, type DisplayAgent, type UserSnapshot } from '@app/contracts';

/** The transactions service's read copy of agents (identity owns the originals; UpdateAgentsWhenUserChanges writes it). */
@Injectable()
export class AgentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

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

  /** The name a user snapshot carries, for a team not known yet; renames come from Team Settings (UpdateTeamNameWhenTeamSettingsChange). */
  async rememberTeam(teamId: number, name: string, manager: EntityManager): Promise<void> {
    if (!name) return;
    await manager.query(`INSERT INTO transactions.teams (team_id, name) VALUES ($1, $2) ON CONFLICT (team_id) DO NOTHING`, [teamId, name]);
  }

  async teamNameOf(teamId: number): Promise<string | null> {
    const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM transactions.teams WHERE team_id = $1`, [teamId]);
    return rows[0]?.name ?? null;
  }

  /** The team's roster for Display Mode, sorted by name: its active staff (no client, vendor or disabled user). */
  async rosterOf(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<DisplayAgent[]> {
    const rows: {
      agent_id: number;
      first_name: string;
      last_name: string;
      status: 'active' | 'inactive';
      roles: string[];
      profile_image_path: string | null;
    }[] = await manager.query(
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
