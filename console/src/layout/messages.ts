// Words of the app shell: product name, menu sections and entries, user menu.
export const BRAND_NAME = 'Realty';

export const LAYOUT_MESSAGES = {
  comingSoon: 'Coming soon',
  userMenu: 'Account menu',
  sections: {
    work: '',
    admin: 'Admin',
    account: 'Account',
  },
  entries: {
    dashboard: 'Dashboard',
    transactions: 'Transactions',
    tasks: 'Tasks',
    contacts: 'Contacts',
    messages: 'Messages',
    esign: 'E-Sign',
    adminUsers: 'Users',
    teamSettings: 'Team Settings',
    documentFolders: 'Document Folders',
    teamNotifications: 'Notifications',
    profile: 'Profile',
    accountSettings: 'Settings',
    accountNotifications: 'Notifications',
    accountPassword: 'Change Password',
  },
} as const;
