import { esignFieldOf, type EsignField, type EsignTemplateSchema } from '@app/contracts';
import {
  docusealDocumentName,
  locatePage,
  matchAttachments,
  toDocusealField,
  toDocusealFields,
  toDocusealSubmitters,
  uniqueFieldNames,
} from './docuseal-schema';

const field = (uuid: string, page: number, extra: Partial<EsignField> = {}): EsignField =>
  esignFieldOf({
    uuid,
    role_uuid: 'r1',
    name: uuid,
    type: 'text',
    required: true,
    areas: [{ page, x: 0.1, y: 0.2, w: 0.3, h: 0.04 }],
    ...extra,
  });

const schema: EsignTemplateSchema = {
  documents: [
    { id: 'd1', name: 'Agreement.pdf', pages: 2 },
    { id: 'd2', name: 'Addendum', pages: 3 },
  ],
  roles: [
    { uuid: 'r1', name: 'Buyer' },
    { uuid: 'r2', name: 'Seller' },
  ],
  fields: [],
};

describe('our schema as DocuSeal stores a template', () => {
  it('documents are matched by name (any case, with or without .pdf), else by position; a different count cannot be', () => {
    const theirs = [
      { attachment_uuid: 'a-add', name: 'addendum' },
      { attachment_uuid: 'a-agr', name: 'Agreement' },
    ];
    expect(matchAttachments(schema.documents, theirs)).toEqual(
      new Map([
        ['d1', 'a-agr'],
        ['d2', 'a-add'],
      ]),
    );
    const twins = [
      { id: 'x', name: 'Same' },
      { id: 'y', name: 'Same' },
    ];
    expect(
      matchAttachments(twins, [
        { attachment_uuid: 'a1', name: 'Same' },
        { attachment_uuid: 'a2', name: 'Same' },
      ]),
    ).toEqual(
      new Map([
        ['x', 'a1'],
        ['y', 'a2'],
      ]),
    );
    expect(matchAttachments(schema.documents, [{ attachment_uuid: 'a1', name: 'Agreement' }])).toBeNull();
    expect(docusealDocumentName(' Agreement.PDF ')).toBe('Agreement');
  });

  it('pages count from 1 across our documents and from 0 within each of DocuSeal', () => {
    expect(locatePage(schema, 1)).toEqual({ documentId: 'd1', page: 0 });
    expect(locatePage(schema, 2)).toEqual({ documentId: 'd1', page: 1 });
    expect(locatePage(schema, 3)).toEqual({ documentId: 'd2', page: 0 });
    expect(locatePage(schema, 5)).toEqual({ documentId: 'd2', page: 2 });
    expect(locatePage(schema, 6)).toBeNull();
  });

  it('a field keeps its uuid, role (submitter_uuid), type and rules; areas name the attachment', () => {
    const attachments = new Map([
      ['d1', 'a1'],
      ['d2', 'a2'],
    ]);
    const select = field('f1', 4, {
      role_uuid: 'r2',
      type: 'select',
      required: false,
      readonly: true,
      default_value: 'Yes',
      title: 'Pick',
      description: 'One of them',
      options: [{ value: 'Yes', uuid: 'o1' }],
      validation: { pattern: '^Y', host: 'example.com' },
      preferences: { format: null, font_size: 12 },
    });
    expect(toDocusealField(select, schema, attachments)).toEqual({
      uuid: 'f1',
      submitter_uuid: 'r2',
      name: 'f1',
      type: 'select',
      required: false,
      readonly: true,
      default_value: 'Yes',
      title: 'Pick',
      description: 'One of them',
      options: [{ value: 'Yes', uuid: 'o1' }],
      validation: { pattern: '^Y' },
      preferences: { font_size: 12 },
      areas: [{ x: 0.1, y: 0.2, w: 0.3, h: 0.04, page: 1, attachment_uuid: 'a2' }],
    });
    const plain = toDocusealField(
      field('f2', 1, { default_value: '{{date}}', type: 'date', preferences: { format: 'MM/DD/YYYY', font_size: null } }),
      schema,
      attachments,
      'Signing date',
    );
    expect(plain).toMatchObject({
      name: 'Signing date',
      default_value: '{{date}}',
      preferences: { format: 'MM/DD/YYYY' },
      areas: [{ page: 0, attachment_uuid: 'a1' }],
    });
    expect(plain).not.toHaveProperty('options');
    expect(plain).not.toHaveProperty('validation');
    expect(toDocusealFields({ ...schema, fields: [field('f3', 2)] }, attachments)).toHaveLength(1);
    expect(toDocusealSubmitters(schema)).toEqual([
      { name: 'Buyer', uuid: 'r1' },
      { name: 'Seller', uuid: 'r2' },
    ]);
  });

  it('field names are made unique for a submission (DocuSeal fills values by name)', () => {
    const names = uniqueFieldNames([
      { uuid: 'a', name: 'Name', type: 'text' },
      { uuid: 'b', name: 'name', type: 'text' },
      { uuid: 'c', name: 'Phone', type: 'phone' },
      { uuid: 'd', name: '', type: 'signature' },
      { uuid: 'e', name: 'Name (1)', type: 'text' },
    ]);
    expect([...names.values()]).toEqual(['Name (2)', 'name (3)', 'Phone', 'signature 4', 'Name (1)']);
    expect(new Set([...names.values()].map((n) => n.toLowerCase())).size).toBe(5);
  });
});
