import type { TeamNotificationSetting } from '@app/contracts';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { teamAdminApi } from '..';
import { SectionCard } from '../../account/AccountPage';
import { EmptyState, LoadError, LoadingRows } from '../common/LoadState';
import { useLoad } from '../common/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../messages';
import { setNotificationEnabled } from './blackoutState';

const L = ADMIN_TEAM_LABELS;

/** One switch per notification for the whole team: PATCH on toggle, back if the server refuses. */
export const TeamNotificationSwitches = () => {
  const notify = useNotify();
  const settings = useLoad(() => teamAdminApi.getNotificationSettings());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const handleToggle = async (setting: TeamNotificationSetting, enabled: boolean) => {
    if (pending.has(setting.notification_id)) return;
    settings.setData((current) => current && setNotificationEnabled(current, setting.notification_id, enabled));
    setPending((current) => new Set(current).add(setting.notification_id));
    try {
      await teamAdminApi.updateNotificationSetting(setting.notification_id, enabled);
      notify(ADMIN_MESSAGES.settingSaved, { type: 'success' });
    } catch {
      settings.setData((current) => current && setNotificationEnabled(current, setting.notification_id, !enabled));
      notify(COMMON_MESSAGES.saveFailed, { type: 'error', autoHideDuration: null });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(setting.notification_id);
        return next;
      });
    }
  };

  return (
    <SectionCard title={L.notificationsSection} testId="team-notifications">
      <Typography variant="body2" color="text.secondary">
        {L.teamNotificationsIntro}
      </Typography>
      {settings.error ? (
        <LoadError message={settings.error} testId="team-notifications-error" onRetry={settings.reload} />
      ) : settings.loading && !settings.data ? (
        <LoadingRows testId="team-notifications-loading" />
      ) : !settings.data || settings.data.length === 0 ? (
        <EmptyState testId="team-notifications-empty" icon={<NotificationsOffIcon fontSize="large" />} text={L.noNotifications} />
      ) : (
        <List data-testid="team-notifications-list">
          {settings.data.map((setting) => (
            <ListItem
              key={setting.notification_id}
              divider
              disableGutters
              data-testid={`team-notification-${setting.notification_id}`}
              data-enabled={setting.enabled ? 'true' : 'false'}
            >
              <FormControlLabel
                sx={{ width: '100%', justifyContent: 'space-between', ml: 0 }}
                labelPlacement="start"
                label={setting.name}
                control={
                  <Switch
                    checked={setting.enabled}
                    disabled={pending.has(setting.notification_id)}
                    onChange={(event) => void handleToggle(setting, event.target.checked)}
                    slotProps={{
                      input: { 'data-testid': `team-notification-switch-${setting.notification_id}` } as object,
                    }}
                  />
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
};
