import DarkModeIcon from '@mui/icons-material/Brightness4';
import LightModeIcon from '@mui/icons-material/Brightness7';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { useRef } from 'react';
import { useNotify } from 'react-admin';
import { accountApi } from '..';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';
import { useUiSettings } from './UiSettingsContext';

/**
 * The app bar's light/dark switch. It saves the same `dark_mode` user setting as Account Settings
 * (PATCH /user/profile/defaults), so Settings, a reload and the user's other devices agree with it.
 * The page changes at once; a refused save puts the previous mode back.
 */
export const ThemeToggleButton = () => {
  const { saved, commit } = useUiSettings();
  const notify = useNotify();
  const pending = useRef(false);
  // What the page shows now (a preview on Account Settings included).
  const dark = useTheme().palette.mode === 'dark';
  const label = dark ? ACCOUNT_LABELS.switchToLight : ACCOUNT_LABELS.switchToDark;

  const toggle = async () => {
    if (pending.current) return;
    pending.current = true;
    const previous = saved;
    commit({ ...saved, dark_mode: !dark });
    try {
      await accountApi.updateDefaults({ dark_mode: !dark });
    } catch {
      commit(previous);
      notify(ACCOUNT_MESSAGES.serverError, { type: 'error' });
    } finally {
      pending.current = false;
    }
  };

  return (
    <Tooltip title={label} enterDelay={300}>
      <IconButton color="inherit" onClick={() => void toggle()} aria-label={label} data-testid="theme-toggle-button">
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
};
