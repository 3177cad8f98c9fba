import { arr, bool, dateTime, int, named, nullable, num, obj, str, successWith, tableOf } from '@app/platform';

/** The answers of the identity service in its OpenAPI document, after libs/contracts auth.ts, account.ts, admin.ts and vendors.ts. */
const nullableStr = nullable(str());
const nullableNum = nullable(num());
const role = str({ enum: ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'CLIENT', 'VENDOR'] });

export const USER_PROFILE_SCHEMA = named(
  'UserProfile',
  obj({
    agent_id: int(),
    status: str({ enum: ['active', 'inactive'] }),
    roles: arr(role),
    permissions: arr(str()),
    team: obj({ team_id: int(), name: str(), market_id: int() }),
    first_name: str(),
    last_name: str(),
    mobile_phone: nullable(str({ description: '10 digits' })),
    email: str(),
    alternate_email: nullableStr,
    address_1: nullableStr,
    address_2: nullableStr,
    city: nullableStr,
    state: nullableStr,
    postal_code: nullableStr,
    timezone: nullableStr,
    default_landing_page: str(),
    business_entity: nullableStr,
    'notes?': nullable(str({ description: 'ADMIN callers only' })),
    brokerage_cap_amt: nullableNum,
    royalty_cap_amt: nullableNum,
    brokerage_cap_anniversary_dt: nullable(str({ description: 'MM-DD-YYYY' })),
    royalty_cap_anniversary_dt: nullable(str({ description: 'MM-DD-YYYY' })),
    brokerage_pct: nullableNum,
    agent_pct: nullableNum,
    profile_image_path: nullable(str({ description: 'A signed, expiring URL' })),
  }),
);
export const ACCOUNT_PROFILE_SCHEMA = named('AccountProfile', {
  allOf: [
    USER_PROFILE_SCHEMA,
    obj({
      caps_editable: bool({ description: 'Whether the cap and split fields may be changed' }),
      'integrations?': obj({ skyslope_agent_guid: nullableStr }, { description: 'Only for teams with transaction_sync' }),
    }),
  ],
});
export const TOKEN_SCHEMA = named(
  'TokenResponse',
  obj({
    access_token: str(),
    'refresh_token?': str({ description: 'Not for the console (X-Requested-With: console): it gets the HttpOnly cookie realty_refresh' }),
    expires_in: int({ description: 'Seconds until the access token expires' }),
    user: USER_PROFILE_SCHEMA,
  }),
);
export const OK_SCHEMA = obj({ status: str({ enum: ['ok'] }) });
export const OK_MESSAGE_SCHEMA = obj({ status: str({ enum: ['ok'] }), message: str() });
export const IMAGE_URL_SCHEMA = obj({ url: nullable(str({ description: 'A signed, expiring URL; null without an image' })) });
export const CONFIRMED_IMAGE_SCHEMA = obj({ url: str({ description: 'A signed, expiring URL of the accepted image' }) });
export const CAPTCHA_SCHEMA = obj({ captcha_image_base64: str({ description: 'data:image/svg+xml;base64,...' }), captcha_hash: str() });

export const NOTIFICATION_SETTING_SCHEMA = named(
  'NotificationSetting',
  obj({ notification_id: int(), name: str(), enabled: bool(), team_override: bool({ description: 'Fixed by the team: read-only' }) }),
);
export const NOTIFICATION_SETTINGS_SCHEMA = arr(NOTIFICATION_SETTING_SCHEMA);

export const USER_DEFAULTS_SCHEMA = named(
  'UserDefaults',
  obj({
    default_scope: nullableStr,
    default_landing_page: str(),
    default_form: nullable(int()),
    default_buyer_form: nullable(int()),
    default_seller_form: nullable(int()),
    default_transaction_page_form: nullable(int()),
    ui_scale: str({ enum: ['ui-small', 'ui-compact', 'ui-default', 'ui-large'] }),
    ui_font_weight: str({ enum: ['fw-400', 'fw-600', 'fw-700'] }),
    dark_mode: bool(),
  }),
);
export const LANDING_PAGE_CHOICES_SCHEMA = arr(obj({ id: str(), label: str() }));

// ---- user administration ----
export const ADMIN_USER_ROW_SCHEMA = named(
  'AdminUserRow',
  obj({
    agent_id: int(),
    profile_image_path: nullable(str({ description: 'A signed, expiring URL' })),
    agent_full_name: str(),
    first_name: str(),
    last_name: str(),
    email: str(),
    mobile_phone: nullableStr,
    role_id: role,
    created_ts: dateTime(),
    last_access_ts: nullable(dateTime()),
    status: str({ enum: ['Active', 'Inactive'] }),
    excluded: bool(),
    download: bool(),
    client_count: int(),
  }),
);
export const ADMIN_USERS_SCHEMA = tableOf(ADMIN_USER_ROW_SCHEMA);
export const ADMIN_USER_RECORD_SCHEMA = named(
  'AdminUserRecord',
  obj({
    agent_id: int(),
    first_name: str(),
    last_name: str(),
    mobile_phone: nullableStr,
    email: str(),
    'alternate_email?': nullableStr,
    role_id: role,
    start_dt: nullable(str({ description: 'MM/DD/YYYY' })),
    status: str({ enum: ['active', 'inactive'] }),
    profile_image_url: nullableStr,
    'can_download?': bool(),
    'can_download_activities?': bool(),
    'esign_enabled?': bool(),
    'leader_board_exclude?': bool(),
    'manage_billing?': bool(),
    'brokerage_cap_amt?': nullableNum,
    'royalty_cap_amt?': nullableNum,
    'brokerage_cap_anniversary_dt?': nullableStr,
    'royalty_cap_anniversary_dt?': nullableStr,
    'agent_trans_fee_amt?': nullableNum,
    'agent_monthly_fee_amt?': nullableNum,
    'lic_nbr?': nullableStr,
    'pid?': nullableStr,
    'career_path?': nullableStr,
    'lead_source?': nullableStr,
    'notes?': nullableStr,
    'business_entity?': nullableStr,
    'default_commission_templates?': obj({ buyer: arr(int()), seller: arr(int()) }),
  }),
);
export const ADMIN_USER_ADDED_SCHEMA = obj({
  status: str({ enum: ['success'] }),
  message: str(),
  agent_id: int(),
  record: ADMIN_USER_RECORD_SCHEMA,
  'warning?': str({ description: 'The user was added but the welcome mail could not be sent' }),
});
export const ADMIN_USER_SAVED_SCHEMA = successWith(ADMIN_USER_RECORD_SCHEMA);
export const LICENCES_SCHEMA = obj({ total: int(), used: int(), remaining: int(), esign_total: int(), esign_used: int(), esign_remaining: int() });
export const LOGIN_HISTORY_SCHEMA = tableOf(obj({ created_ts: dateTime(), ip: nullableStr, user_agent: nullableStr, result: str({ enum: ['Success', 'Failed'] }) }));

// ---- vendor enrollment ----
const vendorType = nullable(str({ enum: ['Attorney', 'Mortgage', 'Title'] }));
export const VENDOR_INVITE_CREATED_SCHEMA = obj({ status: str({ enum: ['success'] }), invite_token: str(), url: str(), expires_at: dateTime() });
export const VENDOR_INVITES_SCHEMA = obj({
  records: arr(
    obj({
      invite_id: int(),
      email: nullableStr,
      name: nullableStr,
      vendor_type: vendorType,
      status: str({ enum: ['pending', 'used', 'expired', 'revoked'] }),
      created_ts: dateTime(),
      expires_at: dateTime(),
      used_ts: nullable(dateTime()),
      revoked_ts: nullable(dateTime()),
      vendor_id: nullable(int()),
      vendor_name: nullableStr,
      created_by: nullableStr,
    }),
  ),
});
export const VENDOR_INVITE_INFO_SCHEMA = obj({
  team_name: str(),
  name: str(),
  address: obj({ address_1: str(), 'address_2?': nullableStr, city: str(), state: str(), postal_code: str() }),
  primary_contact: obj({ first_name: str(), last_name: str(), email: str(), phone: str({ description: '10 digits' }) }),
});
