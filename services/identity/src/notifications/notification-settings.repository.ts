import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { NotificationSetting } from '@app/contracts';

// A team override wins; then the user's switch; enabled by default.
const SELECT_SETTINGS = `
  SELECT n.notification_id, n.name,
         COALESCE(o.enabled, s.enabled, true) AS enabled,
         (o.notification_id IS NOT NULL) AS team_override
    FROM identity.notifications n
    LEFT JOIN identity.user_notification_settings s ON s.notification_id = n.notification_id AND s.agent_id = $1
    LEFT JOIN identity.team_notification_overrides o ON o.notification_id = n.notification_id AND o.team_id = $2`;

@Injectable()
export class NotificationSettingsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  list(agentId: number, teamId: number): Promise<NotificationSetting[]> {
    return this.dataSource.query(`${SELECT_SETTINGS} ORDER BY n.sort, n.notification_id`, [agentId, teamId]);
  }

  async findOne(agentId: number, teamId: number, notificationId: number, manager: EntityManager = this.dataSource.manager) {
    const rows: NotificationSetting[] = await manager.query(`${SELECT_SETTINGS} WHERE n.notification_id = $3`, [agentId, teamId, notificationId]);
    return rows[0] ?? null;
  }

  async setEnabled(agentId: number, notificationId: number, enabled: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO identity.user_notification_settings (agent_id, notification_id, enabled) VALUES ($1, $2, $3)
       ON CONFLICT (agent_id, notification_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_ts = now()`,
      [agentId, notificationId, enabled],
    );
  }
}
