import { esignFieldOf, type EsignField } from './esign';
import { esignValueError, isSafeEsignPattern, normaliseEsignValue } from './esign-values';

const field = (patch: Partial<EsignField>): EsignField =>
  esignFieldOf({ uuid: 'f1', role_uuid: 'r1', name: 'Field', type: 'text', ...patch });
const options = [
  { value: 'Yes', uuid: 'o1' },
  { value: 'No', uuid: 'o2' },
];
const png = 'data:image/png;base64,iVBORw0KGgo=';

describe('e-sign value rules (spec 002 section 5)', () => {
  it('requires a value of a required field, in the spec words', () => {
    for (const type of ['text', 'number', 'phone', 'select', 'radio', 'multiple', 'date', 'signature', 'initials', 'checkbox'] as const) {
      expect(esignValueError(field({ type, required: true, options }), type === 'multiple' ? [] : '  ')).toBe('This field is required');
    }
    expect(esignValueError(field({ type: 'checkbox', required: true }), false)).toBe('This field is required');
    expect(esignValueError(field({ type: 'text' }), '')).toBeNull();
  });

  it('checks patterns: a value, an email address, a hyperlink host, other types', () => {
    expect(esignValueError(field({ validation: { pattern: '[A-Z]{3}', host: null } }), 'abc')).toBe('Please enter a valid value');
    expect(esignValueError(field({ validation: { pattern: '[A-Z]{3}', host: null } }), 'ABC')).toBeNull();
    expect(esignValueError(field({ validation: { pattern: '[^@\\s]+@[^@\\s]+\\.[a-z]+', host: null } }), 'nope')).toBe(
      'Please enter a valid email address',
    );
    const link = field({ platform_type: 'hyperlink', validation: { pattern: null, host: 'zillow.com' } });
    expect(esignValueError(link, 'https://example.com/x')).toBe('Incorrect format: zillow.com');
    expect(esignValueError(link, 'https://www.zillow.com/homedetails/1')).toBeNull();
    expect(esignValueError(field({ type: 'date', validation: { pattern: '2026-.*', host: null } }), '2025-01-02')).toBe('Incorrect format');
    expect(esignValueError(field({ type: 'date' }), '2026-02-30')).toBe('Incorrect format');
  });

  it('takes phones of ten digits, numbers of at most two decimals, booleans, options and signatures', () => {
    expect(esignValueError(field({ type: 'phone' }), '(555) 123-4567')).toBeNull();
    expect(esignValueError(field({ type: 'phone' }), '555-1234')).toBe('Please enter a valid phone number');
    expect(esignValueError(field({ type: 'number' }), '12.5')).toBeNull();
    expect(esignValueError(field({ type: 'number' }), 12.345)).toBe('Please enter a valid value');
    expect(esignValueError(field({ type: 'number' }), 'twelve')).toBe('Please enter a valid value');
    expect(esignValueError(field({ type: 'checkbox' }), 'true')).toBe('Please enter a valid value');
    expect(esignValueError(field({ type: 'select', options }), 'Maybe')).toBe('Please enter a valid value');
    expect(esignValueError(field({ type: 'multiple', options }), ['Yes', 'No'])).toBeNull();
    expect(esignValueError(field({ type: 'multiple', options }), 'Yes')).toBe('Please enter a valid value');
    expect(esignValueError(field({ type: 'signature' }), { kind: 'drawn', image: png })).toBeNull();
    expect(esignValueError(field({ type: 'signature' }), { kind: 'drawn', image: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBe(
      'Please enter a valid value',
    );
    expect(esignValueError(field({ type: 'initials' }), { kind: 'typed', text: 'JD' })).toBeNull();
  });

  it('never runs a pattern whose repetition nests, and stores numbers as floats and phones unmasked', () => {
    expect(isSafeEsignPattern('(a+)+$')).toBe(false);
    expect(isSafeEsignPattern('[A-Z]{3}-\\d+')).toBe(true);
    // Not run (a crafted value would hang the process): the value passes rather than the pattern failing it.
    expect(esignValueError(field({ validation: { pattern: '(a+)+b', host: null } }), 'a'.repeat(40))).toBeNull();
    expect(normaliseEsignValue(field({ type: 'number' }), '1250.50')).toBe(1250.5);
    expect(normaliseEsignValue(field({ type: 'phone' }), '(555) 123-4567')).toBe('5551234567');
  });
});
