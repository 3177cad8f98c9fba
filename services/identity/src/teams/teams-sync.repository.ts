import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** identity's copy of what team-admin decides for a team: its name and its notification switches. */
@Injectable()
export class TeamsSyncRepository {
  /** Sets the name unless a newer revision was applied already; false when the event is stale or the team unknown. */
  async applyName(teamId: number, name: string, revision: number, manager: EntityManager): Promise<boolean> {
    // TypeORM answers an UPDATE ... RETURNING with [rows, rowCount].
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE identity.teams SET name = $2, settings_revision = $3
        WHERE team_id = $1 AND settings_revision < $3
        RETURNING team_id`,
      [teamId, name, revision],
    );
    return rows.length > 0;
  }

  /**
   * Makes the team's overrides match its switches: every notification the team turned off is forced
   * off for all its users; the ones it turned back on are theirs again.
   */
  async applyNotificationSettings(
    teamId: number,
    revision: number,
    settings: readonly { notification_id: number; enabled: boolean }[],
    manager: EntityManager,
  ): Promise<boolean> {
    const [claimed]: [unknown[], number] = await manager.query(
      `UPDATE identity.teams SET notification_settings_revision = $2
        WHERE team_id = $1 AND notification_settings_revision < $2
        RETURNING team_id`,
      [teamId, revision],
    );
    if (claimed.length === 0) return false;
    const disabled = settings.filter((s) => !s.enabled).map((s) => s.notification_id);
    await manager.query(`DELETE FROM identity.team_notification_overrides WHERE team_id = $1 AND NOT (notification_id = ANY($2::int[]))`, [
      teamId,
      disabled,
    ]);
    // Ids outside the catalogue are skipped rather than failing the whole event.
    await manager.query(
      `INSERT INTO identity.team_notification_overrides (team_id, notification_id, enabled)
       SELECT $1, n.notification_id, false FROM identity.notifications n WHERE n.notification_id = ANY($2::int[])
       ON CONFLICT (team_id, notification_id) DO UPDATE SET enabled = false`,
      [teamId, disabled],
    );
    return true;
  }
}
