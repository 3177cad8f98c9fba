// Words of the home page (the console's dashboard for now).
export const HOME_MESSAGES = {
  title: 'Dashboard',
  welcome: (firstName: string) => `Welcome, ${firstName}`,
  team: 'Team',
  roles: 'Roles',
  loadFailed: 'Server error please try again.',
  intro: 'Your team workspace. More areas open here as they become available.',
} as const;
