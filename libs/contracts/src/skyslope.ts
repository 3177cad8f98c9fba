// The SkySlope integration's calls and words (spec 002): integrations-sync answers, the console's
// integration page (/app/admin/skyslope) shows them.

/** The commission preferences and their labels (all false by default). */
export const SKYSLOPE_PREFERENCES = {
  send_commission: 'Send commission to SkySlope',
  send_commission_splits: 'Send agent commission splits',
  send_referral: 'Send referral fees',
} as const;
export type SkySlopePreference = keyof typeof SKYSLOPE_PREFERENCES;

/** GET /skyslope/settings: both keys masked ('••••' and the last 4 characters; empty when none saved). */
export interface SkySlopeSettingsResponse {
  access_keys: { access_key: string; access_secret: string };
  commission: Record<SkySlopePreference, { label: string; value: boolean }>;
}

/** POST /skyslope/settings: a masked value sent back unchanged keeps the stored one. -> {message} */
export interface SaveSkySlopeSettingsRequest {
  accessKey: string;
  accessSecret: string;
  prefs?: Partial<Record<SkySlopePreference, boolean>>;
}

/** GET /skyslope/ping: 0 success, 1 no credentials saved, 2 credentials refused, 3 unreachable or timed out, 4 rate limited. */
export interface SkySlopePingResponse {
  status_code: 0 | 1 | 2 | 3 | 4;
  message: string;
}

/** GET /skyslope/offices?team_id=: SkySlope's offices by guid, and the team's choice. POST {skyslope_guid}. */
export interface SkySlopeOfficesResponse {
  skyslope_offices: Record<string, string>;
  skyslope_guid: string | null;
}

/** GET /skyslope/primary-agent: the team's users matched to a SkySlope user. POST {selected_primary_agent_guid} (null: the transaction's primary agent). */
export interface SkySlopePrimaryAgentsResponse {
  primary_agents: { guid: string; full_name: string }[];
  selected_primary_agent: string | null;
}

/** GET /skyslope/matched-users. POST {match_skyslope_users: true} runs the matching (200 done, 202 still running) -> {status}. */
export interface SkySlopeMatchedUsersResponse {
  matched_users: { agent_id: number; first_name: string; last_name: string; matching_email: string; guid: string }[];
}

/** POST /skyslope/offices: one of the team's SkySlope office guids. */
export interface ChooseSkySlopeOfficeRequest {
  skyslope_guid: string;
}

/** POST /skyslope/primary-agent: a guid of GET /skyslope/primary-agent, or null (the transaction's primary agent). */
export interface ChooseSkySlopePrimaryAgentRequest {
  selected_primary_agent_guid: string | null;
}

/** POST /skyslope/matched-users: runs the matching. */
export interface SkySlopeRematchRequest {
  match_skyslope_users: true;
}

/** The longest Access Key or Access Secret. */
export const SKYSLOPE_KEY_MAX_LENGTH = 256;

/** A key field's messages (label 'Access Key' or 'Access Secret'), as the server and the form word them. */
export const skySlopeKeyMessages = (label: string) => ({
  required: `${label} is required`,
  tooShort: `${label} must be at least 1 character`,
  tooLong: `${label} cannot exceed ${SKYSLOPE_KEY_MAX_LENGTH} characters`,
});

export const SKYSLOPE_MESSAGES = {
  settingsUpdated: 'Successfully updated SkySlope settings',
  officeUpdated: 'Office: SkySlope office successfully updated',
  primaryAgentUpdated: 'Primary agent successfully updated',
  matchedUsersUpdated: 'Successfully updated matched users',
  matchingStillRunning: 'Matching is still running. Refresh in a moment.',
  pingSucceeded: 'Successful SkySlope API connection',
  matchFailed: 'Failed to update matched users',
  settingsFailed: 'Failed to update SkySlope settings',
  pingFailed: 'Failed to ping SkySlope service',
  settingsLoadFailed: 'Failed to fetch SkySlope settings',
  sameAsTransactionPrimaryAgent: 'Same as transaction primary agent',
  invalidInput: 'Invalid input',
} as const;

/** A transaction's SkySlope sync: synced, waiting (pending), retrying after SkySlope was busy or down, or failed (with its reason). */
export type SkySlopeSyncResult = 'pending' | 'synced' | 'retrying' | 'failed';

/** The kind of SkySlope file: a buyer transaction is a sale, a seller transaction a listing. */
export type SkySlopeFileKind = 'sale' | 'listing';

/** One row of GET /skyslope/sync-activity?page&per_page: the latest result per transaction, newest first. */
export interface SkySlopeSyncActivity {
  client_id: number;
  /** The transaction's address (or its client's name when it has none). */
  transaction: string;
  kind: SkySlopeFileKind;
  /** SkySlope's saleGuid or listingGuid; null until the file exists. */
  guid: string | null;
  /** ISO timestamp of the last successful sync; null before the first. */
  last_synced_ts: string | null;
  result: SkySlopeSyncResult;
  reason: string | null;
  /** The transaction version last synced. */
  synced_version: number | null;
}

export interface SkySlopeSyncActivityResponse {
  records: SkySlopeSyncActivity[];
  pagination: { total: number; page: number; per_page: number; pages: number; has_next: boolean; has_prev: boolean };
}

/** Sync Activity's words (server reasons and the panel). */
export const SKYSLOPE_SYNC_MESSAGES = {
  retryQueued: 'Sync queued',
  retryFailed: 'Failed to retry the sync',
  activityLoadFailed: 'Failed to fetch sync activity',
  noAgentMatch: "The transaction's primary agent has no matched SkySlope user",
  noPrimaryAgent: 'The transaction has no primary agent',
  kindChanged: 'The transaction changed between buyer and seller after its SkySlope file was created',
  credentialsRefused: 'SkySlope refused the credentials',
  busy: 'SkySlope is busy or unreachable; retrying',
  fileGone: 'SkySlope no longer has this file',
} as const;

export const SKYSLOPE_SYNC_RESULT_LABELS: Record<SkySlopeSyncResult, string> = {
  pending: 'Pending',
  synced: 'Synced',
  retrying: 'Retrying',
  failed: 'Failed',
};
