import type { Pagination } from './api';
import type { TransactionType } from './admin';

// E-sign templates and packets (spec 002 sections 2.3, 2.4, 3, 5, 7, 8, 9). Every call lives
// under /api/esign (the esign service). The template schema is shaped like DocuSeal's field JSON so that
// a provider adapter maps it one to one.

// ---------------------------------------------------------------- constants

/** Builder field types (spec section 9), in palette order. */
export const ESIGN_FIELD_TYPES = [
  'text',
  'signature',
  'initials',
  'checkbox',
  'select',
  'radio',
  'multiple',
  'number',
  'phone',
  'date',
  'strikethrough',
] as const;
export type EsignFieldType = (typeof ESIGN_FIELD_TYPES)[number];

/** Types whose field must carry at least one option. */
export const ESIGN_OPTION_FIELD_TYPES: readonly EsignFieldType[] = ['select', 'radio', 'multiple'];

/** The spec's {product}_type of a field: how a text/number field is entered and shown. */
export const ESIGN_PLATFORM_TYPES = ['hyperlink', 'amount', 'phone'] as const;
export type EsignPlatformType = (typeof ESIGN_PLATFORM_TYPES)[number];

/** A default value that the engine replaces by the signing date. */
export const ESIGN_DATE_PLACEHOLDER = '{{date}}';

/** Default date format of a date field (MM/DD/YYYY tokens, spec section 5). */
export const ESIGN_DEFAULT_DATE_FORMAT = 'MM/DD/YYYY';

/** Template status: N active, D deleted. Packet blueprints use the same codes. */
export const ESIGN_TEMPLATE_STATUSES = ['N', 'D'] as const;
export type EsignTemplateStatus = (typeof ESIGN_TEMPLATE_STATUSES)[number];

/** Templates table (spec section 9): 25 rows, options 10/25/50/100. */
export const ESIGN_TEMPLATES_PER_PAGE = 25;
export const ESIGN_TEMPLATES_PER_PAGE_OPTIONS: readonly number[] = [10, 25, 50, 100];
/** The templates list below this width uses its mobile layout. */
export const ESIGN_TEMPLATES_MOBILE_WIDTH = 768;

/** Sortable columns of GET /esign/templates. */
export const ESIGN_TEMPLATE_ORDER_BY = ['name', 'type_id', 'document_type_name', 'folder_name', 'updated_ts'] as const;
export type EsignTemplateOrderBy = (typeof ESIGN_TEMPLATE_ORDER_BY)[number];
/** Sortable columns of GET /esign/packets. */
export const ESIGN_PACKET_ORDER_BY = ['name', 'type_id', 'updated_ts'] as const;
export type EsignPacketOrderBy = (typeof ESIGN_PACKET_ORDER_BY)[number];

/** Largest template PDF, in bytes (the document purpose's limit). */
export const ESIGN_TEMPLATE_MAX_BYTES = 50_000_000;
/** Longest template or packet name. */
export const ESIGN_NAME_MAX_LENGTH = 255;
/** Most templates in one packet blueprint. */
export const ESIGN_PACKET_MAX_TEMPLATES = 50;
/** Most roles of one template (colours s1..s6 repeat after the sixth). */
export const ESIGN_MAX_ROLES = 20;
/** Most fields of one template. */
export const ESIGN_MAX_FIELDS = 1000;

/** Signer colour classes s1 to s6 (spec section 9), by role order. */
export const ESIGN_ROLE_COLOUR_CLASSES = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;
export type EsignRoleColourClass = (typeof ESIGN_ROLE_COLOUR_CLASSES)[number];
/** The colour class of the role at `index` (0-based) of the template's roles. */
export function esignRoleColourClass(index: number): EsignRoleColourClass {
  const i = Number.isFinite(index) && index >= 0 ? Math.floor(index) : 0;
  return ESIGN_ROLE_COLOUR_CLASSES[i % ESIGN_ROLE_COLOUR_CLASSES.length];
}

/** Transaction types (spec section 9): All (null), Buyer b, Seller s. */
export interface TransactionTypeOption {
  id: TransactionType;
  label: string;
}
export const ESIGN_TRANSACTION_TYPES: readonly TransactionTypeOption[] = [
  { id: null, label: 'All' },
  { id: 'b', label: 'Buyer' },
  { id: 's', label: 'Seller' },
];

/** Words of the spec (spec 002 sections 5 and 8), word for word, and the ones it leaves to us. */
export const ESIGN_MESSAGES = {
  required: 'This field is required',
  notAPdf: 'The file must be a PDF',
  /** The storage policy's message for an oversized document. */
  fileTooLarge: 'File is larger than 50,000,000 bytes',
  staleTemplate: 'This template was changed elsewhere. Reload to see the latest version.',
  transactionDataUnavailable: 'Transaction data is unavailable. Please try again.',
  /** The confirmation of a template's and of a packet's delete (spec section 8). */
  confirmDelete: 'Do you want to delete this template?',
  /** 409 of DELETE /esign/templates/{id} while packets use it; the packets' names follow. */
  templateInPackets: (packetNames: readonly string[]) =>
    `This template is used by ${packetNames.length === 1 ? 'the packet' : 'the packets'} ${packetNames.map((n) => `'${n}'`).join(', ')}. Remove it from ${packetNames.length === 1 ? 'that packet' : 'those packets'} first.`,
  templateNotFound: 'Template not found',
  packetNotFound: 'Packet not found',
  folderNotFound: 'Choose a folder of your team',
  documentTypeNotFound: 'Choose a document type of your team',
  invalidTransactionType: 'Choose All, Buyer or Seller',
  nameTooLong: 'Must be at most 255 characters',
  uploadNotFound: 'The file was not uploaded. Please upload it again.',
  // Schema (PUT /esign/templates/{id}/schema): each names the field it is about.
  invalidFieldType: (name: string) => `${name}: the field type must be one of ${ESIGN_FIELD_TYPES.join(', ')}`,
  fieldRoleUnknown: (name: string) => `${name}: the field must belong to a role of the template`,
  fieldWithoutArea: (name: string) => `${name}: place the field on a page`,
  fieldAreaOutsidePage: (name: string) => `${name}: the field must lie inside a page`,
  fieldOptionsRequired: (name: string) => `${name}: add at least one option`,
  fieldInvalid: (name: string) => `${name}: the field is not valid`,
  duplicateUuid: (name: string) => `${name}: the id is used twice`,
  invalidPlatformType: (name: string) => `${name}: the type must be hyperlink, amount or phone`,
  roleNameRequired: 'Each role needs a name',
  roleInvalid: 'The role is not valid',
  documentsMismatch: "The documents must be the template's documents",
  packetTemplatesRequired: 'Choose at least one template',
  packetTemplateNotFound: 'Choose templates of your team',
  packetTemplatesDuplicate: 'Each template can be in the packet once',
  packetTooManyTemplates: `A packet holds at most ${ESIGN_PACKET_MAX_TEMPLATES} templates`,
} as const;

// ---------------------------------------------------------------- template schema

/** One PDF of a template; `id` is the engine's id of the document. */
export interface EsignTemplateDocument {
  id: string;
  name: string;
  /** Number of pages of the PDF. */
  pages: number;
}

export interface EsignRole {
  uuid: string;
  name: string;
}

export interface EsignFieldOption {
  value: string;
  uuid: string;
}

/**
 * Where a field sits. `page` counts from 1 through the template's documents in order (the first
 * document's pages, then the second's, ...); x, y, w, h are fractions 0..1 of that page from its
 * top-left corner.
 */
export interface EsignFieldArea {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface EsignFieldValidation {
  /** A regular expression the value must match, or null. */
  pattern: string | null;
  /** For a hyperlink: the host the link must point at ('Incorrect format: {host}'), or null. */
  host: string | null;
}

export interface EsignFieldPreferences {
  /** Date format in MM/DD/YYYY tokens (date fields), or null. */
  format: string | null;
  font_size: number | null;
}

export interface EsignField {
  uuid: string;
  role_uuid: string;
  name: string;
  type: EsignFieldType;
  required: boolean;
  readonly: boolean;
  /** A default, or ESIGN_DATE_PLACEHOLDER for the signing date; null for none. */
  default_value: string | null;
  title: string | null;
  description: string | null;
  /** The choices of select, radio and multiple (at least one); empty for the others. */
  options: EsignFieldOption[];
  validation: EsignFieldValidation;
  preferences: EsignFieldPreferences;
  /** The spec's {product}_type: hyperlink, amount, phone, or null. */
  platform_type: EsignPlatformType | null;
  /** The transaction field it maps to (GET /esign/mappable-fields), or both null. */
  mapped_entity: string | null;
  mapped_field: string | null;
  /** A value entered while sending may update the transaction. */
  can_update: boolean;
  areas: EsignFieldArea[];
}

/**
 * A field with every property at its default (optional, editable, no value, options, pattern or mapping, no
 * area); `init` names it and sets the rest. The builder, the seed and the tests all start from it.
 */
export function esignFieldOf(init: Pick<EsignField, 'uuid' | 'role_uuid' | 'name' | 'type'> & Partial<EsignField>): EsignField {
  return {
    required: false,
    readonly: false,
    default_value: null,
    title: null,
    description: null,
    options: [],
    validation: { pattern: null, host: null },
    preferences: { format: null, font_size: null },
    platform_type: null,
    mapped_entity: null,
    mapped_field: null,
    can_update: false,
    areas: [],
    ...init,
  };
}

export interface EsignTemplateSchema {
  documents: EsignTemplateDocument[];
  roles: EsignRole[];
  fields: EsignField[];
}

// ---------------------------------------------------------------- template

export interface EsignStoragePaths {
  /** team_document_type_id of the signed document, or null. */
  default_document_type: number | null;
  /** client_document_folder_id the signed document goes to. */
  default_storage_path: number;
}

/** A template as the list shows it. */
export interface EsignTemplate {
  esig_template_id: number;
  name: string;
  type_id: TransactionType;
  storage_paths: EsignStoragePaths;
  status: EsignTemplateStatus;
  /** The provider's id of the template (own engine: 'own-<id>'), or null. */
  external_id: string | null;
  /** ISO timestamp of the last change; PUT .../schema sends it back (optimistic concurrency). */
  updated_ts: string;
  created_ts: string;
  /** Name of the default document type, or null. */
  document_type_name: string | null;
  /** Name of the default folder, or null when the folder is gone. */
  folder_name: string | null;
}

/** A document of GET /esign/templates/{id}: its schema entry plus a signed download URL of its PDF. */
export interface EsignTemplateDocumentFile extends EsignTemplateDocument {
  /** Signed GET URL of the PDF (valid DOCUMENT_DOWNLOAD_URL_TTL_SECONDS); the console renders it. */
  url: string;
  /** Each page's size in PDF points, in page order. */
  page_sizes: { width: number; height: number }[];
}

/** GET /esign/templates/{id}. */
export interface EsignTemplateDetail extends EsignTemplate {
  schema: EsignTemplateSchema;
  files: EsignTemplateDocumentFile[];
}

export interface EsignTemplateListQuery {
  /** N (default) or D. */
  status?: EsignTemplateStatus;
  page?: number;
  /** 10, 25 (default), 50 or 100. */
  per_page?: number;
  order_by?: EsignTemplateOrderBy;
  order_dir?: 'asc' | 'desc';
  /** Matches the name (contains, any case) and the type_id (All / Buyer / Seller, b / s). */
  quick_search_filter?: string;
}

export interface EsignTemplateListResponse {
  records: EsignTemplate[];
  pagination: Pagination;
}

/** POST /esign/templates/upload: asks for a signed PUT URL (answer: UploadUrlResponse). */
export interface EsignUploadUrlRequest {
  name: string;
  /** The file's content type as the browser reports it (application/pdf). */
  type: string;
  size: number;
}

/** POST /esign/templates/upload/confirm: checks the uploaded bytes. */
export interface EsignUploadConfirmRequest {
  key: string;
}

/** Answer of POST /esign/templates/upload/confirm. */
export interface EsignUploadConfirmResponse {
  key: string;
  pages: number;
  size: number;
}

/** POST /esign/templates. */
export interface CreateEsignTemplateRequest {
  /** The confirmed upload key. */
  template_file: string;
  name: string;
  storage_folder_id: number;
  type_id: TransactionType;
  default_document_type: number | null;
}

/** POST /esign/templates/{id}/documents. */
export interface AddEsignTemplateDocumentRequest {
  template_file: string;
  /** Shown name of the document (defaults to the template's name). */
  name?: string;
}

/** PATCH /esign/templates/{id}: only the keys sent change. */
export interface UpdateEsignTemplateRequest {
  name?: string;
  storage_paths?: EsignStoragePaths;
  type_id?: TransactionType;
}

/** PUT /esign/templates/{id}/schema (builder autosave); answers the EsignTemplateDetail. */
export interface SaveEsignTemplateSchemaRequest extends EsignTemplateSchema {
  /** The updated_ts the builder loaded; another save since answers 409 ESIGN_MESSAGES.staleTemplate. */
  updated_ts: string;
}

// ---------------------------------------------------------------- packet blueprints

export interface EsignPacketTemplateRef {
  esig_template_id: number;
  name: string;
}

export interface EsignPacketBlueprint {
  esig_packet_blueprint_id: number;
  name: string;
  type_id: TransactionType;
  status: EsignTemplateStatus;
  /** Templates in order. */
  templates: EsignPacketTemplateRef[];
  updated_ts: string;
}

export interface EsignPacketListQuery {
  status?: EsignTemplateStatus;
  page?: number;
  per_page?: number;
  order_by?: EsignPacketOrderBy;
  order_dir?: 'asc' | 'desc';
  quick_search_filter?: string;
}

export interface EsignPacketListResponse {
  records: EsignPacketBlueprint[];
  pagination: Pagination;
}

/** POST /esign/packets and PATCH /esign/packets/{id} (PATCH: keys sent change). */
export interface EsignPacketRequest {
  name: string;
  type_id: TransactionType;
  /** esig_template_id of each template, in order. */
  templates: number[];
}

// ---------------------------------------------------------------- options

/** A field type a mapped transaction field fills. */
export type EsignMappableFieldType = 'text' | 'number' | 'phone' | 'date' | 'select' | 'checkbox';

/** mapped_entity of a transaction column / of a team's custom field. */
export const ESIGN_MAPPED_ENTITIES = { transaction: 'transaction', customField: 'transaction_field' } as const;

/** GET /esign/mappable-fields: a transaction field a template field may map to. */
export interface MappableField {
  label: string;
  mapped_entity: string;
  mapped_field: string;
  fieldType: EsignMappableFieldType;
  can_update: boolean;
}

export interface EsignFolderOption {
  client_document_folder_id: number;
  folder_name: string;
  transaction_type: TransactionType;
}

export interface EsignDocumentTypeOption {
  team_document_type_id: number;
  name: string;
  team_document_category_id: number | null;
  category_name: string | null;
}

/** GET /esign/storage-options: the team's folders and document types (esign's read copies). */
export interface StorageOptions {
  folders: EsignFolderOption[];
  document_types: EsignDocumentTypeOption[];
}
