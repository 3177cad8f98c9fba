import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';

/** The team's stored switches; a notification without a row is enabled (the default). */
@Injectable()
export class TeamNotificationSettingsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async stored(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<Map<number, boolean>> {
    const rows: Pick<TableRow<'team_admin.team_notification_settings'>, 'notification_id' | 'enabled'>[] = await manager.query(
      `SELECT notification_id, enabled FROM team_admin.team_notification_settings WHERE team_id = $1`,
      [teamId],
    );
    return new Map(rows.map((r) => [r.notification_id, r.enabled]));
  }

  async set(teamId: number, notificationId: number, enabled: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO team_admin.team_notification_settings (team_id, notification_id, enabled) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, notification_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_ts = now()`,
      [teamId, notificationId, enabled],
    );
  }
}
