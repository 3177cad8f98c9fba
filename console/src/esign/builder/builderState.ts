import type { EsignField, EsignFieldArea, EsignFieldType, EsignRole, EsignTemplateSchema } from '@app/contracts';
import { createField, defaultSizeOf, LETTER_PAGE } from './fieldTypes';
import { clampArea, copyArea, moveArea, nudgeArea, placeArea, resizeArea, type NudgeKey } from './geometry';
import { nextRoleName } from './roles';
import { newUuid } from './uuid';

// The builder's state and every change to it, as one reducer: the component only dispatches, so the
// rules (placement, clamping, copies, roles) are plain and tested on their own.

export interface BuilderState {
  schema: EsignTemplateSchema;
  /** The field whose properties show, or null. */
  selectedUuid: string | null;
  /** The role new fields go to. */
  activeRoleUuid: string | null;
  /** Counts the schema's changes: autosave follows it. */
  revision: number;
}

/** What a field's properties panel may change (not its uuid, type or areas). */
export type FieldPatch = Partial<Omit<EsignField, 'uuid' | 'type' | 'areas'>>;

export type BuilderAction =
  | { type: 'load'; schema: EsignTemplateSchema }
  | { type: 'clear' }
  | {
      type: 'addField';
      fieldType: EsignFieldType;
      page: number;
      /** Top-left corner of the new field, as fractions of the page. */
      x: number;
      y: number;
      pageSize?: { width: number; height: number };
      /** The field's uuid (tests); a new one otherwise. */
      uuid?: string;
    }
  | { type: 'select'; uuid: string | null }
  | { type: 'move'; uuid: string; dx: number; dy: number }
  | { type: 'moveTo'; uuid: string; page: number; x: number; y: number }
  | { type: 'resize'; uuid: string; dw: number; dh: number }
  | { type: 'nudge'; uuid: string; key: NudgeKey; large?: boolean }
  | { type: 'copy'; uuid: string }
  | { type: 'delete'; uuid: string }
  | { type: 'updateField'; uuid: string; patch: FieldPatch }
  | { type: 'addRole'; name?: string }
  | { type: 'renameRole'; uuid: string; name: string }
  | { type: 'removeRole'; uuid: string }
  | { type: 'activateRole'; uuid: string };

export const EMPTY_SCHEMA: EsignTemplateSchema = { documents: [], roles: [], fields: [] };

export function initialBuilderState(schema: EsignTemplateSchema = EMPTY_SCHEMA): BuilderState {
  return { schema, selectedUuid: null, activeRoleUuid: schema.roles[0]?.uuid ?? null, revision: 0 };
}

/** Number of pages of all documents together (areas count pages through the documents in order). */
export function pageCountOf(schema: EsignTemplateSchema): number {
  return schema.documents.reduce((sum, document) => sum + Math.max(0, document.pages), 0);
}

function changed(state: BuilderState, schema: EsignTemplateSchema, extra: Partial<BuilderState> = {}): BuilderState {
  return { ...state, ...extra, schema, revision: state.revision + 1 };
}

function mapField(state: BuilderState, uuid: string, update: (field: EsignField) => EsignField): BuilderState {
  const index = state.schema.fields.findIndex((field) => field.uuid === uuid);
  if (index < 0) return state;
  const fields = state.schema.fields.slice();
  fields[index] = update(fields[index]);
  return changed(state, { ...state.schema, fields });
}

function mapFirstArea(field: EsignField, update: (area: EsignFieldArea) => EsignFieldArea): EsignField {
  if (field.areas.length === 0) return field;
  return { ...field, areas: [update(field.areas[0]), ...field.areas.slice(1)] };
}

/** A role is added when a field is dropped on a template that has none yet. */
function withRole(state: BuilderState): { state: BuilderState; roleUuid: string } {
  const active = state.schema.roles.find((role) => role.uuid === state.activeRoleUuid) ?? state.schema.roles[0];
  if (active) return { state, roleUuid: active.uuid };
  const role: EsignRole = { uuid: newUuid(), name: nextRoleName([]) };
  return { state: { ...state, schema: { ...state.schema, roles: [role] }, activeRoleUuid: role.uuid }, roleUuid: role.uuid };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return { ...initialBuilderState(action.schema), revision: 0 };
    case 'clear':
      return initialBuilderState();
    case 'select':
      return { ...state, selectedUuid: action.uuid && state.schema.fields.some((f) => f.uuid === action.uuid) ? action.uuid : null };
    case 'addField': {
      const pages = pageCountOf(state.schema);
      if (action.page < 1 || (pages > 0 && action.page > pages)) return state;
      const { state: next, roleUuid } = withRole(state);
      const area = placeArea(action.page, action.x, action.y, defaultSizeOf(action.fieldType, action.pageSize ?? LETTER_PAGE));
      const field = createField(action.fieldType, roleUuid, area, next.schema.fields);
      if (action.uuid) field.uuid = action.uuid;
      return changed(next, { ...next.schema, fields: [...next.schema.fields, field] }, { selectedUuid: field.uuid });
    }
    case 'move':
      return mapField(state, action.uuid, (field) => mapFirstArea(field, (area) => moveArea(area, action.dx, action.dy)));
    case 'moveTo': {
      const pages = pageCountOf(state.schema);
      if (action.page < 1 || (pages > 0 && action.page > pages)) return state;
      return mapField(state, action.uuid, (field) =>
        mapFirstArea(field, (area) => clampArea({ ...area, page: action.page, x: action.x, y: action.y })),
      );
    }
    case 'resize':
      return mapField(state, action.uuid, (field) => mapFirstArea(field, (area) => resizeArea(area, action.dw, action.dh)));
    case 'nudge':
      return mapField(state, action.uuid, (field) => mapFirstArea(field, (area) => nudgeArea(area, action.key, action.large)));
    case 'copy': {
      const original = state.schema.fields.find((field) => field.uuid === action.uuid);
      if (!original) return state;
      const copy = createField(
        original.type,
        original.role_uuid,
        clampArea(original.areas[0] ?? { page: 1, x: 0, y: 0, w: 0.1, h: 0.03 }),
        state.schema.fields,
      );
      const field: EsignField = {
        ...original,
        uuid: copy.uuid,
        name: copy.name,
        options: original.options.map((option) => ({ ...option, uuid: newUuid() })),
        validation: { ...original.validation },
        preferences: { ...original.preferences },
        areas: original.areas.map((area, index) => (index === 0 ? copyArea(area) : { ...area })),
      };
      return changed(state, { ...state.schema, fields: [...state.schema.fields, field] }, { selectedUuid: field.uuid });
    }
    case 'delete': {
      if (!state.schema.fields.some((field) => field.uuid === action.uuid)) return state;
      const fields = state.schema.fields.filter((field) => field.uuid !== action.uuid);
      return changed(state, { ...state.schema, fields }, { selectedUuid: state.selectedUuid === action.uuid ? null : state.selectedUuid });
    }
    case 'updateField':
      return mapField(state, action.uuid, (field) => ({ ...field, ...action.patch }));
    case 'addRole': {
      const role: EsignRole = { uuid: newUuid(), name: action.name?.trim() || nextRoleName(state.schema.roles) };
      return changed(state, { ...state.schema, roles: [...state.schema.roles, role] }, { activeRoleUuid: role.uuid });
    }
    case 'renameRole': {
      if (!state.schema.roles.some((role) => role.uuid === action.uuid)) return state;
      const roles = state.schema.roles.map((role) => (role.uuid === action.uuid ? { ...role, name: action.name } : role));
      return changed(state, { ...state.schema, roles });
    }
    case 'removeRole': {
      if (!state.schema.roles.some((role) => role.uuid === action.uuid)) return state;
      // A role's fields go with it: a field always belongs to a role of the template.
      const roles = state.schema.roles.filter((role) => role.uuid !== action.uuid);
      const fields = state.schema.fields.filter((field) => field.role_uuid !== action.uuid);
      const selectedUuid = fields.some((field) => field.uuid === state.selectedUuid) ? state.selectedUuid : null;
      const activeRoleUuid = state.activeRoleUuid === action.uuid ? (roles[0]?.uuid ?? null) : state.activeRoleUuid;
      return changed(state, { ...state.schema, roles, fields }, { selectedUuid, activeRoleUuid });
    }
    case 'activateRole':
      return state.schema.roles.some((role) => role.uuid === action.uuid) ? { ...state, activeRoleUuid: action.uuid } : state;
    default:
      return state;
  }
}

/** Which document and page of it a template page number (counted through the documents) falls on. */
export function locatePage(schema: EsignTemplateSchema, page: number): { documentIndex: number; pageNumber: number } | null {
  let first = 1;
  for (let documentIndex = 0; documentIndex < schema.documents.length; documentIndex += 1) {
    const pages = schema.documents[documentIndex].pages;
    if (page >= first && page < first + pages) return { documentIndex, pageNumber: page - first + 1 };
    first += pages;
  }
  return null;
}
