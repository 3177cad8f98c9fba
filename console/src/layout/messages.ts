// Words of the app shell: product name, menu sections and entries, user menu.
export const BRAND_NAME = 'Realty';

export const LAYOUT_MESSAGES = {
  comingSoon: 'Coming soon',
  userMenu: 'Account menu',
  // A user without the role who opens an admin screen by its URL (the server refuses its calls too).
  noAccess: 'You do not have access to this page',
  noAccessDetail: 'Ask your team administrator if you need it.',
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
    displayMode: 'Display Mode',
    esign: 'E-Sign',
    adminUsers: 'Users',
    teamSettings: 'Team Settings',
    documentFolders: 'Document Folders',
    documentTypes: 'Document Types',
    documentMessageTemplate: 'Message Template',
    teamNotifications: 'Notifications',
    vendorInvites: 'Vendor Invites',
    tooltips: 'Tooltips',
    profile: 'Profile',
    accountSettings: 'Settings',
    accountNotifications: 'Notifications',
    accountPassword: 'Change Password',
  },
  // Page titles (the browser tab) where the menu's label alone would be ambiguous.
  titles: {
    teamNotifications: 'Team Notifications',
  },
} as const;
