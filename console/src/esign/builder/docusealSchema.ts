import type { EsignField, EsignFieldArea, EsignFieldType, EsignTemplateSchema } from '@app/contracts';

// DocuSeal's template (what DocusealBuilder's onSave/onChange hand over) back into our schema: its submitters are
// our roles (same uuids), its fields ours (same uuids; what DocuSeal has no word for, such as the transaction
// mapping, kept from our copy), and each area's document (attachment_uuid) and page within it (from 0) become our
// page counted from 1 across the template's documents. The server maps the other way (services/esign/src/provider/
// docuseal/docuseal-schema.ts).

/** The parts of DocuSeal's template data the mapping reads (DocusealBuilderSaveData). */
export interface DocusealTemplateData {
  schema: { attachment_uuid: string; name: string }[];
  submitters: { name: string; uuid: string }[];
  fields: {
    uuid: string;
    submitter_uuid: string;
    name: string;
    type: string;
    required?: boolean;
    readonly?: boolean;
    default_value?: string | string[] | number | boolean | null;
    title?: string;
    description?: string;
    preferences?: Record<string, unknown>;
    options?: { value: string; uuid: string }[];
    validation?: { pattern?: string; message?: string };
    areas?: { x: number; y: number; w: number; h: number; page: number; attachment_uuid: string }[];
  }[];
}

const nameKey = (name: string) =>
  name
    .trim()
    .replace(/\.pdf$/i, '')
    .trim()
    .toLowerCase();

/** Our document id of each DocuSeal document: by name where that is unambiguous, else by position. */
export function documentsByAttachment(
  ours: EsignTemplateSchema['documents'],
  theirs: DocusealTemplateData['schema'],
): Map<string, string> | null {
  if (ours.length !== theirs.length || ours.length === 0) return null;
  const count = (names: string[]) => names.reduce((map, name) => map.set(name, (map.get(name) ?? 0) + 1), new Map<string, number>());
  const ourNames = count(ours.map((d) => nameKey(d.name)));
  const theirNames = count(theirs.map((d) => nameKey(d.name)));
  const unique = ours.every((d) => ourNames.get(nameKey(d.name)) === 1 && theirNames.get(nameKey(d.name)) === 1);
  return new Map(
    theirs.map((attachment, index) => [
      attachment.attachment_uuid,
      unique ? ours.find((d) => nameKey(d.name) === nameKey(attachment.name))!.id : ours[index].id,
    ]),
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const defaultOf = (value: DocusealTemplateData['fields'][number]['default_value']): string | null => {
  if (value === undefined || value === null || value === '') return null;
  return Array.isArray(value) ? value.join(',') : String(value);
};

/**
 * Our schema from DocuSeal's template as its builder saved it, over `current` (our copy: the documents, and what
 * each field keeps that DocuSeal does not have). Answers null when DocuSeal's documents are not the template's
 * (one added or removed in DocuSeal): nothing is saved then.
 */
export function schemaFromDocuseal(data: DocusealTemplateData, current: EsignTemplateSchema): EsignTemplateSchema | null {
  const byAttachment = documentsByAttachment(current.documents, data.schema);
  if (!byAttachment) return null;
  // Our documents in DocuSeal's order (its builder may reorder them).
  const documents = data.schema.map((attachment) => current.documents.find((d) => d.id === byAttachment.get(attachment.attachment_uuid))!);
  const firstPage = new Map<string, number>();
  let offset = 0;
  for (const document of documents) {
    firstPage.set(document.id, offset);
    offset += document.pages;
  }
  const existing = new Map(current.fields.map((field) => [field.uuid, field]));
  const fields: EsignField[] = data.fields.flatMap((field) => {
    const areas: EsignFieldArea[] = (field.areas ?? []).flatMap((area) => {
      const documentId = byAttachment.get(area.attachment_uuid);
      return documentId === undefined
        ? []
        : [{ page: firstPage.get(documentId)! + area.page + 1, x: area.x, y: area.y, w: area.w, h: area.h }];
    });
    // A field not placed on a page yet is DocuSeal's only; it comes once it is placed.
    if (areas.length === 0) return [];
    const ours = existing.get(field.uuid);
    const preferences = field.preferences ?? {};
    return [
      {
        uuid: field.uuid,
        role_uuid: field.submitter_uuid,
        name: field.name ?? '',
        type: field.type as EsignFieldType,
        required: field.required !== false,
        readonly: field.readonly === true,
        default_value: defaultOf(field.default_value),
        title: text(field.title),
        description: text(field.description),
        options: (field.options ?? []).map((option) => ({ value: option.value, uuid: option.uuid })),
        validation: { pattern: text(field.validation?.pattern), host: ours?.validation.host ?? null },
        preferences: {
          format: text(preferences.format),
          font_size: typeof preferences.font_size === 'number' ? preferences.font_size : null,
        },
        platform_type: ours?.platform_type ?? null,
        mapped_entity: ours?.mapped_entity ?? null,
        mapped_field: ours?.mapped_field ?? null,
        can_update: ours?.can_update ?? false,
        areas,
      },
    ];
  });
  return { documents, roles: data.submitters.map((submitter) => ({ uuid: submitter.uuid, name: submitter.name })), fields };
}
