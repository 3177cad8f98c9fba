import type { NotificationSetting } from '@app/contracts';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { accountApi } from '..';
import { AccountPage, SectionCard } from '../AccountPage';
import { messageOf } from '../fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';
import { toggleNotification } from './notificationState';

/** /app/account/notifications: one switch per notification; team overrides lock theirs (spec 000 sections 2, 4). */
const NotificationSettingsPage = () => {
  const notify = useNotify();
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

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

  const handleToggle = async (setting: NotificationSetting, enabled: boolean) => {
    if (setting.team_override || pending.has(setting.notification_id)) return;
    // Optimistic: the switch moves at once and goes back if the server refuses.
    setSettings((current) => current && toggleNotification(current, setting.notification_id, enabled));
    setPending((current) => new Set(current).add(setting.notification_id));
    try {
      await accountApi.updateNotificationSetting(setting.notification_id, enabled);
      notify(ACCOUNT_MESSAGES.settingUpdated, { type: 'success' });
    } catch {
      setSettings((current) => current && toggleNotification(current, setting.notification_id, !enabled));
      notify(ACCOUNT_MESSAGES.notificationSaveFailed, { type: 'error', autoHideDuration: null });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(setting.notification_id);
        return next;
      });
    }
  };

  return (
    <AccountPage title={ACCOUNT_LABELS.notificationsTitle} testId="notification-settings-page">
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
              <ListItem
                key={setting.notification_id}
                divider
                disableGutters
                data-testid={`notification-${setting.notification_id}`}
                data-enabled={setting.enabled ? 'true' : 'false'}
                sx={{ display: 'block' }}
              >
                <FormControlLabel
                  sx={{ width: '100%', justifyContent: 'space-between', ml: 0 }}
                  labelPlacement="start"
                  label={setting.name}
                  control={
                    <Switch
                      checked={setting.enabled}
                      disabled={setting.team_override}
                      onChange={(event) => void handleToggle(setting, event.target.checked)}
                      slotProps={{
                        input: { 'data-testid': `notification-switch-${setting.notification_id}` } as object,
                      }}
                    />
                  }
                />
                {setting.team_override && (
                  <FormHelperText data-testid={`notification-override-${setting.notification_id}`} sx={{ mt: 0 }}>
                    {ACCOUNT_MESSAGES.notificationDisabledByTeam}
                  </FormHelperText>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </SectionCard>
    </AccountPage>
  );
};

export default NotificationSettingsPage;
