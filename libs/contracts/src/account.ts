/** Account area wire types and messages (spec 000, account area; issue "Account area"). */

export interface CaptchaResponse {
  /** data:image/svg+xml;base64,... */
  captcha_image_base64: string;
  /** Identifies the captcha (not the answer); sent back with the typed code. */
  captcha_hash: string;
}

export interface ForgotPasswordRequest {
  email: string;
  captcha_string: string;
  captcha_hash: string;
}

export interface ResetPasswordRequest {
  reset_key: string;
  password: string;
  verify_password: string;
}

export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
  confirm_new_password: string;
}

export interface NotificationSetting {
  notification_id: number;
  name: string;
  enabled: boolean;
  /** Set by the team's administrators; the user's switch cannot be changed while true. */
  team_override: boolean;
}

/** PATCH /user/notification_settings: one switch. */
export type NotificationSettingUpdate = Pick<NotificationSetting, 'notification_id' | 'enabled'>;

export type UiScale = 'ui-small' | 'ui-compact' | 'ui-default' | 'ui-large';
export type UiFontWeight = 'fw-400' | 'fw-600' | 'fw-700';
export const UI_SCALES: readonly UiScale[] = ['ui-small', 'ui-compact', 'ui-default', 'ui-large'];
export const UI_FONT_WEIGHTS: readonly UiFontWeight[] = ['fw-400', 'fw-600', 'fw-700'];

/** GET/PATCH /user/profile/defaults. */
export interface UserDefaults {
  default_scope: string | null;
  default_landing_page: string;
  default_form: number | null;
  default_buyer_form: number | null;
  default_seller_form: number | null;
  default_transaction_page_form: number | null;
  ui_scale: UiScale;
  ui_font_weight: UiFontWeight;
  dark_mode: boolean;
}

/** PATCH /user/profile/defaults: any subset; absent keys keep their value, null clears a nullable one. */
export type UserDefaultsUpdate = Partial<UserDefaults>;

export interface LandingPageChoice {
  id: string;
  label: string;
}

/** GET /user/forms, GET /transaction/forms (transactions service). */
export interface TeamForm {
  team_form_id: number;
  name: string;
  /** b buyer, s seller */
  client_type_id: 'b' | 's';
  edit_only: boolean;
}

/** The spec's words, shared by the server and the console. */
export const ACCOUNT_MESSAGES = {
  required: 'Required',
  fieldRequired: 'This field is required',
  minLength8: 'Minimum length is 8',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordNeedsNumberAndSpecial: 'Password must contain at least one number and one special character.',
  invalidEmail: 'Invalid email address.',
  invalidCaptcha: 'Invalid code. Try again or refresh for new image.',
  passwordUpdated: 'Password successfully updated',
  /** A reset link that is unknown, used or expired (the reset and its check on opening). */
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  profileUpdated: 'Profile updated',
  profileImageUpdated: 'Profile image updated',
  formError: 'Form Error: Please correct errors to save changes.',
  serverError: 'Server error please try again.',
  notificationSaveFailed: 'Something went wrong. Please try again',
  notificationDisabledByTeam: 'Notification disabled by team',
  settingUpdated: 'Setting updated',
  forbiddenCharacters: 'Characters < > * ! ( ) { } are not allowed',
  unknownTimeZone: 'Unknown time zone',
} as const;

/** Upload limits (spec 000 section 9). */
export const IMAGE_MAX_BYTES = 10_000_000;
