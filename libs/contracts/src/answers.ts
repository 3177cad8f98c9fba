/**
 * The answers (and a few bodies) of the API that are not one of the domain types themselves:
 * acknowledgements, lists of a domain type, the small objects a change answers with. Named here so each
 * OpenAPI document takes their schemas from these types (docs/openapi.md) instead of restating them.
 */
import type { NotificationSetting, UserDefaults, LandingPageChoice, TeamForm } from './account';
import type {
  AdminUserRecord,
  AdminUserRow,
  BlackoutDay,
  DocumentCategory,
  DocumentFolder,
  DocumentMessageTemplate,
  DocumentType,
  LicenceCounts,
  LoginHistoryRow,
  TeamNotificationSetting,
  TeamSettings,
} from './admin';
import type { RecordsResponse, TableResponse } from './api';
import type { UserProfile } from './auth';
import type { BoardCard } from './boards';
import type { DashboardResponse, DisplayConfig, GoalsResponse } from './dashboards';
import type { DocumentFolderWithDocuments, TransactionDocumentFolder, TransactionDocumentType } from './documents';
import type { CreateEsignRequest, EsignPreviewResponse, EsignRequestCreated, EsignRequestStatus } from './esign-requests';
import type { CreateEsignRequestFromDraft } from './esign-send';
import type { SavedFilter } from './filters';
import type { Comment } from './messaging';
import type { RoadmapTemplate, Task } from './tasks';
import type { TooltipRecord } from './tooltips';
import type {
  LeadTypeOption,
  StageOption,
  StatusOption,
  TagOption,
  TcOption,
  TransactionFieldDefinition,
  TransactionHistoryRecord,
  TransactionRow,
} from './transactions';
import type { VendorInviteCreated, VendorInviteRecord } from './vendors';

// ---- shared ----

/** {status: 'success', message?}: the answer of a change that returns nothing else. */
export interface Success {
  status: 'success';
  message?: string;
}

/** {status: 'success', message, record}: the answer of a change that returns the changed row. */
export interface SuccessWith<T> {
  status: 'success';
  message: string;
  record: T;
}

/** {records}: a list answered whole, without pages. */
export interface RecordList<T> {
  records: T[];
}

/** {message}: a change answered with what happened, in words. */
export interface MessageResponse {
  message: string;
}

/** {updated}: how many rows a bulk change touched. */
export interface UpdatedCount {
  updated: number;
}

/** {select_options: [{id, text}]} of the select boxes. */
export interface SelectOptions {
  select_options: { id: number | string; text: string }[];
}

/** {url} of a stored image (a signed, expiring URL); null without one. */
export interface ImageLink {
  url: string | null;
}

/** {url} of an image just accepted (a signed, expiring URL). */
export interface ConfirmedImage {
  url: string;
}

// ---- identity ----

/** GET /user/profile: the contract's UserProfile plus what the Edit Profile screen needs to decide. */
export interface AccountProfile extends UserProfile {
  /** Whether this user may change the cap and split fields (market_id 0 and role/permission rule). */
  caps_editable: boolean;
  /** Only for teams with the transaction_sync permission. */
  integrations?: { skyslope_agent_guid: string | null };
}
export interface Ok {
  status: 'ok';
}
export interface OkMessage {
  status: 'ok';
  message: string;
}
export type NotificationSettingList = NotificationSetting[];
export type LandingPageChoiceList = LandingPageChoice[];
export type AdminUserList = TableResponse<AdminUserRow>;
export type AdminUserSaved = SuccessWith<AdminUserRecord>;
export interface AdminUserAdded {
  status: 'success';
  message: string;
  agent_id: number;
  record: AdminUserRecord;
  /** The user was added but the welcome mail could not be sent. */
  warning?: string;
}
export type LoginHistory = TableResponse<LoginHistoryRow>;
export type LicenceSummary = LicenceCounts;
export type VendorInviteList = RecordList<VendorInviteRecord>;
export interface VendorInviteAnswer extends VendorInviteCreated {
  status: 'success';
}
export type UserDefaultsAnswer = UserDefaults;

// ---- team-admin ----

export type TeamSettingsSaved = SuccessWith<TeamSettings>;
/** GET /documents/folders: the page of folders, or with folder_id that folder. */
export type DocumentFolders = RecordsResponse<DocumentFolder> | { record: DocumentFolder };
export type DocumentFolderSaved = SuccessWith<DocumentFolder>;
export type DocumentCategories = RecordsResponse<DocumentCategory>;
export type DocumentCategorySaved = SuccessWith<DocumentCategory>;
export type DocumentTypes = RecordsResponse<DocumentType>;
export type DocumentTypeSaved = SuccessWith<DocumentType>;
export type DocumentMessageTemplateSaved = SuccessWith<DocumentMessageTemplate>;
export type TeamNotificationSettings = RecordList<TeamNotificationSetting>;
export type TeamNotificationSettingSaved = SuccessWith<TeamNotificationSetting>;
export type BlackoutDays = RecordList<BlackoutDay>;
export type BlackoutDaySaved = SuccessWith<BlackoutDay>;
export type TooltipRecords = RecordList<TooltipRecord>;
export type TooltipSaved = SuccessWith<TooltipRecord>;

// ---- transactions ----

export type TransactionList = TableResponse<TransactionRow>;
export type TransactionHistory = RecordsResponse<TransactionHistoryRecord>;
export interface TransactionCreated {
  client_id: number;
}
export interface TransactionChanged {
  client_id: number;
  version: number;
  /** The fields that changed. */
  changed: string[];
}
/** The choices of a select (stage, status, tag, tc, agent, lead type, lost reason, a select custom field). */
export interface SelectChoices {
  choices: { value: string | number; label: string }[];
}
export type StageOptions = RecordList<StageOption>;
export type StatusOptions = RecordList<StatusOption>;
export type TagOptions = RecordList<TagOption>;
export type LeadTypeOptions = RecordList<LeadTypeOption>;
export type TransactionFieldDefinitions = RecordList<TransactionFieldDefinition>;
export type TcOptions = RecordList<TcOption>;
export type TeamForms = RecordList<TeamForm>;
export interface TaskStatusOption {
  id: number;
  label: string;
  done: boolean;
}
export type TaskStatusOptions = RecordList<TaskStatusOption>;
export type TaskList = RecordsResponse<Task>;
export interface TaskCreated {
  task_id: number;
}
export type RoadmapTemplates = RecordList<RoadmapTemplate>;
export interface RoadmapsAssigned {
  assigned: number;
  skipped: number;
}
export interface RoadmapsRemoved {
  removed: number;
  skipped: number;
}
export interface ContactCreated {
  contact_id: number;
}
export interface ContactSaved {
  contact_id: number;
  version: number;
}
export type SavedFilters = RecordList<SavedFilter>;
export interface FilterSaved {
  filter_id: number;
}
/** GET /dashboards: without id the dashboards there are, with id that dashboard. */
export type DashboardsAnswer = { dashboards: { id: number; name: string }[] } | DashboardResponse;
export interface DisplayConfigSaved extends DisplayConfig {
  message: string;
}
export interface GoalsSaved extends GoalsResponse {
  message: string;
}
export type BoardCards = RecordsResponse<BoardCard>;
export type TransactionDocumentFolders = RecordList<TransactionDocumentFolder>;
export type TransactionDocumentTypes = RecordList<TransactionDocumentType>;
export type DocumentsByFolder = RecordList<DocumentFolderWithDocuments>;
export interface DocumentDeleted {
  id: number;
}

// ---- messaging ----

export type CommentThreads = RecordList<Comment>;

// ---- integrations-sync ----

export interface SkySlopeRematchDone {
  status: string;
}

// ---- esign ----

/** POST /esign/requests: the stored request, or with preview the filled PDF (nothing stored or sent). */
export type EsignRequestAnswer = EsignRequestCreated | EsignPreviewResponse;
export interface EsignRequestCancelled {
  esig_request_id: number;
  status: EsignRequestStatus;
  archived: boolean;
}
export interface EsignTemplateDeleted {
  esig_template_id: number;
  status: 'D';
}
export interface EsignPacketDeleted {
  esig_packet_blueprint_id: number;
  status: 'D';
}
/** The body of POST /esign/requests: from templates or a packet, or from a draft (draft_id). */
export type EsignRequestSend = CreateEsignRequest | CreateEsignRequestFromDraft;
/** The provider ESIGN_PROVIDER names: esign's own engine or DocuSeal. */
export interface EsignProviderAnswer {
  provider: 'own' | 'docuseal';
}
/** GET /esign/templates/{id}/builder-token: what DocusealBuilder needs to edit the template. */
export interface EsignBuilderToken {
  /** HS256 JWT signed with the DocuSeal API key: DocusealBuilder's token; exp an hour after issue. */
  token: string;
  esig_template_id: number;
  /** DocuSeal's id of the template (the template's external_id), chosen by the server. */
  template_id: number;
  /** DocuSeal's external_id of the template, chosen by the server. */
  external_id: string;
  provider: 'docuseal';
  /** Where DocuSeal serves the builder's script (DocusealBuilder's host). */
  host: string;
  /** @format date-time */
  expires_at: string;
}

// ---- every service ----

/** GET /api/<service>/health: the service schema is migrated and Redis answers. */
export interface Readiness {
  status: 'ok' | 'error';
  service: string;
  checks: { database: 'up' | 'down'; redis: 'up' | 'down' };
}
/** GET /api/<service>/health/live: the process answers. */
export interface Liveness {
  status: 'ok';
  service: string;
}
/** PUT /api/<service>/files/<key> (the local storage driver): the stored file. */
export interface StoredFile {
  status: 'ok';
  key: string;
  size: number;
  content_type: string;
}
