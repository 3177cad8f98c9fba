import { contractSchema } from '@app/platform';

/**
 * The answers of the team-admin service in its OpenAPI document: the libs/contracts type of each. Their
 * schemas are generated from those types at build time (docs/openapi.md).
 */
export const TEAM_SETTINGS_SCHEMA = contractSchema('TeamSettings');
export const TEAM_SETTINGS_SAVED_SCHEMA = contractSchema('TeamSettingsSaved');
export const LOGO_URL_SCHEMA = contractSchema('ImageLink');

export const FOLDERS_SCHEMA = contractSchema('DocumentFolders');
export const FOLDER_SAVED_SCHEMA = contractSchema('DocumentFolderSaved');
export const CATEGORIES_SCHEMA = contractSchema('DocumentCategories');
export const CATEGORY_SAVED_SCHEMA = contractSchema('DocumentCategorySaved');
export const DOCUMENT_TYPES_SCHEMA = contractSchema('DocumentTypes');
export const DOCUMENT_TYPE_SAVED_SCHEMA = contractSchema('DocumentTypeSaved');
export const MESSAGE_TEMPLATE_SCHEMA = contractSchema('DocumentMessageTemplate');
export const MESSAGE_TEMPLATE_SAVED_SCHEMA = contractSchema('DocumentMessageTemplateSaved');

export const NOTIFICATION_SETTINGS_SCHEMA = contractSchema('TeamNotificationSettings');
export const NOTIFICATION_SETTING_SAVED_SCHEMA = contractSchema('TeamNotificationSettingSaved');
export const BLACKOUT_OPTIONS_SCHEMA = contractSchema('BlackoutOptions');
export const BLACKOUT_DAYS_SCHEMA = contractSchema('BlackoutDays');
export const BLACKOUT_DAY_SAVED_SCHEMA = contractSchema('BlackoutDaySaved');

export const TOOLTIP_RECORD_SCHEMA = contractSchema('TooltipRecord');
export const TOOLTIPS_SCHEMA = contractSchema('TooltipsResponse');
export const TOOLTIP_RECORDS_SCHEMA = contractSchema('TooltipRecords');
export const TOOLTIP_SAVED_SCHEMA = contractSchema('TooltipSaved');
