import type { DocumentCategory, DocumentType } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  categoryChoices,
  detachCategory,
  removeCategory,
  removeType,
  renameCategoryOfTypes,
  savedCategory,
  savedType,
  typeFormValues,
  typePayload,
  typesIn,
  upsertCategory,
  upsertType,
} from './documentTypeRules';

const DISCLOSURES: DocumentCategory = { team_document_category_id: 1, name: 'Disclosures' };
const CONTRACTS: DocumentCategory = { team_document_category_id: 2, name: 'contracts' };

function buildType(overrides: Partial<DocumentType> = {}): DocumentType {
  return {
    id: 5,
    team_document_type_id: 5,
    name: 'Lead paint',
    team_document_category_id: 1,
    category_name: 'Disclosures',
    ...overrides,
  };
}

describe('document category and type rules', () => {
  it('keeps categories by name after adding and renaming, and drops a deleted one', () => {
    const list = upsertCategory([DISCLOSURES], CONTRACTS);
    expect(list.map((category) => category.name)).toEqual(['contracts', 'Disclosures']);

    const renamed = upsertCategory(list, { team_document_category_id: 2, name: 'Purchase contracts' });
    expect(renamed.map((category) => category.name)).toEqual(['Disclosures', 'Purchase contracts']);

    expect(removeCategory(renamed, 1)).toEqual([{ team_document_category_id: 2, name: 'Purchase contracts' }]);
    expect(categoryChoices(list)).toEqual([
      { id: 2, name: 'contracts' },
      { id: 1, name: 'Disclosures' },
    ]);
  });

  it("shows a category's new name on its types", () => {
    const types = [buildType(), buildType({ team_document_type_id: 6, id: 6, team_document_category_id: 2, category_name: 'contracts' })];

    const renamed = renameCategoryOfTypes(types, { team_document_category_id: 1, name: 'Seller disclosures' });

    expect(renamed.map((type) => type.category_name)).toEqual(['Seller disclosures', 'contracts']);
  });

  it('keeps the types of a deleted category, without a category', () => {
    const types = [buildType(), buildType({ team_document_type_id: 6, id: 6, team_document_category_id: 2, category_name: 'contracts' })];

    const detached = detachCategory(types, 1);

    expect(detached).toHaveLength(2);
    expect(detached[0]).toMatchObject({ team_document_category_id: null, category_name: null });
    expect(detached[1].category_name).toBe('contracts');
  });

  it('adds, replaces and removes types in name order, and filters them by category', () => {
    const types = upsertType(
      [buildType()],
      buildType({ id: 6, team_document_type_id: 6, name: 'HOA addendum', team_document_category_id: null, category_name: null }),
    );
    expect(types.map((type) => type.name)).toEqual(['HOA addendum', 'Lead paint']);
    expect(typesIn(types, 1).map((type) => type.name)).toEqual(['Lead paint']);
    expect(typesIn(types, '')).toHaveLength(2);
    expect(removeType(types, 5).map((type) => type.name)).toEqual(['HOA addendum']);
  });

  it("sends the type's name trimmed and no category as null", () => {
    expect(typePayload({ name: ' Survey ', team_document_category_id: '' })).toEqual({ name: 'Survey', team_document_category_id: null });
    expect(typePayload({ name: 'Survey', team_document_category_id: 2 })).toEqual({ name: 'Survey', team_document_category_id: 2 });
    expect(typeFormValues(buildType({ team_document_category_id: null }))).toEqual({ name: 'Lead paint', team_document_category_id: '' });
  });

  it("shows the server's record after a save, else what was sent over the old one", () => {
    const type = buildType();
    expect(savedType(buildType({ name: 'Server' }), { name: 'x', team_document_category_id: null }, [], type)?.name).toBe('Server');
    expect(savedType(undefined, { name: 'Radon', team_document_category_id: 2 }, [DISCLOSURES, CONTRACTS], type)).toMatchObject({
      name: 'Radon',
      team_document_category_id: 2,
      category_name: 'contracts',
    });
    expect(savedType(undefined, { name: 'Radon', team_document_category_id: null }, [], null)).toBeNull();
    expect(savedCategory(undefined, 'Renamed', DISCLOSURES)).toEqual({ team_document_category_id: 1, name: 'Renamed' });
    expect(savedCategory(undefined, 'New', null)).toBeNull();
  });
});
