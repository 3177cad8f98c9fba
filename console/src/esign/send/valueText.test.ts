import { ESIGN_DATE_PLACEHOLDER, type EsignField } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { schemaOf, sendField } from './testData';
import { fillOutEditOf, fillOutSchemaOf, fillOutTextOf, valueTextOf } from './valueText';

// A template field of the test schema with the given default_value text.
function schemaField(overrides: Parameters<typeof sendField>[0]): EsignField {
  return schemaOf([sendField(overrides)]).fields[0];
}
const phone = (text: string | null) => schemaField({ fieldId: 'p', fieldType: 'phone', default_value: text });
const amount = (text: string | null) => schemaField({ fieldId: 'a', fieldType: 'number', platform_type: 'amount', default_value: text });
const number = (text: string | null) => schemaField({ fieldId: 'n', fieldType: 'number', default_value: text });
const date = (text: string | null, format: string | null = null) =>
  schemaField({ fieldId: 'd', fieldType: 'date', default_value: text, preferences: { format } });

describe('fillOutTextOf', () => {
  it("shows a stored value as step 1 does: phone masked, amount in USD, number as its float, date in the field's format", () => {
    expect(fillOutTextOf(phone('5551234567'))).toBe('(555) 123-4567');
    expect(fillOutTextOf(amount('2500.5'))).toBe('$2,500.50');
    expect(fillOutTextOf(number('2500.5'))).toBe('2500.5');
    expect(fillOutTextOf(date('2026-03-03'))).toBe('03/03/2026');
    expect(fillOutTextOf(date('2026-03-03', 'DD.MM.YYYY'))).toBe('03.03.2026');
    expect(fillOutTextOf(date('2026-03-03', 'MMMM D, YYYY'))).toBe('March 3, 2026');
  });

  it('leaves text, choices, empty values, the signing-date placeholder and values that are no number or date as they are', () => {
    expect(fillOutTextOf(schemaField({ fieldId: 't', default_value: '5551234567' }))).toBe('5551234567');
    expect(fillOutTextOf(schemaField({ fieldId: 'c', fieldType: 'checkbox', default_value: 'true' }))).toBe('true');
    expect(fillOutTextOf(phone(null))).toBeNull();
    expect(fillOutTextOf(date(ESIGN_DATE_PLACEHOLDER))).toBe(ESIGN_DATE_PLACEHOLDER);
    expect(fillOutTextOf(date('12/1'))).toBe('12/1');
    expect(fillOutTextOf(amount('lots'))).toBe('lots');
  });

  it('masks a text field whose entry type is a phone', () => {
    expect(fillOutTextOf(schemaField({ fieldId: 'tp', platform_type: 'phone', default_value: '5551234567' }))).toBe('(555) 123-4567');
  });
});

describe('fillOutEditOf', () => {
  it("stores what is typed in the stored format, by step 1's rules", () => {
    expect(fillOutEditOf(phone('555'), '(555) 123-4567')).toEqual({ refused: false, stored: '5551234567', draft: null });
    expect(fillOutEditOf(amount(null), '$2,500.5')).toEqual({ refused: false, stored: '2500.5', draft: '$2,500.5' });
    expect(fillOutEditOf(amount(null), '2500.')).toEqual({ refused: false, stored: '2500', draft: '2500.' });
    expect(fillOutEditOf(number(null), '-3.25')).toEqual({ refused: false, stored: '-3.25', draft: '-3.25' });
    expect(fillOutEditOf(date(null, 'DD.MM.YYYY'), '3.3.2026')).toEqual({ refused: false, stored: '2026-03-03', draft: '3.3.2026' });
    expect(fillOutEditOf(date(null), '12/1')).toEqual({ refused: false, stored: '12/1', draft: '12/1' });
    expect(fillOutEditOf(phone('555'), null)).toEqual({ refused: false, stored: null, draft: null });
    expect(fillOutEditOf(amount('1'), null)).toEqual({ refused: false, stored: null, draft: '' });
  });

  it('refuses what step 1 refuses: a third decimal, letters in a number', () => {
    expect(fillOutEditOf(amount('2500.5'), '2500.505')).toEqual({ refused: true });
    expect(fillOutEditOf(number('2'), '2x')).toEqual({ refused: true });
  });

  it('keeps the text of a field without a rule as typed', () => {
    expect(fillOutEditOf(schemaField({ fieldId: 't' }), '  Jo ')).toEqual({ refused: false, stored: '  Jo ', draft: null });
  });
});

describe('fillOutSchemaOf', () => {
  it('shows the drafts being typed, the rest formatted; the same schema when nothing shows differently', () => {
    const schema = schemaOf([
      sendField({ fieldId: 'p', fieldType: 'phone', default_value: '5551234567' }),
      sendField({ fieldId: 'a', fieldType: 'number', platform_type: 'amount', default_value: '2500' }),
    ]);
    const shown = fillOutSchemaOf(schema, { a: '2500.' });
    expect(shown.fields.map((field) => field.default_value)).toEqual(['(555) 123-4567', '2500.', null, null]);
    expect(schema.fields[0].default_value).toBe('5551234567');
    const plain = schemaOf([sendField({ fieldId: 't', default_value: 'Jo' })]);
    expect(fillOutSchemaOf(plain, {})).toBe(plain);
  });
});

describe('valueTextOf', () => {
  it('has a rule for phones, numbers and dates only', () => {
    expect(valueTextOf({ fieldType: 'text', platform_type: null, preferences: { format: null } })).toBeNull();
    expect(valueTextOf({ fieldType: 'select', platform_type: null, preferences: { format: null } })).toBeNull();
    expect(valueTextOf({ fieldType: 'number', platform_type: 'amount', preferences: { format: null } })?.display(1234.5)).toBe('$1,234.50');
  });
});
