import { anyValue, arr, bool, dateTime, dict, int, named, nullable, num, obj, oneOf, recordsOf, str } from '@app/platform';
import { ESIGN_AUDIT_EVENT_TYPES, ESIGN_FIELD_TYPES, ESIGN_PLATFORM_TYPES, ESIGN_REQUEST_STATUSES, ESIGN_SIGNING_STATES, ESIGN_TEMPLATE_STATUSES } from '@app/contracts';

/** The answers of the esign service in its OpenAPI document, after libs/contracts esign.ts. */
const nullableStr = nullable(str());
const transactionType = nullable(str({ enum: ['b', 's'], description: 'null: All' }));
const status = str({ enum: [...ESIGN_TEMPLATE_STATUSES] });

const template = {
  esig_template_id: int(),
  name: str(),
  type_id: transactionType,
  storage_paths: obj({ default_document_type: nullable(int()), default_storage_path: int() }),
  status,
  external_id: nullableStr,
  updated_ts: dateTime(),
  created_ts: dateTime(),
  document_type_name: nullableStr,
  folder_name: nullableStr,
};
export const ESIGN_TEMPLATE_SCHEMA = named('EsignTemplate', obj(template));
export const ESIGN_TEMPLATES_SCHEMA = recordsOf(ESIGN_TEMPLATE_SCHEMA);

const document = { id: str(), name: str(), pages: int() };
const field = obj({
  uuid: str(),
  role_uuid: str(),
  name: str(),
  type: str({ enum: [...ESIGN_FIELD_TYPES] }),
  required: bool(),
  readonly: bool(),
  default_value: nullableStr,
  title: nullableStr,
  description: nullableStr,
  options: arr(obj({ value: str(), uuid: str() })),
  validation: obj({ pattern: nullableStr, host: nullableStr }),
  preferences: obj({ format: nullableStr, font_size: nullable(num()) }),
  platform_type: nullable(str({ enum: [...ESIGN_PLATFORM_TYPES] })),
  mapped_entity: nullableStr,
  mapped_field: nullableStr,
  can_update: bool(),
  areas: arr(obj({ page: int(), x: num(), y: num(), w: num(), h: num() })),
});
export const ESIGN_TEMPLATE_DETAIL_SCHEMA = named(
  'EsignTemplateDetail',
  obj({
    ...template,
    schema: obj({ documents: arr(obj(document)), roles: arr(obj({ uuid: str(), name: str() })), fields: arr(field) }),
    files: arr(obj({ ...document, url: str({ description: 'Signed, 5 minutes' }), page_sizes: arr(obj({ width: num(), height: num() })) })),
  }),
);
export const UPLOAD_CONFIRMED_SCHEMA = obj({ key: str(), pages: int(), size: int() });
export const TEMPLATE_DELETED_SCHEMA = obj({ esig_template_id: int(), status: str({ enum: ['D'] }) });

export const PACKET_SCHEMA = named(
  'EsignPacketBlueprint',
  obj({
    esig_packet_blueprint_id: int(),
    name: str(),
    type_id: transactionType,
    status,
    templates: arr(obj({ esig_template_id: int(), name: str() }), { description: 'In order' }),
    updated_ts: dateTime(),
  }),
);
export const PACKETS_SCHEMA = recordsOf(PACKET_SCHEMA);
export const PACKET_DELETED_SCHEMA = obj({ esig_packet_blueprint_id: int(), status: str({ enum: ['D'] }) });

export const TRANSACTION_TYPES_SCHEMA = arr(obj({ id: transactionType, label: str() }));
export const STORAGE_OPTIONS_SCHEMA = obj({
  folders: arr(obj({ client_document_folder_id: int(), folder_name: str(), transaction_type: transactionType })),
  document_types: arr(obj({ team_document_type_id: int(), name: str(), team_document_category_id: nullable(int()), category_name: nullableStr })),
});
export const MAPPABLE_FIELDS_SCHEMA = arr(
  obj({
    label: str(),
    mapped_entity: str(),
    mapped_field: str(),
    fieldType: str({ enum: ['text', 'number', 'phone', 'date', 'select', 'checkbox'] }),
    can_update: bool(),
  }),
);

// ---------------------------------------------------------------- requests (issue 22)
const requestStatus = str({ enum: [...ESIGN_REQUEST_STATUSES], description: 'S sent, V viewed, P partially signed, C completed, D declined, F failed, E expired' });
export const REQUEST_CREATED_SCHEMA = oneOf(
  obj({ esig_request_id: int(), status: requestStatus }),
  obj({ url: str({ description: 'preview: the filled PDF as a data: URL; nothing stored or sent' }) }),
);
export const REQUEST_CANCELLED_SCHEMA = obj({ esig_request_id: int(), status: requestStatus, archived: bool() });
const hash = obj({ name: str(), sha256: str() });
export const AUDIT_LOG_SCHEMA = named(
  'EsignAuditLog',
  obj({
    esig_request_id: int(),
    status: requestStatus,
    events: arr(
      obj({
        type: str({ enum: [...ESIGN_AUDIT_EVENT_TYPES] }),
        actor: str(),
        email: nullableStr,
        ip: nullableStr,
        user_agent: nullableStr,
        ts: dateTime({ description: 'UTC' }),
        detail: nullableStr,
      }),
    ),
    documents: arr(hash),
    final: nullable(hash),
  }),
);
export const SIGNED_DOCUMENT_SCHEMA = obj({ url: str(), filename: str(), sha256: str() });
export const SIGNING_SESSION_SCHEMA = named(
  'EsignSigningSession',
  obj({
    state: str({ enum: [...ESIGN_SIGNING_STATES] }),
    message: nullableStr,
    esig_request_id: int(),
    title: str(),
    sender: obj({ name: str(), email: nullableStr }),
    signer: obj({ name: str(), email: str(), role: str() }),
    documents: arr(obj({ id: str(), name: str(), pages: int(), url: str(), page_sizes: arr(arr(num())), first_page: int() })),
    fields: arr(field),
    own_field_ids: arr(str()),
    values: dict(anyValue('text, number, boolean, list of options, YYYY-MM-DD date or {kind, image | text} signature')),
    signed_document_url: nullableStr,
    consent_text: str(),
  }),
);
export const SIGNING_RESULT_SCHEMA = obj({ state: str({ enum: [...ESIGN_SIGNING_STATES] }) });

// ---------------------------------------------------------------- drafts and signer options (issue 23)
const sendField = obj({
  uuid: str(),
  fieldId: str({ description: "The field's uuid in the draft's schema copy" }),
  label: str({ description: 'title, else name' }),
  required: bool(),
  fieldType: str({ enum: ['text', 'number', 'phone', 'checkbox', 'select', 'radio', 'multiple', 'date'] }),
  platform_type: nullable(str({ enum: [...ESIGN_PLATFORM_TYPES] })),
  can_update: bool({ description: 'A value entered here may update the transaction (mapped and can_update)' }),
  signer: str({ description: "The role's name" }),
  mapped_field: nullableStr,
  mapped_entity: nullableStr,
  validation: obj({ pattern: nullableStr, host: nullableStr }),
  placeholder: nullableStr,
  disabled: bool(),
  readonly: bool({ description: 'true for a mapped field: its signer cannot change a value taken from the transaction' }),
  options: arr(obj({ value: str(), uuid: str() })),
  description: nullableStr,
  title: nullableStr,
  document_name: str(),
  document_order: int({ description: 'From 1' }),
  document_page: int({ description: 'From 1, within the document' }),
  preferences: obj({ format: nullableStr }),
  default_value: nullableStr,
  update_transaction: bool(),
  value: anyValue('Prefilled: the transaction value when it fits the field, else the default'),
  external_service_field_name: str(),
  transaction_value: anyValue("The transaction's current value of a mapped field, null otherwise"),
});
export const ESIGN_DRAFT_SCHEMA = named(
  'EsignDraft',
  obj({
    draft_id: str({ format: 'uuid' }),
    client_id: int(),
    template_ids: arr(int()),
    packet_id: nullable(int()),
    title: str(),
    fields: arr(sendField),
    roles: arr(obj({ uuid: str(), name: str(), order: int({ description: 'From 1, in the template order' }) })),
    schema: obj({ documents: arr(obj(document)), roles: arr(obj({ uuid: str(), name: str() })), fields: arr(field) }),
    files: arr(obj({ ...document, url: str({ description: 'Signed, 5 minutes' }), page_sizes: arr(obj({ width: num(), height: num() })) })),
    form_state: nullable(obj({}, { additionalProperties: true, description: 'The stepper form state last saved (EsignFormState)' })),
    updated_ts: dateTime(),
  }),
);
export const DRAFT_SAVED_SCHEMA = obj({ draft_id: str({ format: 'uuid' }), updated_ts: dateTime() });
export const SIGNER_OPTIONS_SCHEMA = obj({
  contacts: arr(obj({ contact_id: int(), name: str(), email: str(), on_transaction: bool() })),
  agents: arr(obj({ agent_id: int(), name: str(), email: str() })),
});

// ---------------------------------------------------------------- the request board (issue 23)
const boardDate = str({ description: 'MM/DD/YYYY or null' });
export const ESIGN_BOARD_SCHEMA = named(
  'EsignBoard',
  obj({
    esignature_requests: arr(
      obj({
        esig_request_id: int(),
        esignature_template: obj({ name: str({ description: "The request's title: its templates' names" }) }),
        transaction: obj({ client_id: int(), address_1: str(), address_2: str(), city: str(), state: str(), postal_code: str() }),
        created_by_agent: obj({ first_name: str(), last_name: str() }),
        created_ts: dateTime(),
        completed_ts: nullable(dateTime()),
        status: requestStatus,
        archived: bool({ description: 'Cancelled' }),
      }),
    ),
    'status_totals?': obj(
      { Sent: int(), Viewed: int(), PartiallySigned: int(), Completed: int(), Failed: int(), Total: int({ description: 'Every status, D and E included' }) },
      { description: 'With include_status_totals: every filter but the status' },
    ),
    pagination: obj({
      page: int(),
      per_page: int(),
      totalRecords: int(),
      filters: obj({
        quick_search_filter: nullableStr,
        allowed_statuses: arr(requestStatus),
        created_by_agent_ids: arr(int()),
        created_start_dt: nullable(boardDate),
        created_end_dt: nullable(boardDate),
        completed_start_dt: nullable(boardDate),
        completed_end_dt: nullable(boardDate),
        time_zone: str(),
        client_id: nullable(int()),
        order_by: str(),
        order_dir: str({ enum: ['asc', 'desc'] }),
      }),
    }),
  }),
);
export const ESIGN_REQUEST_USERS_SCHEMA = named(
  'EsignRequestUsers',
  obj({
    groups: arr(
      obj({ label: str({ enum: ['Active Users', 'Disabled Users'] }), users: arr(obj({ agent_id: int(), first_name: str(), last_name: str() })) }),
      { description: 'Active Users, then Disabled Users (each present, possibly empty)' },
    ),
  }),
);

// The provider (issue 24): which engine templates and requests use, and the DocuSeal builder's token.
export const ESIGN_PROVIDER_SCHEMA = obj({ provider: str({ enum: ['own', 'docuseal'] }) });
export const BUILDER_TOKEN_SCHEMA = named(
  'EsignBuilderToken',
  obj({
    token: str({ description: "HS256 JWT signed with the DocuSeal API key: DocusealBuilder's token; exp an hour after issue" }),
    esig_template_id: int(),
    template_id: int({ description: "DocuSeal's id of the template (the template's external_id), chosen by the server" }),
    external_id: str({ description: "DocuSeal's external_id of the template, chosen by the server" }),
    provider: str({ enum: ['docuseal'] }),
    host: str({ description: "Where DocuSeal serves the builder's script (DocusealBuilder's host)" }),
    expires_at: dateTime(),
  }),
);
