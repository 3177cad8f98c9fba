import type { NotificationSetting } from '@app/contracts';
import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { accountApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { messageOf } from '../../shared/forms/fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';
import { NotificationSwitchRow } from './NotificationSwitchRow';
import { toggleNotification } from './notificationState';
import { useNotificationToggle } from './useNotificationToggle';

/** /app/account/notifications: one switch per notification; team overrides lock theirs (spec 000 sections 2, 4). */
const NotificationSettingsPage = () => {
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    accountApi
      .getNotificationSettings()
      .then((list) => !cancelled && setSettings(list))
      .catch((error: unknown) => !cancelled && setLoadError(messageOf(error, ACCOUNT_LABELS.loadFailed)));
    return () => {
      cancelled = true;
    };
  }, []);

  // Optimistic: the switch moves at once and goes back if the server refuses.
  const { toggle } = useNotificationToggle({
    apply: (notificationId, enabled) => setSettings((current) => current && toggleNotification(current, notificationId, enabled)),
    save: (notificationId, enabled) => accountApi.updateNotificationSetting(notificationId, enabled),
    savedMessage: ACCOUNT_MESSAGES.settingUpdated,
    failedMessage: ACCOUNT_MESSAGES.notificationSaveFailed,
  });

  const handleToggle = (setting: NotificationSetting, enabled: boolean) => {
    if (setting.team_override) return;
    void toggle(setting.notification_id, enabled);
  };

  return (
    <PageFrame title={ACCOUNT_LABELS.notificationsTitle} testId="notification-settings-page">
      <SectionCard>
        <Typography variant="body2" color="text.secondary">
          {ACCOUNT_LABELS.notificationsIntro}
        </Typography>
        {loadError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="notification-settings-error">
            {loadError}
          </Alert>
        ) : !settings ? (
          <div data-testid="notification-settings-loading">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={48} />
            ))}
          </div>
        ) : settings.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{ACCOUNT_LABELS.notificationsEmpty}</Typography>
        ) : (
          <List data-testid="notification-settings-list">
            {settings.map((setting) => (
              <NotificationSwitchRow
                key={setting.notification_id}
                setting={setting}
                testIdPrefix="notification"
                disabled={setting.team_override}
                onToggle={(enabled) => handleToggle(setting, enabled)}
                sx={{ display: 'block' }}
              >
                {setting.team_override && (
                  <FormHelperText data-testid={`notification-override-${setting.notification_id}`} sx={{ mt: 0 }}>
                    {ACCOUNT_MESSAGES.notificationDisabledByTeam}
                  </FormHelperText>
                )}
              </NotificationSwitchRow>
            ))}
          </List>
        )}
      </SectionCard>
    </PageFrame>
  );
};

export default NotificationSettingsPage;
