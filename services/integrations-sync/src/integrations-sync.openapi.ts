import { arr, bool, dateTime, dict, int, named, nullable, obj, recordsOf, str } from '@app/platform';

/** The answers of the integrations-sync service in its OpenAPI document, after libs/contracts skyslope.ts. */
const nullableStr = nullable(str());

export const SKYSLOPE_SETTINGS_SCHEMA = obj({
  access_keys: obj({ access_key: str({ description: "Masked: '••••' and the last 4 characters; empty when none" }), access_secret: str({ description: 'Masked like access_key' }) }),
  commission: dict(obj({ label: str(), value: bool() }), 'By preference: send_commission, send_commission_splits, send_referral'),
});
export const SETTINGS_SAVED_SCHEMA = obj({ message: str() });
export const PING_SCHEMA = obj({
  status_code: int({ enum: [0, 1, 2, 3, 4], description: '0 success, 1 no credentials, 2 refused, 3 unreachable or timed out, 4 rate limited' }),
  message: str(),
});
export const OFFICES_SCHEMA = obj({ skyslope_offices: dict(str(), 'Office names by guid'), skyslope_guid: nullableStr });
export const MESSAGE_SCHEMA = obj({ message: str() });
export const PRIMARY_AGENTS_SCHEMA = obj({ primary_agents: arr(obj({ guid: str(), full_name: str() })), selected_primary_agent: nullableStr });
export const MATCHED_USERS_SCHEMA = obj({
  matched_users: arr(obj({ agent_id: int(), first_name: str(), last_name: str(), matching_email: str(), guid: str() })),
});
export const REMATCH_SCHEMA = obj({ status: str() });
export const SYNC_ACTIVITY_SCHEMA = recordsOf(
  named(
    'SkySlopeSyncActivity',
    obj({
      client_id: int(),
      transaction: str({ description: "The address (or the client's name when it has none)" }),
      kind: str({ enum: ['sale', 'listing'] }),
      guid: nullableStr,
      last_synced_ts: nullable(dateTime()),
      result: str({ enum: ['pending', 'synced', 'retrying', 'failed'] }),
      reason: nullableStr,
      synced_version: nullable(int()),
    }),
  ),
);
