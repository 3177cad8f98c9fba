import type { DocumentCategory, DocumentType } from '@app/contracts';

// Rules of the Document Types screen (categories and types; docs/admin-api.md). Pure: the screen
// and the tests share them. Lists change locally after each write, as the folders do.

/** The data provider's resources (dataProvider/resources.ts). */
export const CATEGORIES = 'document-categories';
export const TYPES = 'document-types';

export const CATEGORY_FIELDS = ['name'] as const;
export const TYPE_FIELDS = ['name', 'team_document_category_id'] as const;

/** The type list's filter: every type, or one category's. */
export type TypeFilter = '' | number;

/** The type form's category: a select cannot hold null, so "No category" is ''. */
export interface TypeFormValues {
  name: string;
  team_document_category_id: number | '';
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export function sortCategories(categories: readonly DocumentCategory[]): DocumentCategory[] {
  return [...categories].sort((a, b) => byName(a, b) || a.team_document_category_id - b.team_document_category_id);
}

export function sortTypes(types: readonly DocumentType[]): DocumentType[] {
  return [...types].sort((a, b) => byName(a, b) || a.team_document_type_id - b.team_document_type_id);
}

export function upsertCategory(categories: readonly DocumentCategory[], category: DocumentCategory): DocumentCategory[] {
  const id = category.team_document_category_id;
  return sortCategories([...categories.filter((item) => item.team_document_category_id !== id), category]);
}

export function removeCategory(categories: readonly DocumentCategory[], id: number): DocumentCategory[] {
  return categories.filter((item) => item.team_document_category_id !== id);
}

/** A renamed category: its types show the new name. */
export function renameCategoryOfTypes(types: readonly DocumentType[], category: DocumentCategory): DocumentType[] {
  return types.map((type) =>
    type.team_document_category_id === category.team_document_category_id ? { ...type, category_name: category.name } : type,
  );
}

/** A deleted category: its types stay, without a category (the server does the same). */
export function detachCategory(types: readonly DocumentType[], categoryId: number): DocumentType[] {
  return types.map((type) =>
    type.team_document_category_id === categoryId ? { ...type, team_document_category_id: null, category_name: null } : type,
  );
}

export function upsertType(types: readonly DocumentType[], type: DocumentType): DocumentType[] {
  const id = type.team_document_type_id;
  return sortTypes([...types.filter((item) => item.team_document_type_id !== id), type]);
}

export function removeType(types: readonly DocumentType[], id: number): DocumentType[] {
  return types.filter((item) => item.team_document_type_id !== id);
}

export function typesIn(types: readonly DocumentType[], filter: TypeFilter): DocumentType[] {
  return filter === '' ? [...types] : types.filter((type) => type.team_document_category_id === filter);
}

export function categoryChoices(categories: readonly DocumentCategory[]): { id: number; name: string }[] {
  return sortCategories(categories).map((category) => ({ id: category.team_document_category_id, name: category.name }));
}

export function typeFormValues(type?: DocumentType | null): TypeFormValues {
  return { name: type?.name ?? '', team_document_category_id: type?.team_document_category_id ?? '' };
}

/** The POST/PATCH /documents/types/manage body. */
export function typePayload(values: Partial<TypeFormValues>): { name: string; team_document_category_id: number | null } {
  const category = values.team_document_category_id;
  return {
    name: typeof values.name === 'string' ? values.name.trim() : '',
    team_document_category_id: typeof category === 'number' ? category : category ? Number(category) : null,
  };
}

/** The category to show after a save: the server's record, else the name sent over the old one. */
export function savedCategory(
  answer: DocumentCategory | undefined,
  name: string,
  previous?: DocumentCategory | null,
): DocumentCategory | null {
  if (answer && typeof answer.team_document_category_id === 'number') return answer;
  return previous ? { ...previous, name } : null;
}

/** The type to show after a save: the server's record, else what was sent over the old one. */
export function savedType(
  answer: DocumentType | undefined,
  sent: { name: string; team_document_category_id: number | null },
  categories: readonly DocumentCategory[],
  previous?: DocumentType | null,
): DocumentType | null {
  if (answer && typeof answer.team_document_type_id === 'number') {
    return { ...answer, id: answer.id ?? answer.team_document_type_id };
  }
  if (!previous) return null;
  const category = categories.find((item) => item.team_document_category_id === sent.team_document_category_id);
  return { ...previous, ...sent, category_name: category?.name ?? null };
}
