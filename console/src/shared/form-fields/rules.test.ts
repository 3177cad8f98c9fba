// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ESIGN_FIELD_MESSAGES, FORM_FIELD_MESSAGES as M } from './messages';
import {
  dateRule,
  emailRule,
  formatCurrency,
  formatPercent,
  isCurrencyDraft,
  isDecimalKey,
  isEmbeddedImageTransfer,
  isPercentDraft,
  isTabEnabled,
  maskDate,
  maskPhone,
  multiSelectSummary,
  nextTab,
  parseCurrency,
  parsePercent,
  parseWholeNumber,
  percentMaxFractionDigits,
  phoneDigitsOrNull,
  phoneRule,
  previousTab,
  requiredRule,
  sanitizeRichText,
  tabButtons,
  trimmedOrNull,
  webLinkError,
} from './rules';

const check = (rule: (value: unknown, values: object, props: object) => unknown, value: unknown) => rule(value, {}, {});

describe('requiredRule', () => {
  it("answers 'This field is required' for blank values and marks itself required", () => {
    const sut = requiredRule();
    for (const blank of [undefined, null, '', '   ']) expect(check(sut, blank)).toBe('This field is required');
    expect(check(sut, 'x')).toBeUndefined();
    expect(check(sut, 0)).toBeUndefined();
    expect((sut as { isRequired?: boolean }).isRequired).toBe(true);
  });
});

describe('emailRule', () => {
  const sut = emailRule();

  it.each(['dana@demo-realty.test', 'first.last+tag@sub.example.com', '  padded@example.org  '])('accepts %s', (email) => {
    expect(check(sut, email)).toBeUndefined();
  });

  it.each([
    'plain',
    'a@b',
    'two..dots@example.com',
    'a@example..com',
    '.lead@example.com',
    'trail.@example.com',
    'a b@example.com',
    'a@-host.com',
    'a@host.c',
  ])("refuses %s with 'This is an invalid email address'", (email) => {
    expect(check(sut, email)).toBe('This is an invalid email address');
  });

  it('leaves blank to the required rule', () => {
    expect(check(sut, '')).toBeUndefined();
  });

  it('takes the e-sign wording', () => {
    expect(check(emailRule(ESIGN_FIELD_MESSAGES.invalidEmail), 'nope')).toBe('Please enter a valid email address');
  });

  it('trims the value and keeps empty as null', () => {
    expect(trimmedOrNull('  a@b.co ')).toBe('a@b.co');
    expect(trimmedOrNull('   ')).toBeNull();
  });
});

describe('webLinkError', () => {
  it.each([
    ['https://example.com', undefined],
    ['http://www.example.com/path?q=1', undefined],
    ['http://localhost:3000', undefined],
    ['ftp://example.com', M.urlScheme],
    ['example.com', M.urlScheme],
    ['https://exa mple.com', M.urlFormat],
    ['https://example', M.urlFormat],
    ['http://-bad-.com', M.urlFormat],
    ['https://', M.urlFormat],
    ['', undefined],
  ])('%p -> %p', (value, message) => {
    expect(webLinkError(value)).toBe(message);
  });

  it('uses the spec messages word for word', () => {
    expect(webLinkError('www.example.com')).toBe('The URL must start with "http://" or "https://".');
    expect(webLinkError('https://nope')).toBe('The URL format is invalid.');
  });

  it('httpsOnly refuses http://', () => {
    expect(webLinkError('http://example.com', { httpsOnly: true })).toBe('The URL must start with "https://".');
    expect(webLinkError('https://example.com', { httpsOnly: true })).toBeUndefined();
  });
});

describe('whole numbers', () => {
  it('swallows the decimal point and the comma keys', () => {
    expect(isDecimalKey('.')).toBe(true);
    expect(isDecimalKey(',')).toBe(true);
    expect(isDecimalKey('5')).toBe(false);
  });

  it.each([
    ['42', 42],
    ['12.6', 13],
    ['12.4', 12],
    ['2.5', 3],
    ['1,234.7', 1235],
    ['-3', -3],
    ['', null],
    ['abc', undefined],
    ['1.2.3', undefined],
  ])('parseWholeNumber(%p) -> %p', (text, value) => {
    expect(parseWholeNumber(text)).toBe(value);
  });
});

describe('phone', () => {
  it.each([
    ['5', '(5'],
    ['555', '(555'],
    ['55512', '(555) 12'],
    ['5551234567', '(555) 123-4567'],
    ['(555) 123-45678', '(555) 123-4567'],
    ['', ''],
  ])('masks %p as %p', (typed, masked) => {
    expect(maskPhone(typed)).toBe(masked);
  });

  it('keeps digits only in the value', () => {
    expect(phoneDigitsOrNull('(555) 123-4567')).toBe('5551234567');
    expect(phoneDigitsOrNull('(')).toBeNull();
  });

  it("needs 10 digits: 'Please enter a valid phone number'", () => {
    const sut = phoneRule();
    expect(check(sut, '555123456')).toBe('Please enter a valid phone number');
    expect(check(sut, '5551234567')).toBeUndefined();
    expect(check(sut, null)).toBeUndefined();
  });
});

describe('currency', () => {
  it('formats USD en-US with 2 decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
  });

  it('accepts at most 2 decimals while typing', () => {
    expect(isCurrencyDraft('12.34')).toBe(true);
    expect(isCurrencyDraft('$1,234.5')).toBe(true);
    expect(isCurrencyDraft('12.345')).toBe(false);
    expect(isCurrencyDraft('12a')).toBe(false);
  });

  it('parses to a number of cents precision', () => {
    expect(parseCurrency('$1,234.50')).toBe(1234.5);
    expect(parseCurrency('0.105')).toBe(0.1);
    expect(parseCurrency('')).toBeNull();
    expect(parseCurrency('.')).toBeNull();
  });
});

describe('percent', () => {
  it('keeps 1 to 4 fraction digits, 8 for calculator fields', () => {
    expect(percentMaxFractionDigits()).toBe(4);
    expect(percentMaxFractionDigits(true)).toBe(8);
    expect(formatPercent(12, 4)).toBe('12.0');
    expect(formatPercent(12.123456, 4)).toBe('12.1235');
    expect(formatPercent(12.12345678, 8)).toBe('12.12345678');
  });

  it('limits the decimals typed', () => {
    expect(isPercentDraft('3.1234', 4)).toBe(true);
    expect(isPercentDraft('3.12345', 4)).toBe(false);
    expect(isPercentDraft('3.12345678', 8)).toBe(true);
    expect(isPercentDraft('3.123456789', 8)).toBe(false);
  });

  it('parses the typed text', () => {
    expect(parsePercent('2.5%', 4)).toBe(2.5);
    expect(parsePercent('', 4)).toBeNull();
  });
});

describe('dates', () => {
  it('masks typed digits as MM/DD/YYYY or MM-DD-YYYY', () => {
    expect(maskDate('01', '/')).toBe('01');
    expect(maskDate('0105', '/')).toBe('01/05');
    expect(maskDate('01052024', '/')).toBe('01/05/2024');
    expect(maskDate('010520241', '-')).toBe('01-05-2024');
  });

  it('accepts real dates from 2000 to 2030', () => {
    const sut = dateRule('/');
    expect(check(sut, '01/01/2000')).toBeUndefined();
    expect(check(sut, '12/31/2030')).toBeUndefined();
    expect(check(sut, '12/31/1999')).toBe('Please enter a date between 2000 and 2030');
    expect(check(sut, '01/01/2031')).toBe('Please enter a date between 2000 and 2030');
  });

  it('refuses malformed or impossible dates', () => {
    expect(check(dateRule('/'), '02/30/2024')).toBe(M.invalidDate);
    expect(check(dateRule('/'), '01-05-2024')).toBe(M.invalidDate);
    expect(check(dateRule('-'), '01/05/2024')).toBe(M.invalidFilterDate);
    expect(check(dateRule('-'), '01-05-2024')).toBeUndefined();
    expect(check(dateRule('/'), '')).toBeUndefined();
  });
});

describe('rich text', () => {
  it('spots image files and data: or blob: images in pasted HTML', () => {
    expect(isEmbeddedImageTransfer({ files: [{ type: 'image/png' }], html: '' })).toBe(true);
    expect(isEmbeddedImageTransfer({ files: [], html: '<p><img src="data:image/png;base64,AAAA"></p>' })).toBe(true);
    expect(isEmbeddedImageTransfer({ files: [], html: "<img alt='x' src='blob:https://x/1'>" })).toBe(true);
    expect(isEmbeddedImageTransfer({ files: [], html: '<img src="https://cdn.example.com/a.png">' })).toBe(false);
    expect(isEmbeddedImageTransfer({ files: [{ type: 'application/pdf' }], html: '<p>text</p>' })).toBe(false);
  });

  it('strips scripts, styles, event handlers, javascript: links and embedded images', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style> <a href=" java\tscript:alert(1)" onmouseover="x()">link</a> <a href="https://ok.example">ok</a></p>' +
      '<img src="data:image/png;base64,AAAA"><img src="https://cdn.example.com/a.png" onerror="x()">';
    expect(sanitizeRichText(dirty)).toBe(
      '<p>Hi <a>link</a> <a href="https://ok.example">ok</a></p><img src="https://cdn.example.com/a.png">',
    );
  });

  it('leaves clean HTML alone and empty as empty', () => {
    expect(sanitizeRichText('<p><strong>Bold</strong> text</p>')).toBe('<p><strong>Bold</strong> text</p>');
    expect(sanitizeRichText(null)).toBe('');
  });
});

describe('multiSelectSummary', () => {
  it("shows up to 3 labels, then '{0} items selected'", () => {
    expect(multiSelectSummary([])).toBe('');
    expect(multiSelectSummary(['A', 'B', 'C'])).toBe('A, B, C');
    expect(multiSelectSummary(['A', 'B', 'C', 'D'])).toBe('4 items selected');
  });
});

describe('multi-step tabs', () => {
  it('wraps Next from the last tab to the first and Previous from the first to the last (3 tabs)', () => {
    expect([0, 1, 2].map((index) => nextTab(index, 3))).toEqual([1, 2, 0]);
    expect([0, 1, 2].map((index) => previousTab(index, 3))).toEqual([2, 0, 1]);
  });

  it('wraps for any number of tabs', () => {
    expect(nextTab(4, 5)).toBe(0);
    expect(previousTab(0, 5)).toBe(4);
  });

  it('enables a tab only when every tab before it is valid', () => {
    const validity = [true, false, true];
    expect(isTabEnabled(0, validity)).toBe(true);
    expect(isTabEnabled(1, validity)).toBe(true);
    expect(isTabEnabled(2, validity)).toBe(false);
  });

  it('shows Next only on a valid tab that is not the last, Submit only on the last', () => {
    expect(tabButtons(0, [true, false, false])).toMatchObject({ next: true, submit: false });
    expect(tabButtons(1, [true, false, false])).toMatchObject({ next: false, submit: false });
    expect(tabButtons(2, [true, true, true])).toMatchObject({ next: false, submit: true, submitDisabled: false });
    expect(tabButtons(2, [true, true, false])).toMatchObject({ submit: true, submitDisabled: true });
  });

  it('disables Previous when the tab it wraps to is not enabled yet', () => {
    expect(tabButtons(0, [true, false, false]).previousDisabled).toBe(true);
    expect(tabButtons(0, [true, true, false]).previousDisabled).toBe(false);
    expect(tabButtons(1, [true, false, false]).previousDisabled).toBe(false);
  });
});
