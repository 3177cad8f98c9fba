import { contractSchema } from '@app/platform';

/**
 * The answers of the integrations-sync service in its OpenAPI document: the libs/contracts type of each.
 * Their schemas are generated from those types at build time (docs/openapi.md).
 */
export const SKYSLOPE_SETTINGS_SCHEMA = contractSchema('SkySlopeSettingsResponse');
export const SETTINGS_SAVED_SCHEMA = contractSchema('MessageResponse');
export const PING_SCHEMA = contractSchema('SkySlopePingResponse');
export const OFFICES_SCHEMA = contractSchema('SkySlopeOfficesResponse');
export const MESSAGE_SCHEMA = contractSchema('MessageResponse');
export const PRIMARY_AGENTS_SCHEMA = contractSchema('SkySlopePrimaryAgentsResponse');
export const MATCHED_USERS_SCHEMA = contractSchema('SkySlopeMatchedUsersResponse');
export const REMATCH_SCHEMA = contractSchema('SkySlopeRematchDone');
export const SYNC_ACTIVITY_SCHEMA = contractSchema('SkySlopeSyncActivityResponse');
