// Every word Display Mode shows, in one place so the spec's wording is easy to check.
export const messages = {
  brandName: 'Realty Display',
  appTitle: 'Display Mode',
  signIn: {
    title: 'Sign in to Display Mode',
    subtitle: 'Use your team account to show the dashboards on this screen.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    missingFields: 'Enter your email and password.',
    failed: 'Sign-in failed. Try again.',
    unreachable: 'Cannot reach the server. Check the network and try again.',
  },
  connection: {
    connected: 'Connected',
    connecting: 'Connecting…',
    reconnecting: 'Reconnecting…',
    offline: 'Offline',
  },
  topBar: {
    themeLight: 'Light',
    themeDark: 'Dark',
    themeSwitch: 'Theme',
    goFullscreen: 'Go Fullscreen',
    exitFullscreen: 'Exit Fullscreen',
    exitDisplayMode: 'Exit Display Mode',
  },
  slides: {
    loading: 'Loading…',
    dotLabel: (n: number, title: string) => `Slide ${n}: ${title}`,
    roster: {
      title: 'Team roster',
      empty: 'No agents on this team yet.',
      count: (n: number) => (n === 1 ? '1 agent' : `${n} agents`),
      inactive: 'Inactive',
      updatedAt: (time: string) => `Updated ${time}`,
      staleNotice: 'Showing the last data received while the connection comes back.',
    },
  },
} as const;
