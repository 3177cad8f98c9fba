import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { teamAdminApi } from '..';
import { SectionCard } from '../../shared/page/PageFrame';
import { NotificationSwitchRow } from '../../account/notifications/NotificationSwitchRow';
import { useNotificationToggle } from '../../account/notifications/useNotificationToggle';
import { ListLoadState } from '../../shared/load/LoadState';
import { useLoad } from '../../shared/load/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../messages';
import { setNotificationEnabled } from './blackoutState';

const L = ADMIN_TEAM_LABELS;

/** One switch per notification for the whole team: PATCH on toggle, back if the server refuses. */
export const TeamNotificationSwitches = () => {
  const settings = useLoad(() => teamAdminApi.getNotificationSettings());
  // The switch moves at once and goes back if the server refuses.
  const { pending, toggle } = useNotificationToggle({
    apply: (notificationId, enabled) => settings.setData((current) => current && setNotificationEnabled(current, notificationId, enabled)),
    save: (notificationId, enabled) => teamAdminApi.updateNotificationSetting(notificationId, enabled),
    savedMessage: ADMIN_MESSAGES.settingSaved,
    failedMessage: COMMON_MESSAGES.saveFailed,
  });

  return (
    <SectionCard title={L.notificationsSection} testId="team-notifications">
      <Typography variant="body2" color="text.secondary">
        {L.teamNotificationsIntro}
      </Typography>
      <ListLoadState
        testIdPrefix="team-notifications"
        error={settings.error}
        onRetry={settings.reload}
        loading={settings.loading && !settings.data}
        empty={!settings.data || settings.data.length === 0}
        emptyIcon={<NotificationsOffIcon fontSize="large" />}
        emptyText={L.noNotifications}
      >
        <List data-testid="team-notifications-list">
          {(settings.data ?? []).map((setting) => (
            <NotificationSwitchRow
              key={setting.notification_id}
              setting={setting}
              testIdPrefix="team-notification"
              disabled={pending.has(setting.notification_id)}
              onToggle={(enabled) => void toggle(setting.notification_id, enabled)}
            />
          ))}
        </List>
      </ListLoadState>
    </SectionCard>
  );
};
