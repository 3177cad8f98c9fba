import { contractArraySchema, contractSchema } from '@app/platform';

/**
 * The answers of the esign service in its OpenAPI document: the libs/contracts type of each. Their schemas
 * are generated from those types at build time (docs/openapi.md); a name that is not one fails tsc.
 */
export const ESIGN_TEMPLATES_SCHEMA = contractSchema('EsignTemplateListResponse');
export const ESIGN_TEMPLATE_DETAIL_SCHEMA = contractSchema('EsignTemplateDetail');
export const UPLOAD_CONFIRMED_SCHEMA = contractSchema('EsignUploadConfirmResponse');
export const TEMPLATE_DELETED_SCHEMA = contractSchema('EsignTemplateDeleted');
export const BUILDER_TOKEN_SCHEMA = contractSchema('EsignBuilderToken');

export const PACKETS_SCHEMA = contractSchema('EsignPacketListResponse');
export const PACKET_SCHEMA = contractSchema('EsignPacketBlueprint');
export const PACKET_DELETED_SCHEMA = contractSchema('EsignPacketDeleted');

export const TRANSACTION_TYPES_SCHEMA = contractArraySchema('TransactionTypeOption');
export const STORAGE_OPTIONS_SCHEMA = contractSchema('StorageOptions');
export const MAPPABLE_FIELDS_SCHEMA = contractArraySchema('MappableField');
export const ESIGN_PROVIDER_SCHEMA = contractSchema('EsignProviderAnswer');

export const REQUEST_CREATED_SCHEMA = contractSchema('EsignRequestAnswer');
export const REQUEST_CANCELLED_SCHEMA = contractSchema('EsignRequestCancelled');
export const AUDIT_LOG_SCHEMA = contractSchema('EsignAuditLog');
export const SIGNED_DOCUMENT_SCHEMA = contractSchema('EsignSignedDocumentLink');
export const SIGNING_SESSION_SCHEMA = contractSchema('EsignSigningSession');
export const SIGNING_RESULT_SCHEMA = contractSchema('EsignSigningResult');

export const ESIGN_DRAFT_SCHEMA = contractSchema('EsignDraft');
export const DRAFT_SAVED_SCHEMA = contractSchema('EsignDraftSaved');
export const SIGNER_OPTIONS_SCHEMA = contractSchema('EsignSignerOptions');

export const ESIGN_BOARD_SCHEMA = contractSchema('EsignBoardResponse');
export const ESIGN_REQUEST_USERS_SCHEMA = contractSchema('EsignRequestUsers');
