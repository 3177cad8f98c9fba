import { ESIGN_FIELD_TYPES, type EsignFieldType, type EsignTemplateSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { builderReducer, initialBuilderState, locatePage, pageCountOf, type BuilderAction, type BuilderState } from './builderState';
import { NUDGE_STEP } from './geometry';

const schema = (): EsignTemplateSchema => ({
  documents: [
    { id: 'd1', name: 'Offer', pages: 2 },
    { id: 'd2', name: 'Addendum', pages: 1 },
  ],
  roles: [
    { uuid: 'buyer', name: 'Buyer' },
    { uuid: 'seller', name: 'Seller' },
  ],
  fields: [],
});

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const add = (fieldType: EsignFieldType, page = 1, x = 0.1, y = 0.1, uuid?: string): BuilderAction => ({
  type: 'addField',
  fieldType,
  page,
  x,
  y,
  uuid,
});

describe('builderReducer', () => {
  it('places a field of each of the 11 types on the active role, selected, with unique names', () => {
    const state = run(initialBuilderState(schema()), ...ESIGN_FIELD_TYPES.map((type) => add(type)));
    expect(state.schema.fields.map((field) => field.type)).toEqual([...ESIGN_FIELD_TYPES]);
    expect(new Set(state.schema.fields.map((field) => field.role_uuid))).toEqual(new Set(['buyer']));
    expect(new Set(state.schema.fields.map((field) => field.name)).size).toBe(11);
    expect(state.selectedUuid).toBe(state.schema.fields[10].uuid);
    expect(state.revision).toBe(11);
    // Options for select, radio and multiple only; a date field starts with MM/DD/YYYY.
    for (const field of state.schema.fields) {
      expect(field.options.length > 0).toBe(['select', 'radio', 'multiple'].includes(field.type));
    }
    expect(state.schema.fields.find((field) => field.type === 'date')?.preferences.format).toBe('MM/DD/YYYY');
  });

  it('puts new fields on the role chosen in the roles panel', () => {
    const state = run(initialBuilderState(schema()), { type: 'activateRole', uuid: 'seller' }, add('text'));
    expect(state.schema.fields[0].role_uuid).toBe('seller');
  });

  it('adds a First Party role when a field is dropped on a template without roles', () => {
    const state = run(initialBuilderState({ ...schema(), roles: [] }), add('signature'));
    expect(state.schema.roles).toHaveLength(1);
    expect(state.schema.roles[0].name).toBe('First Party');
    expect(state.schema.fields[0].role_uuid).toBe(state.schema.roles[0].uuid);
  });

  it('refuses a page outside the documents (pages count from 1 through all documents)', () => {
    const base = initialBuilderState(schema());
    expect(run(base, add('text', 0))).toBe(base);
    expect(run(base, add('text', 4))).toBe(base);
    expect(run(base, add('text', 3)).schema.fields[0].areas[0].page).toBe(3);
    expect(pageCountOf(schema())).toBe(3);
    expect(locatePage(schema(), 3)).toEqual({ documentIndex: 1, pageNumber: 1 });
    expect(locatePage(schema(), 2)).toEqual({ documentIndex: 0, pageNumber: 2 });
    expect(locatePage(schema(), 4)).toBeNull();
  });

  it('moves, moves to another page, resizes and nudges inside the page', () => {
    let state = run(initialBuilderState(schema()), add('text', 1, 0.5, 0.5, 'f1'));
    const { w, h } = state.schema.fields[0].areas[0];
    state = run(state, { type: 'move', uuid: 'f1', dx: 2, dy: -2 });
    expect(state.schema.fields[0].areas[0]).toMatchObject({ page: 1, x: 1 - w, y: 0 });
    state = run(state, { type: 'moveTo', uuid: 'f1', page: 2, x: 0.25, y: 0.5 });
    expect(state.schema.fields[0].areas[0]).toMatchObject({ page: 2, x: 0.25, y: 0.5 });
    state = run(state, { type: 'resize', uuid: 'f1', dw: 0.1, dh: 0.1 });
    expect(state.schema.fields[0].areas[0].w).toBeCloseTo(w + 0.1);
    expect(state.schema.fields[0].areas[0].h).toBeCloseTo(h + 0.1);
    state = run(state, { type: 'nudge', uuid: 'f1', key: 'ArrowRight' });
    expect(state.schema.fields[0].areas[0].x).toBeCloseTo(0.25 + NUDGE_STEP);
    expect(run(state, { type: 'moveTo', uuid: 'f1', page: 9, x: 0, y: 0 })).toBe(state);
  });

  it('copies a field with its properties under a new uuid and name, below the original', () => {
    let state = run(
      initialBuilderState(schema()),
      add('select', 1, 0.2, 0.2, 'f1'),
      { type: 'updateField', uuid: 'f1', patch: { title: 'Financing', required: false } },
      { type: 'copy', uuid: 'f1' },
    );
    const [original, copy] = state.schema.fields;
    expect(copy.uuid).not.toBe(original.uuid);
    expect(copy.name).toBe('Select 2');
    expect(copy).toMatchObject({ type: 'select', title: 'Financing', required: false, role_uuid: 'buyer' });
    expect(copy.options.map((o) => o.value)).toEqual(original.options.map((o) => o.value));
    expect(copy.options.map((o) => o.uuid)).not.toEqual(original.options.map((o) => o.uuid));
    expect(copy.areas[0].y).toBeGreaterThan(original.areas[0].y);
    expect(state.selectedUuid).toBe(copy.uuid);
    state = run(state, { type: 'delete', uuid: copy.uuid });
    expect(state.schema.fields.map((field) => field.uuid)).toEqual(['f1']);
    expect(state.selectedUuid).toBeNull();
  });

  it('adds, renames and removes roles; a removed role takes its fields along', () => {
    let state = run(
      initialBuilderState(schema()),
      add('text', 1, 0.1, 0.1, 'f1'),
      { type: 'activateRole', uuid: 'seller' },
      add('text', 1, 0.3, 0.3, 'f2'),
    );
    state = run(state, { type: 'addRole' }, { type: 'renameRole', uuid: 'buyer', name: 'Buyer 1' });
    expect(state.schema.roles.map((role) => role.name)).toEqual(['Buyer 1', 'Seller', 'Third Party']);
    expect(state.activeRoleUuid).toBe(state.schema.roles[2].uuid);
    state = run(state, { type: 'select', uuid: 'f2' }, { type: 'removeRole', uuid: 'seller' });
    expect(state.schema.roles.map((role) => role.name)).toEqual(['Buyer 1', 'Third Party']);
    expect(state.schema.fields.map((field) => field.uuid)).toEqual(['f1']);
    expect(state.selectedUuid).toBeNull();
  });

  it('counts every schema change (autosave follows the revision) but not selection', () => {
    const state = run(initialBuilderState(schema()), add('text', 1, 0.1, 0.1, 'f1'));
    expect(run(state, { type: 'select', uuid: 'f1' }).revision).toBe(1);
    expect(run(state, { type: 'updateField', uuid: 'f1', patch: { name: 'Buyer name' } }).revision).toBe(2);
    expect(run(state, { type: 'load', schema: schema() }).revision).toBe(0);
    expect(run(state, { type: 'clear' }).schema.fields).toEqual([]);
  });
});
