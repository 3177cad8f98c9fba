import { contractArraySchema, contractSchema } from '@app/platform';

/**
 * The answers of the identity service in its OpenAPI document: the libs/contracts type of each. Their
 * schemas are generated from those types at build time (docs/openapi.md); a name that is not one fails tsc.
 */
export const USER_PROFILE_SCHEMA = contractSchema('UserProfile');
export const ACCOUNT_PROFILE_SCHEMA = contractSchema('AccountProfile');
export const TOKEN_SCHEMA = contractSchema('TokenResponse');
export const OK_SCHEMA = contractSchema('Ok');
export const OK_MESSAGE_SCHEMA = contractSchema('OkMessage');
export const IMAGE_URL_SCHEMA = contractSchema('ImageLink');
export const CONFIRMED_IMAGE_SCHEMA = contractSchema('ConfirmedImage');
export const CAPTCHA_SCHEMA = contractSchema('CaptchaResponse');

export const NOTIFICATION_SETTING_SCHEMA = contractSchema('NotificationSetting');
export const NOTIFICATION_SETTINGS_SCHEMA = contractArraySchema('NotificationSetting');
export const USER_DEFAULTS_SCHEMA = contractSchema('UserDefaults');
export const LANDING_PAGE_CHOICES_SCHEMA = contractArraySchema('LandingPageChoice');

export const ADMIN_USERS_SCHEMA = contractSchema('AdminUserList');
export const ADMIN_USER_RECORD_SCHEMA = contractSchema('AdminUserRecord');
export const ADMIN_USER_ADDED_SCHEMA = contractSchema('AdminUserAdded');
export const ADMIN_USER_SAVED_SCHEMA = contractSchema('AdminUserSaved');
export const LICENCES_SCHEMA = contractSchema('LicenceCounts');
export const LOGIN_HISTORY_SCHEMA = contractSchema('LoginHistory');

export const VENDOR_INVITE_CREATED_SCHEMA = contractSchema('VendorInviteAnswer');
export const VENDOR_INVITES_SCHEMA = contractSchema('VendorInviteList');
export const VENDOR_INVITE_INFO_SCHEMA = contractSchema('VendorInviteInfo');
