import { formatPhone } from './form-fields';

describe(formatPhone.name, () => {
  it.each([
    ['stored digits', '5125550123', '(512) 555-0123'],
    ['a country code', '15551234567', '(555) 123-4567'],
    ['a number kept as typed', '512.555.0123', '(512) 555-0123'],
    ['a masked number', '(555) 555-0100', '(555) 555-0100'],
    ['a spaced country code', '+1 512 555 0123', '(512) 555-0123'],
    ['white space around it', ' 5125550123 ', '(512) 555-0123'],
  ])('shows %s as (999) 999-9999', (_case, value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });

  it.each([
    ['a short number', '555-1234', '555-1234'],
    ['a foreign number', '+44 20 7946 0958', '+44 20 7946 0958'],
    ['text around digits', 'call 5125550123', 'call 5125550123'],
    ['what is being typed, spaces included', '512 55', '512 55'],
    ['nothing', null, ''],
    ['undefined', undefined, ''],
    ['blank', '', ''],
  ])('leaves %s as it is', (_case, value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });
});
