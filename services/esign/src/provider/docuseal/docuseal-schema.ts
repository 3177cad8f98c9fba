import type { EsignField, EsignTemplateSchema } from '@app/contracts';

// Our template schema as DocuSeal stores a template (its `submitters` and `fields`, as PUT /templates/{id} takes
// them and GET /templates/{id} answers them): roles are its submitters (same uuids), fields keep their uuid, and each
// area names its document by DocuSeal's attachment_uuid with `page` counted from 0 within that document, where our
// areas count pages from 1 across the template's documents in order. x, y, w, h are shares of the page in both.

/** A document of a DocuSeal template (`schema[]`). */
export interface DocusealAttachment {
  attachment_uuid: string;
  name: string;
}

export interface DocusealArea {
  x: number;
  y: number;
  w: number;
  h: number;
  page: number;
  attachment_uuid: string;
  [key: string]: unknown;
}

export interface DocusealField {
  uuid: string;
  submitter_uuid: string;
  name: string;
  type: string;
  required: boolean;
  readonly?: boolean;
  default_value?: unknown;
  title?: string;
  description?: string;
  preferences?: Record<string, unknown>;
  options?: { value: string; uuid: string }[];
  validation?: { pattern?: string; message?: string };
  areas: DocusealArea[];
  [key: string]: unknown;
}

export interface DocusealSubmitterRole {
  name: string;
  uuid: string;
}

/** A document's name as DocuSeal keeps it: without a .pdf ending. */
export const docusealDocumentName = (name: string) =>
  name
    .trim()
    .replace(/\.pdf$/i, '')
    .trim() || 'Document';
const nameKey = (name: string) => docusealDocumentName(name).toLowerCase();

/**
 * Which DocuSeal document is which of ours (our document id -> attachment_uuid): by name where each of ours matches
 * exactly one of theirs, else by position when both lists are as long; null when they cannot be matched (a document
 * added or removed on one side only): the template's documents must then be sent to DocuSeal again.
 */
export function matchAttachments(
  ours: readonly { id: string; name: string }[],
  theirs: readonly DocusealAttachment[],
): Map<string, string> | null {
  if (ours.length !== theirs.length || ours.length === 0) return null;
  const byName = new Map<string, DocusealAttachment[]>();
  for (const attachment of theirs) byName.set(nameKey(attachment.name), [...(byName.get(nameKey(attachment.name)) ?? []), attachment]);
  const ourCounts = new Map<string, number>();
  for (const document of ours) ourCounts.set(nameKey(document.name), (ourCounts.get(nameKey(document.name)) ?? 0) + 1);
  const unique = ours.every((document) => byName.get(nameKey(document.name))?.length === 1 && ourCounts.get(nameKey(document.name)) === 1);
  if (unique) return new Map(ours.map((document) => [document.id, byName.get(nameKey(document.name))![0].attachment_uuid]));
  return new Map(ours.map((document, index) => [document.id, theirs[index].attachment_uuid]));
}

/** Where a page of ours (from 1 across the documents) is: the document and the page within it from 0. */
export function locatePage(schema: Pick<EsignTemplateSchema, 'documents'>, page: number): { documentId: string; page: number } | null {
  let offset = 0;
  for (const document of schema.documents) {
    if (page > offset && page <= offset + document.pages) return { documentId: document.id, page: page - offset - 1 };
    offset += document.pages;
  }
  return null;
}

/** Our roles as DocuSeal's submitters (parties) of a template. */
export const toDocusealSubmitters = (schema: EsignTemplateSchema): DocusealSubmitterRole[] =>
  schema.roles.map((role) => ({ name: role.name, uuid: role.uuid }));

/** One field of ours as DocuSeal stores it; `name` overrides the field's name (a request's template makes names unique). */
export function toDocusealField(
  field: EsignField,
  schema: EsignTemplateSchema,
  attachments: ReadonlyMap<string, string>,
  name = field.name,
): DocusealField {
  const preferences: Record<string, unknown> = {};
  if (field.preferences.format) preferences.format = field.preferences.format;
  if (field.preferences.font_size) preferences.font_size = field.preferences.font_size;
  const result: DocusealField = {
    uuid: field.uuid,
    submitter_uuid: field.role_uuid,
    name,
    type: field.type,
    required: field.required,
    readonly: field.readonly,
    preferences,
    areas: field.areas.flatMap((area) => {
      const at = locatePage(schema, area.page);
      const attachment = at ? attachments.get(at.documentId) : undefined;
      return at && attachment ? [{ x: area.x, y: area.y, w: area.w, h: area.h, page: at.page, attachment_uuid: attachment }] : [];
    }),
  };
  if (field.default_value !== null) result.default_value = field.default_value;
  if (field.title) result.title = field.title;
  if (field.description) result.description = field.description;
  if (field.options.length) result.options = field.options.map((option) => ({ value: option.value, uuid: option.uuid }));
  if (field.validation.pattern) result.validation = { pattern: field.validation.pattern };
  return result;
}

/** Every field of a schema as DocuSeal stores them. */
export const toDocusealFields = (
  schema: EsignTemplateSchema,
  attachments: ReadonlyMap<string, string>,
  names?: ReadonlyMap<string, string>,
): DocusealField[] => schema.fields.map((field) => toDocusealField(field, schema, attachments, names?.get(field.uuid) ?? field.name));

/**
 * Field names that are unique within the schema (DocuSeal fills a submission's values by field name): a field's own
 * name when no other field has it, else the name with its number ('Buyer name (2)'); an empty name becomes its type
 * and number.
 */
export function uniqueFieldNames(fields: readonly Pick<EsignField, 'uuid' | 'name' | 'type'>[]): Map<string, string> {
  const base = fields.map((field, index) => field.name.trim() || `${field.type} ${index + 1}`);
  const counts = new Map<string, number>();
  for (const name of base) counts.set(name.toLowerCase(), (counts.get(name.toLowerCase()) ?? 0) + 1);
  const taken = new Set<string>();
  const names = new Map<string, string>();
  fields.forEach((field, index) => {
    let name = base[index];
    if ((counts.get(name.toLowerCase()) ?? 0) > 1 || taken.has(name.toLowerCase())) {
      let n = 1;
      while (taken.has(`${base[index]} (${n})`.toLowerCase()) || counts.has(`${base[index]} (${n})`.toLowerCase())) n += 1;
      name = `${base[index]} (${n})`;
    }
    taken.add(name.toLowerCase());
    names.set(field.uuid, name);
  });
  return names;
}
