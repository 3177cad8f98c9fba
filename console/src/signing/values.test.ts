import { describe, expect, it } from 'vitest';
import { buildField, buildSession, OWN_FIELDS } from './testSession';
import {
  displayOf,
  draftError,
  draftOf,
  fillableFields,
  initialDrafts,
  inReadingOrder,
  initialsOf,
  nextGuideField,
  progressOf,
  submissionValues,
  submittedFields,
  valueOfDraft,
  type Drafts,
} from './values';

const field = (uuid: string) => OWN_FIELDS.find((item) => item.uuid === uuid)!;

describe('the signing model', () => {
  it("fills in the signer's own fields only; the signing date is filled, sent and never typed", () => {
    const session = buildSession();
    const fillable = fillableFields(session).map((item) => item.uuid);
    expect(fillable).not.toContain('f-today');
    expect(fillable).not.toContain('f-seller');
    expect(submittedFields(session).map((item) => item.uuid)).toContain('f-today');
    const drafts = initialDrafts(session, '2025-03-07');
    expect(drafts['f-today']).toBe('03/07/2025');
    expect(drafts['f-waive']).toBe(false);
    expect(drafts['f-extras']).toEqual([]);
    expect(drafts['f-sign']).toBeNull();
    // A value already set starts the input: a number as typed, a phone as digits, a date in its format.
    expect(draftOf(field('f-price'), 1500)).toBe('1500.00');
    expect(draftOf(field('f-phone'), '(555) 123-4567')).toBe('5551234567');
    expect(draftOf(field('f-move'), '2025-03-07')).toBe('07/03/2025');
    expect(draftOf(field('f-agree'), 'true')).toBe(true);
  });

  it('says the messages of esignValueError for what is typed', () => {
    expect(draftError(field('f-name'), '')).toBe('This field is required');
    expect(draftError(field('f-email'), 'jane@')).toBe('Please enter a valid email address');
    expect(draftError(field('f-email'), '')).toBeNull();
    expect(draftError(field('f-phone'), '555')).toBe('Please enter a valid phone number');
    expect(draftError(field('f-price'), '1,500.50')).toBeNull();
    expect(draftError(field('f-price'), '12.345')).toBe('Please enter a valid value');
    expect(draftError(field('f-count'), 'two')).toBe('Please enter a valid value');
    expect(draftError(field('f-agree'), false)).toBe('This field is required');
    expect(draftError(field('f-move'), '30/02/2025')).toBe('Incorrect format');
    expect(draftError(field('f-move'), '07/03/2025')).toBeNull();
    expect(draftError(field('f-sign'), null)).toBe('This field is required');
    expect(draftError(field('f-sign'), { kind: 'typed', text: 'Jane' })).toBeNull();
    const link = buildField({
      uuid: 'f-link',
      type: 'text',
      platform_type: 'hyperlink',
      validation: { pattern: null, host: 'zillow.com' },
    });
    expect(draftError(link, 'https://example.com/home')).toBe('Incorrect format: zillow.com');
    expect(valueOfDraft(field('f-move'), '7/3/2025')).toBe('2025-03-07');
  });

  it('sends every submitted field as stored: floats, unmasked phone, booleans, arrays, ISO dates, signatures', () => {
    const session = buildSession();
    const drafts: Drafts = {
      ...initialDrafts(session, '2025-03-07'),
      'f-name': ' Jane Q. Buyer ',
      'f-phone': '5551234567',
      'f-price': '$1,500.50',
      'f-count': '2',
      'f-agree': true,
      'f-extras': ['Fridge', 'Dryer'],
      'f-close': '30 days',
      'f-move': '01/04/2025',
      'f-sign': { kind: 'typed', text: 'Jane Q. Buyer' },
      'f-init': { kind: 'drawn', image: 'data:image/png;base64,AAAA' },
    };
    expect(submissionValues(session, drafts)).toEqual({
      'f-name': 'Jane Q. Buyer',
      'f-email': null,
      'f-phone': '5551234567',
      'f-price': 1500.5,
      'f-count': 2,
      'f-agree': true,
      'f-waive': false,
      'f-extras': ['Fridge', 'Dryer'],
      'f-close': '30 days',
      'f-loan': null,
      'f-move': '2025-04-01',
      'f-today': '2025-03-07',
      'f-sign': { kind: 'typed', text: 'Jane Q. Buyer' },
      'f-init': { kind: 'drawn', image: 'data:image/png;base64,AAAA' },
    });
  });

  it('guides to the next empty required field in reading order, going round, then to the invalid ones', () => {
    const session = buildSession();
    const ordered = inReadingOrder(fillableFields(session));
    expect(ordered.map((item) => item.uuid).slice(0, 3)).toEqual(['f-name', 'f-email', 'f-phone']);
    // Same line: left to right.
    expect(ordered.findIndex((item) => item.uuid === 'f-agree')).toBeLessThan(ordered.findIndex((item) => item.uuid === 'f-waive'));
    const drafts = initialDrafts(session, '2025-03-07');
    expect(nextGuideField(ordered, drafts, null)?.uuid).toBe('f-name');
    expect(nextGuideField(ordered, drafts, 'f-name')?.uuid).toBe('f-phone');
    expect(nextGuideField(ordered, drafts, 'f-init')?.uuid).toBe('f-name');
    const filled: Drafts = {
      ...drafts,
      'f-name': 'Jane',
      'f-phone': '5551234567',
      'f-price': '100',
      'f-agree': true,
      'f-close': '30 days',
      'f-move': '01/04/2025',
      'f-sign': { kind: 'typed', text: 'Jane' },
      'f-init': { kind: 'typed', text: 'JB' },
      'f-email': 'not an address',
    };
    expect(nextGuideField(ordered, filled, 'f-init')?.uuid).toBe('f-email');
    expect(nextGuideField(ordered, { ...filled, 'f-email': '' }, null)).toBeNull();
  });

  it('counts the required fields with an acceptable value', () => {
    const session = buildSession();
    const fillable = fillableFields(session);
    const drafts = initialDrafts(session, '2025-03-07');
    expect(progressOf(fillable, drafts)).toEqual({ done: 0, total: 8 });
    expect(progressOf(fillable, { ...drafts, 'f-name': 'Jane', 'f-phone': '555' })).toEqual({ done: 1, total: 8 });
    // Only optional fields: the filled ones of all of them.
    const optional = [field('f-email'), field('f-count')];
    expect(progressOf(optional, { 'f-email': 'a@b.co', 'f-count': '' })).toEqual({ done: 1, total: 2 });
  });

  it('shows values read-only as the signer would read them', () => {
    expect(displayOf(field('f-price'), 1500.5)).toEqual({ kind: 'text', text: '$1,500.50' });
    expect(displayOf(field('f-phone'), '5551234567')).toEqual({ kind: 'text', text: '(555) 123-4567' });
    expect(displayOf(field('f-move'), '2025-03-07')).toEqual({ kind: 'text', text: '07/03/2025' });
    expect(displayOf(field('f-agree'), true)).toEqual({ kind: 'check' });
    expect(displayOf(field('f-agree'), false)).toBeNull();
    expect(displayOf(field('f-extras'), ['Fridge', 'Dryer'])).toEqual({ kind: 'text', text: 'Fridge, Dryer' });
    expect(displayOf(field('f-sign'), { kind: 'typed', text: 'Sam' })).toEqual({
      kind: 'signature',
      value: { kind: 'typed', text: 'Sam' },
    });
    expect(displayOf(field('f-name'), null)).toBeNull();
    expect(displayOf(field('f-today'), '{{date}}')).toBeNull();
    expect(displayOf(buildField({ uuid: 's', type: 'strikethrough' }), null)).toEqual({ kind: 'strike' });
    expect(initialsOf('Jane Q. Buyer')).toBe('JQB');
  });
});
