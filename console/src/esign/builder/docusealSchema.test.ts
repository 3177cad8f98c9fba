import type { EsignTemplateSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { documentsByAttachment, schemaFromDocuseal } from './docusealSchema';

const current: EsignTemplateSchema = {
  documents: [
    { id: 'a', name: 'Same.pdf', pages: 2 },
    { id: 'b', name: 'Same.pdf', pages: 1 },
  ],
  roles: [{ uuid: 'r1', name: 'Buyer' }],
  fields: [],
};

describe("DocuSeal's template back into our schema", () => {
  it('matches documents by name, or by position when names repeat; a different count does not match', () => {
    expect(
      documentsByAttachment(current.documents, [
        { attachment_uuid: 'x', name: 'Same' },
        { attachment_uuid: 'y', name: 'Same' },
      ]),
    ).toEqual(
      new Map([
        ['x', 'a'],
        ['y', 'b'],
      ]),
    );
    expect(documentsByAttachment(current.documents, [{ attachment_uuid: 'x', name: 'Same' }])).toBeNull();
  });

  it('keeps default values as text (a multiple default joined) and drops areas on unknown documents', () => {
    const schema = schemaFromDocuseal(
      {
        schema: [
          { attachment_uuid: 'x', name: 'Same' },
          { attachment_uuid: 'y', name: 'Same' },
        ],
        submitters: [{ name: 'Buyer', uuid: 'r1' }],
        fields: [
          {
            uuid: 'm',
            submitter_uuid: 'r1',
            name: 'Choices',
            type: 'multiple',
            required: false,
            default_value: ['Yes', 'No'],
            options: [
              { value: 'Yes', uuid: 'o1' },
              { value: 'No', uuid: 'o2' },
            ],
            preferences: { format: 'MM/DD/YYYY', font_size: 10 },
            validation: { pattern: '^Y' },
            areas: [
              { attachment_uuid: 'y', page: 0, x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
              { attachment_uuid: 'zzz', page: 0, x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
            ],
          },
        ],
      },
      current,
    )!;
    expect(schema.fields).toEqual([
      {
        uuid: 'm',
        role_uuid: 'r1',
        name: 'Choices',
        type: 'multiple',
        required: false,
        readonly: false,
        default_value: 'Yes,No',
        title: null,
        description: null,
        options: [
          { value: 'Yes', uuid: 'o1' },
          { value: 'No', uuid: 'o2' },
        ],
        validation: { pattern: '^Y', host: null },
        preferences: { format: 'MM/DD/YYYY', font_size: 10 },
        platform_type: null,
        mapped_entity: null,
        mapped_field: null,
        can_update: false,
        areas: [{ page: 3, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }],
      },
    ]);
  });
});
