import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { NotificationSetting, NotificationSettingChanged } from '@app/contracts';

// A team override wins; then the user's switch; enabled by default.
const EFFECTIVE_ENABLED = `COALESCE(o.enabled, s.enabled, true)`;

const SELECT_SETTINGS = `
  SELECT n.notification_id, n.name,
         ${EFFECTIVE_ENABLED} AS enabled,
         (o.notification_id IS NOT NULL) AS team_override
    FROM identity.notifications n
    LEFT JOIN identity.user_notification_settings s ON s.notification_id = n.notification_id AND s.agent_id = $1
    LEFT JOIN identity.team_notification_overrides o ON o.notification_id = n.notification_id AND o.team_id = $2`;

// Every switch of every user of a team, as identity.notification-setting.changed carries it.
const SELECT_EFFECTIVE = `
  SELECT u.agent_id, u.team_id, n.notification_id, n.code, ${EFFECTIVE_ENABLED} AS enabled
    FROM identity.users u
   CROSS JOIN identity.notifications n
    LEFT JOIN identity.user_notification_settings s ON s.notification_id = n.notification_id AND s.agent_id = u.agent_id
    LEFT JOIN identity.team_notification_overrides o ON o.notification_id = n.notification_id AND o.team_id = u.team_id
   WHERE u.team_id = $1`;

@Injectable()
export class NotificationSettingsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  list(agentId: number, teamId: number): Promise<NotificationSetting[]> {
    return this.dataSource.query(`${SELECT_SETTINGS} ORDER BY n.sort, n.notification_id`, [agentId, teamId]);
  }

  async findOne(agentId: number, teamId: number, notificationId: number, manager: EntityManager = this.dataSource.manager) {
    const rows: NotificationSetting[] = await manager.query(`${SELECT_SETTINGS} WHERE n.notification_id = $3`, [
      agentId,
      teamId,
      notificationId,
    ]);
    return rows[0] ?? null;
  }

  /** One user's effective switch, as the event carries it. */
  async effectiveOf(
    agentId: number,
    teamId: number,
    notificationId: number,
    manager: EntityManager,
  ): Promise<NotificationSettingChanged | null> {
    const rows: NotificationSettingChanged[] = await manager.query(`${SELECT_EFFECTIVE} AND u.agent_id = $2 AND n.notification_id = $3`, [
      teamId,
      agentId,
      notificationId,
    ]);
    return rows[0] ?? null;
  }

  /** Every effective switch of the team's users, in one query (users by id, then notifications by id). */
  effectiveOfTeam(teamId: number, manager: EntityManager): Promise<NotificationSettingChanged[]> {
    return manager.query(`${SELECT_EFFECTIVE} ORDER BY u.agent_id, n.notification_id`, [teamId]);
  }

  async setEnabled(agentId: number, notificationId: number, enabled: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO identity.user_notification_settings (agent_id, notification_id, enabled) VALUES ($1, $2, $3)
       ON CONFLICT (agent_id, notification_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_ts = now()`,
      [agentId, notificationId, enabled],
    );
  }
}
