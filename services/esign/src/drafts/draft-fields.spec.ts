import { esignFieldOf, type EsignField, type EsignFieldType, type EsignTemplateSchema } from '@app/contracts';
import { esignValueFromDefault, esignValueFromTransaction, isStepOneField, mappedPairsOf, pairKey, sendFieldsOf } from './draft-fields';

const field = (type: EsignFieldType, extra: Partial<EsignField> = {}): EsignField =>
  esignFieldOf({
    uuid: `${type}-1`,
    role_uuid: 'r1',
    name: type,
    type,
    options: ['select', 'radio', 'multiple'].includes(type)
      ? [
          { value: 'Cash', uuid: 'o1' },
          { value: 'FHA', uuid: 'o2' },
        ]
      : [],
    areas: [{ page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.05 }],
    ...extra,
  });

describe('draft fields', () => {
  it('leaves signature, initials, strikethrough and {{date}} fields out of step 1', () => {
    expect(['signature', 'initials', 'strikethrough'].map((type) => isStepOneField(field(type as EsignFieldType)))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isStepOneField(field('date', { default_value: '{{date}}' }))).toBe(false);
    expect(isStepOneField(field('date', { default_value: '2030-01-01' }))).toBe(true);
  });

  it('turns transaction values into the field type, or null when they do not fit', () => {
    expect(esignValueFromTransaction(field('checkbox'), 'Y')).toBe(true);
    expect(esignValueFromTransaction(field('checkbox'), 'N')).toBe(false);
    expect(esignValueFromTransaction(field('number'), '12.5')).toBe(12.5);
    expect(esignValueFromTransaction(field('number'), 3.125)).toBeNull();
    expect(esignValueFromTransaction(field('phone'), '(555) 123-4567')).toBe('5551234567');
    expect(esignValueFromTransaction(field('phone'), '123')).toBeNull();
    expect(esignValueFromTransaction(field('date'), '06/30/2031')).toBe('2031-06-30');
    expect(esignValueFromTransaction(field('date'), '2031-02-30')).toBeNull();
    expect(esignValueFromTransaction(field('text'), '2031-06-30')).toBe('06/30/2031');
    expect(esignValueFromTransaction(field('text'), 450000)).toBe('450000');
    expect(esignValueFromTransaction(field('select'), 'cash')).toBe('Cash');
    expect(esignValueFromTransaction(field('select'), 'Loan')).toBeNull();
    expect(esignValueFromTransaction(field('multiple'), 'Cash,FHA')).toEqual(['Cash', 'FHA']);
    expect(esignValueFromTransaction(field('text'), null)).toBeNull();
  });

  it('reads defaults as the signing page does (checkbox "true", multiple comma-separated)', () => {
    expect(esignValueFromDefault(field('checkbox', { default_value: 'true' }))).toBe(true);
    expect(esignValueFromDefault(field('checkbox'))).toBe(false);
    expect(esignValueFromDefault(field('multiple', { default_value: 'Cash,FHA' }))).toEqual(['Cash', 'FHA']);
    expect(esignValueFromDefault(field('number', { default_value: '7' }))).toBe(7);
  });

  it('asks for each mapped pair once and places fields in the documents by their first area', () => {
    const schema: EsignTemplateSchema = {
      documents: [
        { id: 'a', name: 'A.pdf', pages: 2 },
        { id: 'b', name: 'B.pdf', pages: 3 },
      ],
      roles: [
        { uuid: 'r1', name: 'Buyer' },
        { uuid: 'r2', name: 'Seller' },
      ],
      fields: [
        field('text', {
          uuid: 't1',
          role_uuid: 'r2',
          mapped_entity: 'transaction',
          mapped_field: 'city',
          can_update: true,
          areas: [{ page: 4, x: 0, y: 0, w: 0.1, h: 0.1 }],
        }),
        field('text', { uuid: 't2', title: 'City again', mapped_entity: 'transaction', mapped_field: 'city' }),
        field('signature', { uuid: 's1' }),
      ],
    };
    expect(mappedPairsOf(schema)).toEqual([{ mapped_entity: 'transaction', mapped_field: 'city' }]);
    const fields = sendFieldsOf(schema, new Map([[pairKey({ mapped_entity: 'transaction', mapped_field: 'city' }), 'Austin']]));
    expect(
      fields.map((f) => [
        f.fieldId,
        f.label,
        f.signer,
        f.document_name,
        f.document_order,
        f.document_page,
        f.value,
        f.readonly,
        f.can_update,
      ]),
    ).toEqual([
      ['t2', 'City again', 'Buyer', 'A.pdf', 1, 1, 'Austin', true, false],
      ['t1', 'text', 'Seller', 'B.pdf', 2, 2, 'Austin', true, true],
    ]);
  });
});
