import type { LandingPageChoice } from '@app/contracts';

/** Where the console opens after sign-in (Account Settings > default landing page). SNAPSHOT is the initial value. */
export const LANDING_PAGE_CHOICES: readonly LandingPageChoice[] = [
  { id: 'SNAPSHOT', label: 'Snapshot' },
  { id: 'TRANSACTIONS', label: 'Transactions' },
  { id: 'TASKS', label: 'Tasks' },
  { id: 'CONTACTS', label: 'Contacts' },
  { id: 'MESSAGES', label: 'Messages' },
  { id: 'DASHBOARD', label: 'Dashboard' },
];

export const LANDING_PAGE_IDS: readonly string[] = LANDING_PAGE_CHOICES.map((c) => c.id);

export const LANDING_PAGE_MESSAGE = `Must be one of ${LANDING_PAGE_IDS.join(', ')}`;
