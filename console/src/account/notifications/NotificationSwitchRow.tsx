import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * One notification as a list row: its name, and its switch at the end. Test ids:
 * `<testIdPrefix>-<id>` on the row (with data-enabled), `<testIdPrefix>-switch-<id>` on the switch.
 * `children` go under the switch (a note on why it is locked).
 */
export const NotificationSwitchRow = ({
  setting,
  testIdPrefix,
  disabled,
  onToggle,
  sx,
  children,
}: {
  setting: { notification_id: number; name: string; enabled: boolean };
  testIdPrefix: string;
  disabled?: boolean;
  onToggle: (enabled: boolean) => void;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) => (
  <ListItem
    divider
    disableGutters
    data-testid={`${testIdPrefix}-${setting.notification_id}`}
    data-enabled={setting.enabled ? 'true' : 'false'}
    sx={sx}
  >
    <FormControlLabel
      sx={{ width: '100%', justifyContent: 'space-between', ml: 0 }}
      labelPlacement="start"
      label={setting.name}
      control={
        <Switch
          checked={setting.enabled}
          disabled={disabled}
          onChange={(event) => onToggle(event.target.checked)}
          slotProps={{
            input: { 'data-testid': `${testIdPrefix}-switch-${setting.notification_id}` } as object,
          }}
        />
      }
    />
    {children}
  </ListItem>
);
