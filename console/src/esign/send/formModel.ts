import {
  ESIGN_DATE_PLACEHOLDER,
  ESIGN_SEND_FIELD_TYPES,
  esignValueError,
  isEsignValueEmpty,
  isValidIsoDate,
  normaliseEsignValue,
  phoneDigitsOf,
  type EsignDraftRole,
  type EsignField,
  type EsignFormValue,
  type EsignSendField,
  type EsignSendFieldType,
  type EsignSignerEntry,
  type EsignTemplateSchema,
  parseEsignDate,
} from '@app/contracts';
import { locatePage } from '../builder/builderState';

// The send form's model (spec 002 sections 3 and 5) as plain functions: role keys, a field's first value,
// the value <-> the builder's default_value text, grouping for step 1, and the form rebuilt from a schema.

/** A signer's key in the form: the role name lower-cased, spaces as underscores ('Second Party' -> 'second_party'). */
export const roleKeyOf = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '_');

/** The shared value rules read the template's field shape: the send field seen as one. */
export function asEsignField(field: EsignSendField): EsignField {
  return {
    uuid: field.fieldId,
    role_uuid: '',
    name: field.external_service_field_name || field.label,
    type: field.fieldType,
    required: field.required,
    readonly: field.readonly,
    default_value: field.default_value,
    title: field.title,
    description: field.description,
    options: field.options ?? [],
    validation: field.validation ?? { pattern: null, host: null },
    preferences: { format: field.preferences?.format ?? null, font_size: null },
    platform_type: field.platform_type,
    mapped_entity: field.mapped_entity,
    mapped_field: field.mapped_field,
    can_update: field.can_update,
    areas: [],
  };
}

/** The message for a value (esignValueError, the one rule of the server and the console), or null. */
export const valueErrorOf = (field: EsignSendField, value: unknown): string | null => esignValueError(asEsignField(field), value);

/** The value as the server stores it: numbers as floats, phones unmasked, text trimmed. */
export const normalisedValueOf = (field: EsignSendField, value: unknown): unknown => normaliseEsignValue(asEsignField(field), value);

/** Mapped fields take their value from the transaction: the signer may not change it (Read Only, ticked). */
export const isMapped = (field: Pick<EsignSendField, 'mapped_entity'>): boolean => !!field.mapped_entity;

/** A phone typed as a text field with the phone entry type takes the phone input too. */
export const isPhoneField = (field: Pick<EsignSendField, 'fieldType' | 'platform_type'>): boolean =>
  field.fieldType === 'phone' || (field.fieldType === 'text' && field.platform_type === 'phone');

/** A value from the builder's default_value text (step 2's Fill Out) for the field's type. */
export function valueFromText(
  field: Pick<EsignSendField, 'fieldType' | 'platform_type' | 'preferences'>,
  text: string | null | undefined,
): unknown {
  if (text === null || text === undefined || text === ESIGN_DATE_PLACEHOLDER)
    return field.fieldType === 'checkbox' ? false : field.fieldType === 'multiple' ? [] : null;
  switch (field.fieldType) {
    case 'checkbox':
      return text === 'true';
    case 'number': {
      const trimmed = text.trim();
      if (trimmed === '') return null;
      return /^-?\d+(\.\d+)?$/.test(trimmed) ? parseFloat(trimmed) : text;
    }
    case 'multiple': {
      const trimmed = text.trim();
      if (trimmed.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(trimmed);
          if (Array.isArray(parsed)) return parsed.map(String);
        } catch {
          // Not a list: read as comma-separated below.
        }
      }
      return trimmed === ''
        ? []
        : trimmed
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean);
    }
    case 'date': {
      if (text.trim() === '') return null;
      return isValidIsoDate(text.trim()) ? text.trim() : (parseEsignDate(text, field.preferences?.format) ?? text);
    }
    default:
      if (isPhoneField(field)) return phoneDigitsOf(text) || (text.trim() === '' ? null : text);
      return text === '' ? null : text;
  }
}

/** The builder's default_value text for a value (what Fill Out shows on the page). */
export function valueToText(field: Pick<EsignSendField, 'fieldType'>, value: unknown): string | null {
  if (isEsignValueEmpty(value)) return null;
  if (field.fieldType === 'checkbox') return value === true ? 'true' : null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/** A field's first value: the one the draft prefilled (the transaction's), else its default. */
export function initialValueOf(field: EsignSendField): unknown {
  if (!isEsignValueEmpty(field.value)) {
    if (field.fieldType === 'number' && typeof field.value === 'string') return valueFromText(field, field.value);
    return field.value;
  }
  return valueFromText(field, field.default_value);
}

/** A field's first form value: mapped fields read-only, Update Transaction only where the transaction may be updated. */
export function initialFormValueOf(field: EsignSendField): EsignFormValue {
  return {
    value: initialValueOf(field),
    readonly: field.readonly || isMapped(field),
    update_transaction: field.can_update && field.update_transaction,
  };
}

/** A role's empty signer entry: nobody chosen yet, the role's order. */
export function emptySignerOf(role: Pick<EsignDraftRole, 'name' | 'order'>, fields: readonly EsignSendField[]): EsignSignerEntry {
  return {
    selectedValue: null,
    name: '',
    email: '',
    contact_id: null,
    fields: fields.filter((field) => roleKeyOf(field.signer) === roleKeyOf(role.name)).map((field) => field.fieldId),
    role: role.name,
    order: role.order,
  };
}

export interface FieldGroup {
  /** The signer role's name ('' for fields of no role). */
  role: string;
  key: string;
  documents: { name: string; order: number; fields: EsignSendField[] }[];
  count: number;
}

/**
 * Step 1's panels: the fields by signer role (in the roles' order, then any other role by name), then by
 * document (document_order, then name), each document's fields in page order as the draft lists them.
 */
export function groupFields(fields: readonly EsignSendField[], roles: readonly Pick<EsignDraftRole, 'name' | 'order'>[]): FieldGroup[] {
  const groups = new Map<string, FieldGroup>();
  for (const field of fields) {
    const key = roleKeyOf(field.signer ?? '');
    let group = groups.get(key);
    if (!group) {
      group = { role: field.signer ?? '', key, documents: [], count: 0 };
      groups.set(key, group);
    }
    let document = group.documents.find((entry) => entry.name === field.document_name && entry.order === field.document_order);
    if (!document) {
      document = { name: field.document_name, order: field.document_order, fields: [] };
      group.documents.push(document);
    }
    document.fields.push(field);
    group.count += 1;
  }
  const rank = (group: FieldGroup) => {
    const role = roles.find((candidate) => roleKeyOf(candidate.name) === group.key);
    return role ? role.order : Number.MAX_SAFE_INTEGER;
  };
  const sorted = [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.role.localeCompare(b.role));
  for (const group of sorted) {
    group.documents.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
    for (const document of group.documents) document.fields.sort((a, b) => a.document_page - b.document_page);
  }
  return sorted;
}

const isSendFieldType = (type: string): type is EsignSendFieldType => (ESIGN_SEND_FIELD_TYPES as readonly string[]).includes(type);

/**
 * Step 1's fields from a schema (a refresh of the document, or Edit Template's changes): every field that
 * takes a value, without the signing date; a field already in the form keeps what only the draft knows
 * (its prefilled value, the transaction's value, Update Transaction), the rest comes from the schema.
 */
export function sendFieldsFromSchema(schema: EsignTemplateSchema, previous: readonly EsignSendField[]): EsignSendField[] {
  const roleIndex = new Map(schema.roles.map((role, index) => [role.uuid, index]));
  const fields: { field: EsignSendField; sort: number[] }[] = [];
  for (const field of schema.fields) {
    if (!isSendFieldType(field.type) || field.default_value === ESIGN_DATE_PLACEHOLDER) continue;
    const before = previous.find((candidate) => candidate.fieldId === field.uuid);
    const role = schema.roles.find((candidate) => candidate.uuid === field.role_uuid);
    const where = field.areas[0] ? locatePage(schema, field.areas[0].page) : null;
    const document = where ? schema.documents[where.documentIndex] : undefined;
    const mapped = !!field.mapped_entity && !!field.mapped_field;
    const sendField: EsignSendField = {
      uuid: before?.uuid ?? field.uuid,
      fieldId: field.uuid,
      label: field.title || field.name,
      required: field.required,
      fieldType: field.type,
      platform_type: field.platform_type,
      // As the server has it: only a mapped field may write its value back to the transaction.
      can_update: field.can_update && mapped,
      signer: role?.name ?? before?.signer ?? '',
      mapped_field: field.mapped_field,
      mapped_entity: field.mapped_entity,
      validation: field.validation,
      placeholder: field.platform_type === 'amount' ? '$0.00' : (before?.placeholder ?? null),
      disabled: before?.disabled ?? false,
      readonly: field.readonly,
      options: field.options,
      description: field.description,
      title: field.title,
      document_name: document?.name ?? before?.document_name ?? '',
      document_order: where ? where.documentIndex + 1 : (before?.document_order ?? 0),
      document_page: where?.pageNumber ?? before?.document_page ?? 1,
      preferences: { format: field.preferences.format },
      default_value: field.default_value,
      update_transaction: before?.update_transaction ?? false,
      value: before?.value ?? null,
      external_service_field_name: field.name,
      transaction_value: mapped ? (before?.transaction_value ?? null) : null,
    };
    const area = field.areas[0] ?? { x: 0, y: 0 };
    fields.push({
      field: sendField,
      sort: [roleIndex.get(field.role_uuid) ?? Number.MAX_SAFE_INTEGER, sendField.document_order, sendField.document_page, area.y, area.x],
    });
  }
  // The server's order: by role, document, page, then top to bottom and left to right.
  const compare = (a: number[], b: number[]) => a.reduce((result, value, index) => result || value - b[index], 0);
  return fields.sort((a, b) => compare(a.sort, b.sort)).map((entry) => entry.field);
}

/** The roles that sign: those owning a field of the schema, in the schema's order (all of them when none do). */
export function signingRolesOf(schema: EsignTemplateSchema): EsignTemplateSchema['roles'] {
  const owning = new Set(schema.fields.map((field) => field.role_uuid));
  const signing = schema.roles.filter((role) => owning.has(role.uuid));
  return signing.length > 0 ? signing : schema.roles;
}

/** The schema with step 1's values as its fields' default values (Fill Out shows them on the page). */
export function schemaWithValues(
  schema: EsignTemplateSchema,
  fields: readonly EsignSendField[],
  values: Record<string, EsignFormValue>,
): EsignTemplateSchema {
  let changed = false;
  const next = schema.fields.map((field) => {
    const sendField = fields.find((candidate) => candidate.fieldId === field.uuid);
    const formValue = values[field.uuid];
    if (!sendField || !formValue) return field;
    const text = valueToText(sendField, formValue.value);
    if (text === field.default_value) return field;
    changed = true;
    return { ...field, default_value: text };
  });
  return changed ? { ...schema, fields: next } : schema;
}
