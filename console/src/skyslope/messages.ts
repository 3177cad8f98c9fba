import {
  SKYSLOPE_MESSAGES,
  SKYSLOPE_PREFERENCES,
  SKYSLOPE_SYNC_MESSAGES,
  SKYSLOPE_SYNC_RESULT_LABELS,
  skySlopeKeyMessages,
} from '@app/contracts';

// Words of the SkySlope integration page (spec 002 section 2.6): the toasts and fallbacks come word for
// word from the contract (shared with integrations-sync), the page's own labels live below.
export { SKYSLOPE_MESSAGES, SKYSLOPE_PREFERENCES, SKYSLOPE_SYNC_MESSAGES, SKYSLOPE_SYNC_RESULT_LABELS };

/** The server's field messages for a key (the same words as integrations-sync, from the contract). */
export const keyMessages = skySlopeKeyMessages;

export const SKYSLOPE_LABELS = {
  title: 'SkySlope',
  apiConfiguration: 'API Configuration',
  apiConfigurationIntro:
    "Paste your team's SkySlope Access Key and Access Secret. Saved keys are shown masked; leave them as they are to keep them. Test API Connection checks the saved keys.",
  accessKey: 'Access Key',
  accessSecret: 'Access Secret',
  testConnection: 'Test API Connection',
  testing: 'Testing…',
  saveCredentials: 'Save Credentials',
  saving: 'Saving…',
  officeMapping: 'Office Mapping',
  officeMappingIntro: 'The SkySlope office your transactions are sent to.',
  office: 'SkySlope office',
  noOffices: 'No SkySlope offices found',
  preferences: 'Preferences',
  primaryAgent: 'Primary agent',
  primaryAgentHelp: 'The SkySlope agent transactions are filed under.',
  matchedUsers: 'Matched Users',
  rematch: 'Re-match Users',
  rematching: 'Matching…',
  matchingInfo: 'How users are matched',
  matchingInfoText:
    'Users are matched to SkySlope users by email address (not case-sensitive). A user whose profile holds a SkySlope agent GUID is matched to that SkySlope user instead.',
  noMatchedUsers: 'No matched users yet',
  retry: 'Retry',
  syncActivity: 'Sync Activity',
  syncActivityIntro: 'The latest SkySlope sync of each transaction. Retry sends a failed one again.',
  noSyncActivity: 'No transactions synced yet',
  refresh: 'Refresh',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${Math.max(1, pages)}`,
  retrySyncOf: (transaction: string) => `Retry the sync of ${transaction}`,
  kinds: { sale: 'Sale', listing: 'Listing' },
  notSynced: 'Not yet',
  syncColumns: {
    transaction: 'Transaction',
    file: 'SkySlope File',
    lastSynced: 'Last Synced',
    result: 'Result',
    reason: 'Reason',
    actions: 'Actions',
  },
  columns: {
    id: 'ID',
    firstName: 'First Name',
    lastName: 'Last Name',
    matchingEmail: 'Matching Email',
    guid: 'GUID',
  },
} as const;
