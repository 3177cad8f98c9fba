import type { ThemeOptions } from '@mui/material/styles';

// Brand layer of the console themes. react-admin's own defaults are merged under it in
// adminThemes.ts; the sign-in screens use it alone (they never load react-admin).
// The spec's UI settings (scale, font weight) come later from Account Settings.
const BRAND_BLUE = '#1f4e79';
const BRAND_AMBER = '#f2a93b';

/** Spec 000 section 9: mobile layout at a screen width of 960 or less. */
export const MOBILE_MAX_WIDTH = 960;

// react-admin switches to its mobile layout (drawer menu, compact app bar, simple lists) below
// `sm`; moving `sm` to 961 makes that happen at 960px and less. md/lg move up to stay ordered.
const breakpoints: ThemeOptions['breakpoints'] = {
  values: { xs: 0, sm: MOBILE_MAX_WIDTH + 1, md: 1200, lg: 1536, xl: 1920 },
};

// Initials on a darker grey than MUI's default (white on #bdbdbd fails the contrast check).
const components: ThemeOptions['components'] = {
  MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161', color: '#fff' } } },
};

const typography: ThemeOptions['typography'] = {
  fontFamily: ['"Inter"', '"Roboto"', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(','),
};

export const brandLight: ThemeOptions = {
  breakpoints,
  shape: { borderRadius: 8 },
  typography,
  components,
  palette: {
    mode: 'light',
    primary: { main: BRAND_BLUE },
    secondary: { main: BRAND_BLUE, contrastText: '#fff' },
    warning: { main: BRAND_AMBER },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
};

export const brandDark: ThemeOptions = {
  breakpoints,
  shape: { borderRadius: 8 },
  typography,
  components,
  palette: {
    mode: 'dark',
    primary: { main: '#7fb2e5' },
    secondary: { main: '#16324d', contrastText: '#fff' },
    warning: { main: BRAND_AMBER },
    background: { default: '#10151c', paper: '#18202a' },
  },
};

/** Where react-admin's default store keeps the light/dark choice (its ToggleThemeButton writes it). */
export const THEME_STORE_KEY = 'RaStore.theme';

/** The theme for the screens outside react-admin (sign-in): the stored choice, else the OS's. */
export function preferredThemeMode(): 'light' | 'dark' {
  try {
    const stored = window.localStorage.getItem(THEME_STORE_KEY);
    if (stored === '"dark"') return 'dark';
    if (stored === '"light"') return 'light';
  } catch {
    // No storage: fall through to the OS preference.
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
