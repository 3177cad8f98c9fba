import { formatPhone } from '@app/contracts';
import { fieldMark, formatAmount, formatDate } from './field-values';
import { fieldFactory, signaturePngDataUrl } from './test/sealing.factories';

const area = { page: 1, x: 0, y: 0, w: 0.1, h: 0.1 };

describe(fieldMark.name, () => {
  const sut = fieldMark;

  it.each([null, undefined, '', '   ', []])('leaves %p out', (value) => {
    expect(sut(fieldFactory({ type: 'text', areas: [area] }), value)).toBeNull();
  });

  it('prints amounts in USD', () => {
    expect(sut(fieldFactory({ type: 'number', platform_type: 'amount', areas: [area] }), 1234.5)).toEqual({
      kind: 'text',
      text: '$1,234.50',
    });
    expect(sut(fieldFactory({ type: 'text', platform_type: 'amount', areas: [area] }), '250000')).toEqual({
      kind: 'text',
      text: '$250,000.00',
    });
  });

  it('prints phone fields and phone-typed text with the mask', () => {
    expect(sut(fieldFactory({ type: 'phone', areas: [area] }), '5551234567')).toEqual({ kind: 'text', text: '(555) 123-4567' });
    expect(sut(fieldFactory({ type: 'text', platform_type: 'phone', areas: [area] }), '+1 555 123 4567')).toEqual({
      kind: 'text',
      text: '(555) 123-4567',
    });
  });

  it('joins multiple values and keeps text on one line', () => {
    expect(sut(fieldFactory({ type: 'multiple', areas: [area] }), ['Pool', 'Garage'])).toEqual({ kind: 'text', text: 'Pool, Garage' });
    expect(sut(fieldFactory({ type: 'text', areas: [area] }), 'two\nlines')).toEqual({ kind: 'text', text: 'two lines' });
  });

  it('prints a date in the field format, MM/DD/YYYY by default', () => {
    expect(
      sut(fieldFactory({ type: 'date', preferences: { format: 'DD.MM.YYYY', font_size: null }, areas: [area] }), '2024-03-07'),
    ).toEqual({
      kind: 'text',
      text: '07.03.2024',
    });
    expect(sut(fieldFactory({ type: 'date', areas: [area] }), '2024-03-07')).toEqual({ kind: 'text', text: '03/07/2024' });
  });

  it('ticks a checkbox only for true', () => {
    const checkbox = fieldFactory({ type: 'checkbox', areas: [area] });
    expect(sut(checkbox, true)).toEqual({ kind: 'check' });
    expect(sut(checkbox, false)).toBeNull();
  });

  it('strikes through whatever the value', () => {
    expect(sut(fieldFactory({ type: 'strikethrough', areas: [area] }), undefined)).toEqual({ kind: 'strike' });
  });

  it('reads drawn and typed signatures', () => {
    const signature = fieldFactory({ type: 'signature', areas: [area] });
    expect(sut(signature, { kind: 'typed', text: 'Zoë B.' })).toEqual({ kind: 'signature-text', text: 'Zoë B.' });
    expect(sut(signature, { kind: 'drawn', image: signaturePngDataUrl() })).toMatchObject({ kind: 'signature-image', format: 'png' });
  });

  it('refuses a drawn signature that is not an image data URL, naming the field', () => {
    const initials = fieldFactory({ name: 'Buyer initials', type: 'initials', areas: [area] });
    expect(() => sut(initials, { kind: 'drawn', image: 'https://example.test/x.png' })).toThrow(
      'Buyer initials: the drawn initials is not a PNG or JPEG data URL',
    );
  });
});

describe(formatDate.name, () => {
  const sut = formatDate;

  it.each([
    ['MM/DD/YYYY', '03/07/2024'],
    ['DD.MM.YYYY', '07.03.2024'],
    ['M/D/YY', '3/7/24'],
    ['YYYY-MM-DD', '2024-03-07'],
    [null, '03/07/2024'],
  ])('%p', (format, expected) => {
    expect(sut('2024-03-07', format)).toBe(expected);
  });

  it('prints a value that is not an ISO date as it is', () => {
    expect(sut('next Friday', 'DD.MM.YYYY')).toBe('next Friday');
  });
});

describe(formatAmount.name, () => {
  it.each([
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    ['1,000', '$1,000.00'],
    [-12.345, '-$12.35'],
    ['n/a', 'n/a'],
  ])('%p -> %p', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });
});

describe(formatPhone.name, () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['15551234567', '(555) 123-4567'],
    ['555-1234', '555-1234'],
  ])('%p -> %p', (value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });
});
