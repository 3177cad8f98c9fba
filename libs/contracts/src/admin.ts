/**
 * Administration area wire types and messages (spec 000 sections 2 to 9; issue "Administration
 * area"). The server (team-admin, identity) and the console share them. docs/admin-api.md describes
 * every call.
 */
import type { Role } from './roles';

/** Who may open which admin screen (checked on the server; the console hides what it may not). */
export const ADMIN_ROLES: readonly Role[] = ['ADMIN'];
/** Document setup (folders, categories, types, send-document message template): TCs run documents too. */
export const DOCUMENT_SETUP_ROLES: readonly Role[] = ['ADMIN', 'TRANC'];

// ---------------------------------------------------------------- team settings (team-admin)

/** GET/PATCH /admin/team. */
export interface TeamSettings {
  team_id: number;
  name: string;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  /** IANA zone ('America/New_York'). */
  timezone: string | null;
  /** Signed, expiring GET URL of the logo, or null. */
  logo_url: string | null;
}
export type TeamSettingsUpdate = Partial<Omit<TeamSettings, 'team_id' | 'logo_url'>>;

/** POST /admin/team/logo and POST /admin/user/avatar: the file's name and MIME type. Answer {url}. */
export interface UploadRequest {
  name: string;
  type: string;
}
/** POST <upload path>/confirm: the key the upload URL was given with. */
export interface UploadConfirmRequest {
  key: string;
}
export interface UploadUrlResponse {
  url: string;
  /** Storage key; with the S3 driver, confirm with POST <same path>/confirm {key}. */
  key: string;
  expires_in: number;
  max_bytes: number;
}

// ---------------------------------------------------------------- documents (team-admin)

/** null means All (spec 002: All null, Buyer b, Seller s). */
export type TransactionType = 'b' | 's' | null;
export const TRANSACTION_TYPE_LABELS: readonly { id: TransactionType; label: string }[] = [
  { id: null, label: 'All' },
  { id: 'b', label: 'Buyer' },
  { id: 's', label: 'Seller' },
];

/** System folders every team has; they cannot be edited or deleted. */
export const SYSTEM_FOLDER_IDS: readonly number[] = [-1, -2];

export interface DocumentFolder {
  client_document_folder_id: number;
  folder_name: string;
  transaction_type: TransactionType;
  /** Private by default: only team members see it unless these are set. */
  client_visible: boolean;
  vendor_visible: boolean;
  /** true for ids -1 and -2. */
  system: boolean;
}
export interface DocumentFolderInput {
  folder_name: string;
  transaction_type?: TransactionType;
  client_visible?: boolean;
  vendor_visible?: boolean;
}

export interface DocumentCategory {
  team_document_category_id: number;
  name: string;
}
/** POST and PATCH /documents/categories. */
export type DocumentCategoryInput = Pick<DocumentCategory, 'name'>;

/** POST /documents/types (PATCH: any subset): team_document_category_id null or absent is no category. */
export interface DocumentTypeInput {
  name: string;
  team_document_category_id?: number | null;
}

export interface DocumentType {
  /** Same value as team_document_type_id (tasks refer to it as doc_type_id). */
  id: number;
  team_document_type_id: number;
  name: string;
  team_document_category_id: number | null;
  category_name: string | null;
}

/** GET/PATCH /admin/document/message-template. */
export interface DocumentMessageTemplate {
  message_template: string;
}
export const MESSAGE_TEMPLATE_MAX_LENGTH = 5000;

// ---------------------------------------------------------------- team notifications (team-admin)

/** GET /admin/notification_settings: the same catalogue as the user switches. */
export interface TeamNotificationSetting {
  notification_id: number;
  name: string;
  /** false: switched off for the whole team (every member's switch shows 'Notification disabled by team'). */
  enabled: boolean;
}

/** PATCH /admin/notification_settings: one switch for the whole team. */
export type TeamNotificationSettingUpdate = Pick<TeamNotificationSetting, 'notification_id' | 'enabled'>;

/** The notifications a team member can switch on or off. Ids are stable: events refer to them. */
export const NOTIFICATION_CATALOGUE: readonly { notification_id: number; code: string; name: string }[] = [
  { notification_id: 1, code: 'task_assigned', name: 'New task assigned to me' },
  { notification_id: 2, code: 'task_due', name: 'Task due today' },
  { notification_id: 3, code: 'task_overdue', name: 'Task overdue' },
  { notification_id: 4, code: 'comment_mention', name: 'Mentioned in a comment' },
  { notification_id: 5, code: 'direct_message', name: 'New direct message' },
  { notification_id: 6, code: 'document_uploaded', name: 'Document uploaded to my transaction' },
  { notification_id: 7, code: 'esign_completed', name: 'E-sign request completed' },
  { notification_id: 8, code: 'esign_declined', name: 'E-sign request declined' },
  { notification_id: 9, code: 'transaction_status_changed', name: 'Transaction status changed' },
  { notification_id: 10, code: 'contact_assigned', name: 'New contact assigned to me' },
  { notification_id: 11, code: 'daily_digest', name: 'Daily digest email' },
];

// ---------------------------------------------------------------- blackout days (team-admin)

export interface BlackoutOption {
  /** predefined_day_key: 'new_years_day', ..., 'sunday' ... 'saturday'. */
  id: string;
  label: string;
}
/** GET /admin/team/blackout-days/options. */
export interface BlackoutOptions {
  holidays: BlackoutOption[];
  weekdays: BlackoutOption[];
}
export type BlackoutDayKind = 'holiday' | 'weekday' | 'custom';
/** POST /admin/team/blackout-day: {predefined_day_key}, or {day_label, day_date (MM-DD-YYYY)}. */
export interface BlackoutDayCreateRequest {
  predefined_day_key?: string;
  day_label?: string;
  day_date?: string;
}

export interface BlackoutDay {
  team_blackout_day_id: number;
  kind: BlackoutDayKind;
  /** Holidays and weekdays. */
  predefined_day_key: string | null;
  /** The option's label, or the custom day's label. */
  day_label: string;
  /** Custom days: MM-DD-YYYY. */
  day_date: string | null;
}
/** POST /admin/team/blackout-day: a predefined day, or a custom one. */
export type BlackoutDayInput = { predefined_day_key: string } | { day_label: string; day_date: string };

// ---------------------------------------------------------------- user administration (identity)

/** Roles the user form offers (spec 000 section 6). CLIENT users are contacts' logins, not team members. */
export const TEAM_MEMBER_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'];

export const USER_STATUS_FILTERS = ['all', 'active', 'disabled', 'excluded'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export const USER_LIST_PAGE_SIZES: readonly number[] = [10, 20, 60, 100];
export const USER_LIST_DEFAULTS = { page: 1, per_page: 20, order_by: 'roles', order_dir: -1, status_filter: 'active' } as const;

/** One row of GET /admin/users (table.data); the columns named in the spec plus what the row actions need. */
export interface AdminUserRow {
  agent_id: number;
  profile_image_path: string | null;
  agent_full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile_phone: string | null;
  role_id: Role;
  /** ISO timestamps. */
  created_ts: string;
  last_access_ts: string | null;
  /** 'Active' or 'Inactive'. */
  status: 'Active' | 'Inactive';
  excluded: boolean;
  download: boolean;
  client_count: number;
}

/** GET/POST/PATCH /admin/user: the user form (spec 000 section 3). Dates MM/DD/YYYY. */
/** PATCH /admin/user/activate and the other calls that name one user of the team. */
export interface AgentIdRequest {
  agent_id: number;
}

/** PUT /admin/user/password: the user's new password twice (each checked by the service with the spec's words). */
export interface AdminSetPasswordRequest extends AgentIdRequest {
  new_password: string;
  confirm_new_password: string;
}

/** POST /admin/user/email: the welcome mail or a password reset mail. */
export interface SendUserEmailRequest extends AgentIdRequest {
  type: 'welcome' | 'reset';
}

export interface AdminUserForm {
  agent_id?: number;
  first_name: string;
  last_name: string;
  mobile_phone: string;
  email: string;
  alternate_email?: string | null;
  role_id: Role;
  start_dt: string;
  can_download?: boolean;
  can_download_activities?: boolean;
  esign_enabled?: boolean;
  leader_board_exclude?: boolean;
  manage_billing?: boolean;
  brokerage_cap_amt?: number | null;
  royalty_cap_amt?: number | null;
  brokerage_cap_anniversary_dt?: string | null;
  royalty_cap_anniversary_dt?: string | null;
  agent_trans_fee_amt?: number | null;
  agent_monthly_fee_amt?: number | null;
  lic_nbr?: string | null;
  pid?: string | null;
  career_path?: string | null;
  lead_source?: string | null;
  notes?: string | null;
  business_entity?: string | null;
  /** Create only. */
  send_welcome_email?: boolean;
  default_commission_templates?: { buyer: number[]; seller: number[] };
}
/** GET /admin/user?agent_id= answers the form plus these. */
export interface AdminUserRecord extends Omit<AdminUserForm, 'mobile_phone' | 'start_dt'> {
  agent_id: number;
  /** Users made before user administration existed (the seed, sign-ups) may lack these. */
  mobile_phone: string | null;
  start_dt: string | null;
  status: 'active' | 'inactive';
  profile_image_url: string | null;
}
export const ADMIN_USER_FORM_DEFAULTS = {
  can_download: true,
  can_download_activities: false,
  esign_enabled: false,
  leader_board_exclude: false,
  manage_billing: false,
  send_welcome_email: true,
} as const;
/** Fields VENDOR users do not have (the console hides them; the server ignores them). */
export const REAL_ESTATE_USER_FIELDS = [
  'brokerage_cap_amt',
  'royalty_cap_amt',
  'brokerage_cap_anniversary_dt',
  'royalty_cap_anniversary_dt',
  'agent_trans_fee_amt',
  'agent_monthly_fee_amt',
  'career_path',
  'lead_source',
  'default_commission_templates',
  'leader_board_exclude',
] as const;

/** GET /admin/licenses. */
export interface LicenceCounts {
  total: number;
  used: number;
  remaining: number;
  esign_total: number;
  esign_used: number;
  esign_remaining: number;
}

/** GET /admin/user/history: one sign-in attempt. */
export interface LoginHistoryRow {
  created_ts: string;
  ip: string | null;
  user_agent: string | null;
  /** 'Success' or 'Failed'. */
  result: 'Success' | 'Failed';
}

/** The spec's words (section 8), shared by the server and the console. */
export const ADMIN_MESSAGES = {
  required: 'Required',
  teamSettingsUpdated: 'Team settings updated',
  logoDeleted: 'Logo has been deleted',
  logoUploadFailed: 'Image failed to upload. Please try again',
  folderCreated: 'Folder Created',
  folderUpdated: 'Folder updated',
  folderRemoved: 'Folder removed',
  folderDeleteConfirm: 'This action cannot be undone. Are you sure that you want to proceed?',
  systemFolderLocked: 'System folders cannot be edited or deleted',
  documentCategoryCreated: 'Document Category created successfully',
  documentCategoryUpdated: 'Document Category updated successfully',
  documentCategoryDeleted: 'Document Category deleted successfully',
  documentTypeCreated: 'Document type created successfully',
  documentTypeUpdated: 'Document type updated successfully',
  documentTypeDeleted: 'Document type deleted successfully',
  messageTemplateUpdated: 'Document message template updated successfully',
  settingSaved: 'Setting has been saved',
  userChangesSaved: 'User changes saved',
  userAdded: 'User has been added',
  userDisabled: 'User disabled',
  userActivated: 'User activated. Please confirm the user has a valid email address.',
  emailSent: 'Email sent',
  passwordUpdated: 'Password successfully updated',
  noLicenses: 'No Available User Licenses',
  noLicensesDetail:
    'Your team has reached its maximum number of user licenses. Add more under Admin > Team Settings > Manage Billing, or notify your provider team if you do not have Manage Billing access.',
  esignNotPermitted: 'E-signature is not included in your plan',
  noEsignSeats: 'No Available E-Sign Seats',
  cannotDisableSelf: 'You cannot disable your own user',
  emailTaken: 'Email is already in use',
  /** Profile and user form: a phone that is not a US number of 10 digits (any formatting). */
  invalidPhone: 'Invalid phone number',
  /** Asked before a user is inactivated ({name}: the user's full name). */
  inactivateConfirm: 'Inactivate {name}? They will no longer be able to sign in.',
  /** The e-sign seats of a team whose plan has no e-signature. */
  esignNotIncluded: 'Not included in your plan',
  emailFailedSuffix: 'Then try again.',
  passwordFailedSuffix: 'Verify password and try again.',
  blackoutLabelRequired: 'Label is required',
  blackoutDateRequired: 'Date is required',
  blackoutAlreadyAdded: 'This day is already a blackout day',
  invalidDate: 'Invalid date',
  invalidTimezone: 'Unknown time zone',
} as const;

/** Team administration words the spec does not have, shared by team-admin and the console. */
export const TEAM_SETUP_MESSAGES = {
  /** A custom blackout day before today in the team's time zone. */
  blackoutDatePast: 'Date must be today or later',
  logoUpdated: 'Logo has been updated',
} as const;
