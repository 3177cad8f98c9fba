import {
  ESIGN_DATE_PLACEHOLDER,
  ESIGN_DEFAULT_DATE_FORMAT,
  ESIGN_SEND_FIELD_TYPES,
  esignValueError,
  isEsignValueEmpty,
  type EsignDraftRole,
  type EsignField,
  type EsignSendField,
  type EsignSendFieldType,
  type EsignTemplateSchema,
} from '@app/contracts';
import { isoToUsDate, usDateToIso } from '@app/dates';

/** A mapped transaction field: what transactions.esign.field-values is asked for. */
export interface MappedPair {
  mapped_entity: string;
  mapped_field: string;
}

/** The transaction's values by pair (pairKey); a pair it did not answer is absent. */
export type TransactionValues = ReadonlyMap<string, unknown>;

export const pairKey = (pair: MappedPair) => `${pair.mapped_entity}\u0000${pair.mapped_field}`;

const isMapped = (field: EsignField): field is EsignField & MappedPair => !!field.mapped_entity && !!field.mapped_field;

/** Whether a field may write its value back to the transaction: can_update, and mapped to a transaction field. */
export const mayUpdateTransaction = (field: EsignField) => field.can_update && isMapped(field);

/**
 * Step 1 lists the fields the sender fills: not signature, initials or strikethrough (their signer gives them), and not
 * a date whose default is the signing date placeholder.
 */
export function isStepOneField(field: EsignField): boolean {
  return (ESIGN_SEND_FIELD_TYPES as readonly string[]).includes(field.type) && field.default_value !== ESIGN_DATE_PLACEHOLDER;
}

/** The mapped transaction fields of step 1, each once. */
export function mappedPairsOf(schema: EsignTemplateSchema): MappedPair[] {
  const pairs = new Map<string, MappedPair>();
  for (const field of schema.fields) {
    if (isStepOneField(field) && isMapped(field))
      pairs.set(pairKey(field), { mapped_entity: field.mapped_entity, mapped_field: field.mapped_field });
  }
  return [...pairs.values()];
}

/** The roles in the schema's order, each with its order from 1. */
export function draftRolesOf(schema: EsignTemplateSchema): EsignDraftRole[] {
  return schema.roles.map((role, index) => ({ uuid: role.uuid, name: role.name, order: index + 1 }));
}

function optionOf(field: EsignField, raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const wanted = String(raw).trim().toLowerCase();
  return field.options.find((option) => option.value.trim().toLowerCase() === wanted)?.value ?? null;
}

/** A transaction value as the e-sign field takes it, or null when it does not fit the field (the sender fills it then). */
export function esignValueFromTransaction(field: EsignField, raw: unknown): unknown {
  if (isEsignValueEmpty(raw)) return null;
  let value: unknown = null;
  switch (field.type as EsignSendFieldType) {
    case 'text':
      if (typeof raw === 'string') value = isoToUsDate(raw, '/');
      else if (typeof raw === 'number' && Number.isFinite(raw)) value = String(raw);
      break;
    case 'number':
      if (typeof raw === 'number') value = raw;
      else if (typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim())) value = parseFloat(raw);
      break;
    case 'phone':
      if (typeof raw === 'string' || typeof raw === 'number') value = String(raw).replace(/\D/g, '');
      break;
    case 'checkbox':
      if (typeof raw === 'boolean') value = raw;
      else if (typeof raw === 'string')
        value = /^(y|yes|true|1)$/i.test(raw.trim()) ? true : /^(n|no|false|0)$/i.test(raw.trim()) ? false : null;
      break;
    case 'select':
    case 'radio':
      value = optionOf(field, raw);
      break;
    case 'multiple': {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
      const options = items.map((item) => optionOf(field, item));
      value = options.every((option) => option !== null) ? [...new Set(options)] : null;
      break;
    }
    case 'date':
      if (typeof raw === 'string') {
        value = usDateToIso(raw) ?? raw.trim();
      }
      break;
  }
  return value !== null && esignValueError({ ...field, required: false }, value) === null ? value : null;
}

/** A template's default as the field's value (checkboxes 'true', multiple values comma-separated). */
export function esignValueFromDefault(field: EsignField): unknown {
  const given = field.default_value;
  if (given === null || given === ESIGN_DATE_PLACEHOLDER) return field.type === 'checkbox' ? false : null;
  switch (field.type) {
    case 'checkbox':
      return given === 'true';
    case 'multiple':
      return given.split(',').filter(Boolean);
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(given.trim()) ? parseFloat(given) : null;
    default:
      return given;
  }
}

/** Where a field sits: the document holding its first area's page (pages count through the documents in order). */
function placeOf(schema: EsignTemplateSchema, field: EsignField): { document_name: string; document_order: number; document_page: number } {
  const page = field.areas[0]?.page ?? 1;
  let offset = 0;
  for (const [index, document] of schema.documents.entries()) {
    if (page <= offset + document.pages) return { document_name: document.name, document_order: index + 1, document_page: page - offset };
    offset += document.pages;
  }
  const first = schema.documents[0];
  return { document_name: first?.name ?? '', document_order: 1, document_page: 1 };
}

/**
 * The step 1 fields of a schema (spec section 3 "E-sign field"): fieldId the field's uuid, label its title or name,
 * signer its role's name, its place in the request's documents; a mapped field carries the transaction's value
 * (transaction_value, and value when it fits the field, else the default) and comes read-only (its signer cannot
 * change a value taken from the transaction). Ordered by role, document, page, then top to bottom and left to right.
 */
export function sendFieldsOf(schema: EsignTemplateSchema, transactionValues: TransactionValues): EsignSendField[] {
  const roleIndex = new Map(schema.roles.map((role, index) => [role.uuid, index]));
  const fields = schema.fields.filter(isStepOneField).map((field) => {
    const place = placeOf(schema, field);
    const mapped = isMapped(field);
    const transactionValue = mapped ? (transactionValues.get(pairKey(field)) ?? null) : null;
    const fromTransaction = mapped ? esignValueFromTransaction(field, transactionValue) : null;
    const sendField: EsignSendField = {
      uuid: field.uuid,
      fieldId: field.uuid,
      label: field.title || field.name,
      required: field.required,
      fieldType: field.type as EsignSendFieldType,
      platform_type: field.platform_type,
      can_update: mayUpdateTransaction(field),
      signer: schema.roles.find((role) => role.uuid === field.role_uuid)?.name ?? '',
      mapped_field: field.mapped_field,
      mapped_entity: field.mapped_entity,
      validation: field.validation,
      placeholder: field.platform_type === 'amount' ? '$0.00' : null,
      disabled: false,
      readonly: mapped || field.readonly,
      options: field.options,
      description: field.description,
      title: field.title,
      ...place,
      preferences: { format: field.preferences?.format ?? (field.type === 'date' ? ESIGN_DEFAULT_DATE_FORMAT : null) },
      default_value: field.default_value,
      update_transaction: false,
      value: fromTransaction ?? esignValueFromDefault(field),
      external_service_field_name: field.name,
      transaction_value: transactionValue,
    };
    const area = field.areas[0] ?? { y: 0, x: 0 };
    return {
      sendField,
      sort: [roleIndex.get(field.role_uuid) ?? Number.MAX_SAFE_INTEGER, place.document_order, place.document_page, area.y, area.x],
    };
  });
  const compare = (a: number[], b: number[]) => a.reduce((result, value, index) => result || value - b[index], 0);
  return fields.sort((a, b) => compare(a.sort, b.sort)).map((entry) => entry.sendField);
}
