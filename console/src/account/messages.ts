import { ACCOUNT_MESSAGES } from '@app/contracts';

// Words of the account area. The spec's messages come word for word from the contracts
// (ACCOUNT_MESSAGES, shared with the server); the screens' own labels live below.
export { ACCOUNT_MESSAGES };

/** A person's name and contact fields, as every user form labels them (profile, user administration). */
export const PERSON_FIELD_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  mobile_phone: 'Mobile phone',
  email: 'Email',
  alternate_email: 'Alternate email',
} as const;

/** Postal address and timezone fields, as the profile and Team Settings label them. */
export const ADDRESS_FIELD_LABELS = {
  address_1: 'Address 1',
  address_2: 'Address 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal code',
  timezone: 'Timezone',
} as const;

export const ACCOUNT_LABELS = {
  // Change password
  changePasswordTitle: 'Change Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Submit',
  saving: 'Saving…',
  passwordSuggestionsTitle: 'A strong password has',
  suggestions: {
    uppercase: 'An uppercase letter',
    numeric: 'A number',
    special: 'A special character',
    minLength: 'At least 8 characters',
  },
  // Notifications
  notificationsTitle: 'Notification Settings',
  notificationsIntro: 'Choose which notifications you receive.',
  notificationsEmpty: 'There are no notifications to configure.',
  // Profile
  profileTitle: 'Edit Profile',
  loadingProfile: 'Loading the profile',
  avatar: 'Profile image',
  uploadImage: 'Upload image',
  uploading: 'Uploading…',
  imageTooLarge: 'Error: the image is larger than 10 MB',
  imageNotAnImage: 'Error: only image files can be uploaded',
  uploadErrorPrefix: 'Error:',
  userInfo: 'User Info',
  address: 'Address',
  capAndSplit: 'Cap and Split',
  capReadOnly: 'Only your team administrator can change these values.',
  integrations: 'Integrations',
  integrationsTransactionSync: 'Transaction sync is enabled for your team. Your SkySlope agent GUID matches your transactions during sync.',
  skyslopeAgentGuid: 'SkySlope agent GUID',
  notes: 'Notes',
  save: 'Save',
  fields: {
    ...PERSON_FIELD_LABELS,
    ...ADDRESS_FIELD_LABELS,
    business_entity: 'Business entity',
    notes: 'Notes',
    brokerage_cap_amt: 'Brokerage cap',
    royalty_cap_amt: 'Royalty cap',
    brokerage_cap_anniversary_dt: 'Brokerage cap anniversary (MM-DD-YYYY)',
    royalty_cap_anniversary_dt: 'Royalty cap anniversary (MM-DD-YYYY)',
    brokerage_pct: 'Brokerage split %',
    agent_pct: 'Agent split %',
  },
  phonePlaceholder: '(999) 999-9999',
  invalidPercent: 'Enter a percentage with 1 to 2 decimals at most (0-100)',
  invalidAmount: 'Enter a positive amount',
  // Settings
  settingsTitle: 'Account Settings',
  uiSettings: 'UI Settings',
  appSettings: 'App Settings',
  formSettings: 'Form Settings',
  uiScale: 'Scale',
  uiFontWeight: 'Font weight',
  darkMode: 'Dark mode',
  // The app bar's switch (the same dark_mode setting).
  switchToDark: 'Switch to dark mode',
  switchToLight: 'Switch to light mode',
  defaultScope: 'Default scope',
  defaultLandingPage: 'Default landing page',
  defaultBuyerForm: 'Default buyer form',
  defaultSellerForm: 'Default seller form',
  defaultForm: 'Default form',
  defaultTransactionPageForm: 'Default transaction page form',
  none: 'None',
  scaleLabels: {
    'ui-small': 'Small',
    'ui-compact': 'Compact',
    'ui-default': 'Default',
    'ui-large': 'Large',
  },
  fontWeightLabels: {
    'fw-400': 'Regular (400)',
    'fw-600': 'Semi-bold (600)',
    'fw-700': 'Bold (700)',
  },
  scopeLabels: {
    agent: 'My records',
    team: 'Team',
  },
  loadFailed: 'Server error please try again.',
} as const;
