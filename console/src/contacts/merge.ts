import type { ContactMergeConflicts, ContactMergeField } from '@app/contracts';

// The merge dialog's rules (spec 001 sections 2, 4, 5 and 7). Pure.

/** Merge Contacts needs at least two selected contacts. */
export const canMerge = (selected: number): boolean => selected >= 2;

/** Every field the dialog shows: the fields, then the dynamic fields. */
export const mergeFieldsOf = (conflicts: ContactMergeConflicts): ContactMergeField[] => [...conflicts.fields, ...conflicts.dynamic_fields];

/** field -> the contact whose value is chosen. */
export type MergeChoices = Record<string, number | undefined>;

/**
 * The preset choices: a field whose values are all the same needs no thought, so its first contact
 * is chosen; the others wait for the user.
 */
export function initialChoices(conflicts: ContactMergeConflicts): MergeChoices {
  const choices: MergeChoices = {};
  for (const field of mergeFieldsOf(conflicts)) {
    const distinct = new Set(field.values.map((v) => v.value));
    if (distinct.size === 1 && field.values.length > 0) choices[field.field] = field.values[0].contact_id;
  }
  return choices;
}

/** The request's resolutions, or null when a field has no choice ('Please make a selection for all fields': nothing is sent). */
export function resolutionsOf(conflicts: ContactMergeConflicts, choices: MergeChoices): { field: string; contact_id: number }[] | null {
  const resolutions: { field: string; contact_id: number }[] = [];
  for (const field of mergeFieldsOf(conflicts)) {
    const contactId = choices[field.field];
    if (contactId === undefined) return null;
    resolutions.push({ field: field.field, contact_id: contactId });
  }
  return resolutions;
}
