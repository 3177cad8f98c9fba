import { randomUUID } from 'node:crypto';
import {
  ESIGN_FIELD_TYPES,
  ESIGN_MAX_FIELDS,
  ESIGN_MAX_ROLES,
  ESIGN_MESSAGES as M,
  ESIGN_OPTION_FIELD_TYPES,
  ESIGN_PLATFORM_TYPES,
  type EsignField,
  type EsignFieldArea,
  type EsignFieldOption,
  type EsignFieldType,
  type EsignPlatformType,
  type EsignRole,
  type EsignTemplateDocument,
  type EsignTemplateSchema,
  type FieldError,
} from '@app/contracts';

const MAX_TEXT = 255;
const MAX_LONG_TEXT = 5000;
const MAX_OPTIONS = 200;
const MAX_AREAS = 100;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max = MAX_TEXT): value is string => typeof value === 'string' && value.length <= max;
const isId = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= 100;
const isFraction = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
/** Rounding of the builder's fractions: an area may end at 1 plus a hair. */
const EPSILON = 1e-6;

/** The outcome of checking a schema: the normalised schema, or the field errors (each naming its field). */
export type SchemaCheck = { schema: EsignTemplateSchema; errors: [] } | { schema: null; errors: FieldError[] };

/**
 * Checks PUT /esign/templates/{id}/schema against the template's own documents: only the 11 types; each field on
 * a role of the template with at least one area inside a page (pages count from 1 through the documents in
 * order; areas are fractions 0..1 from the top-left corner); options for select, radio and multiple; unique ids.
 * Missing optional keys take their defaults (false, null, []).
 */
export function checkTemplateSchema(
  body: { documents?: unknown; roles?: unknown; fields?: unknown },
  stored: readonly EsignTemplateDocument[],
): SchemaCheck {
  const errors: FieldError[] = [];
  const documents = checkDocuments(body.documents, stored, errors);
  const totalPages = (documents ?? stored).reduce((sum, document) => sum + document.pages, 0);
  const roles = checkRoles(body.roles, errors);
  const roleIds = new Set(roles.map((role) => role.uuid));
  const fields: EsignField[] = [];
  if (!Array.isArray(body.fields)) {
    errors.push({ field: 'fields', error: M.required });
  } else if (body.fields.length > ESIGN_MAX_FIELDS) {
    errors.push({ field: 'fields', error: `A template holds at most ${ESIGN_MAX_FIELDS} fields` });
  } else {
    const seen = new Set<string>();
    body.fields.forEach((raw, index) => {
      const field = checkField(raw, index, roleIds, totalPages, errors);
      if (!field) return;
      if (seen.has(field.uuid)) errors.push({ field: `fields[${index}].uuid`, error: M.duplicateUuid(field.name) });
      seen.add(field.uuid);
      fields.push(field);
    });
  }
  if (errors.length) return { schema: null, errors };
  return { schema: { documents: documents!, roles, fields }, errors: [] };
}

/** The template's documents, in the order sent (each of them once; names and pages are the stored ones). */
function checkDocuments(value: unknown, stored: readonly EsignTemplateDocument[], errors: FieldError[]): EsignTemplateDocument[] | null {
  if (!Array.isArray(value)) {
    errors.push({ field: 'documents', error: M.required });
    return null;
  }
  const byId = new Map(stored.map((document) => [document.id, document]));
  const ids = value.map((document) => (isObject(document) ? document.id : undefined));
  const sameSet =
    ids.length === stored.length && new Set(ids).size === ids.length && ids.every((id) => typeof id === 'string' && byId.has(id));
  if (!sameSet) {
    errors.push({ field: 'documents', error: M.documentsMismatch });
    return null;
  }
  return ids.map((id) => {
    const document = byId.get(id as string)!;
    return { id: document.id, name: document.name, pages: document.pages };
  });
}

function checkRoles(value: unknown, errors: FieldError[]): EsignRole[] {
  if (!Array.isArray(value)) {
    errors.push({ field: 'roles', error: M.required });
    return [];
  }
  if (value.length > ESIGN_MAX_ROLES) {
    errors.push({ field: 'roles', error: `A template holds at most ${ESIGN_MAX_ROLES} roles` });
    return [];
  }
  const roles: EsignRole[] = [];
  const seen = new Set<string>();
  value.forEach((raw, index) => {
    if (!isObject(raw) || !isId(raw.uuid)) {
      errors.push({ field: `roles[${index}]`, error: M.roleInvalid });
      return;
    }
    if (typeof raw.name !== 'string' || raw.name.trim() === '' || raw.name.length > MAX_TEXT) {
      errors.push({ field: `roles[${index}].name`, error: M.roleNameRequired });
      return;
    }
    if (seen.has(raw.uuid)) {
      errors.push({ field: `roles[${index}].uuid`, error: M.duplicateUuid(raw.name.trim()) });
      return;
    }
    seen.add(raw.uuid);
    roles.push({ uuid: raw.uuid, name: raw.name.trim() });
  });
  return roles;
}

function checkField(
  raw: unknown,
  index: number,
  roleIds: ReadonlySet<string>,
  totalPages: number,
  errors: FieldError[],
): EsignField | null {
  const at = (key: string) => `fields[${index}].${key}`;
  if (!isObject(raw)) {
    errors.push({ field: `fields[${index}]`, error: M.fieldInvalid(`Field ${index + 1}`) });
    return null;
  }
  const name = typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name.trim() : `Field ${index + 1}`;
  const before = errors.length;
  const fail = (key: string, error: string) => errors.push({ field: at(key), error });

  if (!isId(raw.uuid)) fail('uuid', M.fieldInvalid(name));
  if (raw.name !== undefined && raw.name !== null && !isText(raw.name)) fail('name', M.fieldInvalid(name));
  if (!(ESIGN_FIELD_TYPES as readonly unknown[]).includes(raw.type)) fail('type', M.invalidFieldType(name));
  if (typeof raw.role_uuid !== 'string' || !roleIds.has(raw.role_uuid)) fail('role_uuid', M.fieldRoleUnknown(name));
  for (const key of ['required', 'readonly', 'can_update'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') fail(key, M.fieldInvalid(name));
  }
  for (const [key, max] of [
    ['default_value', MAX_LONG_TEXT],
    ['title', MAX_TEXT],
    ['description', MAX_LONG_TEXT],
    ['mapped_entity', 100],
    ['mapped_field', 100],
  ] as const) {
    if (raw[key] !== undefined && raw[key] !== null && !isText(raw[key], max)) fail(key, M.fieldInvalid(name));
  }
  if (
    raw.platform_type !== undefined &&
    raw.platform_type !== null &&
    !(ESIGN_PLATFORM_TYPES as readonly unknown[]).includes(raw.platform_type)
  ) {
    fail('platform_type', M.invalidPlatformType(name));
  }

  // Areas: at least one, each inside a page.
  const areas: EsignFieldArea[] = [];
  if (!Array.isArray(raw.areas) || raw.areas.length === 0) {
    fail('areas', M.fieldWithoutArea(name));
  } else if (raw.areas.length > MAX_AREAS) {
    fail('areas', M.fieldInvalid(name));
  } else {
    raw.areas.forEach((area, areaIndex) => {
      const inside =
        isObject(area) &&
        Number.isInteger(area.page) &&
        (area.page as number) >= 1 &&
        (area.page as number) <= totalPages &&
        isFraction(area.x) &&
        isFraction(area.y) &&
        isFraction(area.w) &&
        isFraction(area.h) &&
        (area.w as number) > 0 &&
        (area.h as number) > 0 &&
        (area.x as number) + (area.w as number) <= 1 + EPSILON &&
        (area.y as number) + (area.h as number) <= 1 + EPSILON;
      if (!inside) fail(`areas[${areaIndex}]`, M.fieldAreaOutsidePage(name));
      else areas.push({ page: area.page as number, x: area.x as number, y: area.y as number, w: area.w as number, h: area.h as number });
    });
  }

  // Options: select, radio and multiple need at least one; the others carry none.
  const options: EsignFieldOption[] = [];
  const wantsOptions = ESIGN_OPTION_FIELD_TYPES.includes(raw.type as EsignFieldType);
  if (raw.options !== undefined && raw.options !== null && !Array.isArray(raw.options)) {
    fail('options', M.fieldInvalid(name));
  } else if (wantsOptions) {
    const list = (raw.options as unknown[] | undefined | null) ?? [];
    if (list.length === 0) fail('options', M.fieldOptionsRequired(name));
    else if (list.length > MAX_OPTIONS) fail('options', M.fieldInvalid(name));
    else {
      list.forEach((option, optionIndex) => {
        if (!isObject(option) || typeof option.value !== 'string' || option.value.trim() === '' || !isText(option.value)) {
          fail(`options[${optionIndex}]`, M.fieldOptionsRequired(name));
        } else {
          options.push({ value: option.value, uuid: isId(option.uuid) ? option.uuid : randomUUID() });
        }
      });
    }
  }

  const validation = { pattern: null as string | null, host: null as string | null };
  if (raw.validation !== undefined && raw.validation !== null) {
    if (!isObject(raw.validation)) fail('validation', M.fieldInvalid(name));
    else {
      const { pattern, host } = raw.validation;
      if (pattern !== undefined && pattern !== null && pattern !== '') {
        if (!isText(pattern, 1000) || !compiles(pattern)) fail('validation.pattern', M.fieldInvalid(name));
        else validation.pattern = pattern;
      }
      if (host !== undefined && host !== null && host !== '') {
        if (!isText(host) || !/^[A-Za-z0-9.-]+(:\d+)?$/.test(host)) fail('validation.host', M.fieldInvalid(name));
        else validation.host = host;
      }
    }
  }
  const preferences = { format: null as string | null, font_size: null as number | null };
  if (raw.preferences !== undefined && raw.preferences !== null) {
    if (!isObject(raw.preferences)) fail('preferences', M.fieldInvalid(name));
    else {
      const { format, font_size } = raw.preferences;
      if (format !== undefined && format !== null && format !== '') {
        if (!isText(format, 50)) fail('preferences.format', M.fieldInvalid(name));
        else preferences.format = format;
      }
      if (font_size !== undefined && font_size !== null) {
        if (!(typeof font_size === 'number' && Number.isFinite(font_size) && font_size >= 4 && font_size <= 96))
          fail('preferences.font_size', M.fieldInvalid(name));
        else preferences.font_size = font_size;
      }
    }
  }
  if (errors.length > before) return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    uuid: raw.uuid as string,
    role_uuid: raw.role_uuid as string,
    name: typeof raw.name === 'string' ? raw.name.trim() : '',
    type: raw.type as EsignFieldType,
    required: raw.required === true,
    readonly: raw.readonly === true,
    default_value: text(raw.default_value),
    title: text(raw.title),
    description: text(raw.description),
    options,
    validation,
    preferences,
    platform_type: (raw.platform_type ?? null) as EsignPlatformType | null,
    mapped_entity: text(raw.mapped_entity),
    mapped_field: text(raw.mapped_field),
    can_update: raw.can_update === true,
    areas,
  };
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
