import type { NotificationSetting } from '@app/contracts';

/** The list with one notification switched; a team override keeps its switch as it is. */
export function toggleNotification(
  settings: readonly NotificationSetting[],
  notificationId: number,
  enabled: boolean,
): NotificationSetting[] {
  return settings.map((setting) =>
    setting.notification_id === notificationId && !setting.team_override ? { ...setting, enabled } : setting,
  );
}
