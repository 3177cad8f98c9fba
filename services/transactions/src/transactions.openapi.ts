import { contractSchema, SELECT_OPTIONS_SCHEMA, SUCCESS_SCHEMA, UPLOAD_URL_SCHEMA } from '@app/platform';

/**
 * The answers of the transactions service in its OpenAPI document: the libs/contracts type of each. Their
 * schemas are generated from those types at build time (docs/openapi.md); a name that is not one fails tsc.
 */
export const TRANSACTION_DETAIL_SCHEMA = contractSchema('TransactionDetail');
export const TRANSACTION_LIST_SCHEMA = contractSchema('TransactionList');
export const TRANSACTION_HISTORY_SCHEMA = contractSchema('TransactionHistory');
export const CLIENT_ID_SCHEMA = contractSchema('TransactionCreated');
export const TRANSACTION_CHANGED_SCHEMA = contractSchema('TransactionChanged');
export const CHOICES_SCHEMA = contractSchema('SelectChoices');

export const STAGES_SCHEMA = contractSchema('StageOptions');
export const STATUSES_SCHEMA = contractSchema('StatusOptions');
export const TAGS_SCHEMA = contractSchema('TagOptions');
export const LEAD_TYPES_SCHEMA = contractSchema('LeadTypeOptions');
export const FIELDS_SCHEMA = contractSchema('TransactionFieldDefinitions');
export const TCS_SCHEMA = contractSchema('TcOptions');
export const FORMS_SCHEMA = contractSchema('TeamForms');

export const TASK_SCHEMA = contractSchema('Task');
export const TASK_STATUSES_SCHEMA = contractSchema('TaskStatusOptions');
export const TASK_LIST_SCHEMA = contractSchema('TaskList');
export const TASK_ID_SCHEMA = contractSchema('TaskCreated');
export const UPDATED_SCHEMA = contractSchema('UpdatedCount');

export const REASSIGN_COUNT_SCHEMA = contractSchema('ReassignCountResponse');
export const REASSIGN_SCHEMA = contractSchema('ReassignResponse');
export const COMMISSION_TEMPLATE_SCHEMA = contractSchema('CommissionTemplate');
export const COMMISSION_TEMPLATES_SCHEMA = contractSchema('CommissionTemplatesResponse');
export const CAPS_SCHEMA = contractSchema('CapsResponse');

export const ROADMAP_SCHEMA = contractSchema('RoadmapTemplate');
export const ROADMAPS_SCHEMA = contractSchema('RoadmapTemplates');
export const ROADMAP_ASSIGNED_SCHEMA = contractSchema('RoadmapsAssigned');
export const ROADMAP_REMOVED_SCHEMA = contractSchema('RoadmapsRemoved');

export const CONTACT_LIST_SCHEMA = contractSchema('ContactListResponse');
export const CONTACT_DETAIL_SCHEMA = contractSchema('ContactDetail');
export const CONTACT_FILTER_OPTIONS_SCHEMA = contractSchema('ContactFilterOptions');
export const CONTACT_CONFLICTS_SCHEMA = contractSchema('ContactMergeConflicts');
export const CONTACT_ID_SCHEMA = contractSchema('ContactCreated');
export const CONTACT_VERSION_SCHEMA = contractSchema('ContactSaved');

export const SCOPES_SCHEMA = contractSchema('ScopeMenu');
export const SAVED_FILTERS_SCHEMA = contractSchema('SavedFilters');
export const FILTER_ID_SCHEMA = contractSchema('FilterSaved');
export const FILTER_FORM_SCHEMA = contractSchema('FilterFormResponse');

export const DASHBOARDS_SCHEMA = contractSchema('DashboardsAnswer');
export const LEADERBOARD_SCHEMA = contractSchema('LeaderboardResponse');
export const DISPLAY_CONFIG_SCHEMA = contractSchema('DisplayConfig');
export const DISPLAY_CONFIG_SAVED_SCHEMA = contractSchema('DisplayConfigSaved');
export const GOALS_SCHEMA = contractSchema('GoalsResponse');
export const GOALS_SAVED_SCHEMA = contractSchema('GoalsSaved');
export const ACTIVITY_PAGE_SCHEMA = contractSchema('ActivityPage');

export const BOARD_COLUMNS_SCHEMA = contractSchema('BoardColumnsResponse');
export const BOARD_CARD_SCHEMA = contractSchema('BoardCard');
export const BOARD_CARDS_SCHEMA = contractSchema('BoardCards');

export const TRANSACTION_DOCUMENT_SCHEMA = contractSchema('TransactionDocument');
export const DOCUMENT_FOLDERS_SCHEMA = contractSchema('TransactionDocumentFolders');
export const DOCUMENT_TYPES_SCHEMA = contractSchema('TransactionDocumentTypes');
export const DOCUMENT_WITH_URL_SCHEMA = contractSchema('TransactionDocumentWithUrl');
export const DOCUMENTS_BY_FOLDER_SCHEMA = contractSchema('DocumentsByFolder');
export const ID_SCHEMA = contractSchema('DocumentDeleted');
export { SELECT_OPTIONS_SCHEMA, SUCCESS_SCHEMA, UPLOAD_URL_SCHEMA };
