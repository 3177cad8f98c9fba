import type { ContactMergeConflicts } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { canMerge, initialChoices, mergeFieldsOf, resolutionsOf } from './merge';

const conflicts: ContactMergeConflicts = {
  contacts: [],
  fields: [
    {
      label: 'First Name',
      field: 'first_name',
      values: [
        { contact_id: 1, value: 'Pat' },
        { contact_id: 2, value: 'Pat' },
      ],
    },
    {
      label: 'Mobile Phone',
      field: 'mobile_phone',
      values: [
        { contact_id: 1, value: '(512) 555-0001' },
        { contact_id: 2, value: '(512) 555-0002' },
      ],
    },
  ],
  dynamic_fields: [
    {
      label: 'nickname',
      field: 'custom_fields.nickname',
      values: [
        { contact_id: 1, value: 'P' },
        { contact_id: 2, value: '' },
      ],
    },
  ],
};

describe('merge dialog rules', () => {
  it('needs two or more selected contacts', () => {
    expect([0, 1, 2, 3].map(canMerge)).toEqual([false, false, true, true]);
  });

  it('lists the fields, then the dynamic fields', () => {
    expect(mergeFieldsOf(conflicts).map((f) => f.field)).toEqual(['first_name', 'mobile_phone', 'custom_fields.nickname']);
  });

  it('presets only the fields whose values are all the same', () => {
    expect(initialChoices(conflicts)).toEqual({ first_name: 1 });
  });

  it('sends nothing while a field has no choice', () => {
    expect(resolutionsOf(conflicts, { first_name: 1, mobile_phone: 2 })).toBeNull();
  });

  it('answers a resolution per field once every field has one', () => {
    expect(resolutionsOf(conflicts, { first_name: 1, mobile_phone: 2, 'custom_fields.nickname': 1 })).toEqual([
      { field: 'first_name', contact_id: 1 },
      { field: 'mobile_phone', contact_id: 2 },
      { field: 'custom_fields.nickname', contact_id: 1 },
    ]);
  });
});
