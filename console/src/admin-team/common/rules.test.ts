import { describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import { maxLength, nameRules, optionalText, required, safeText } from './rules';
import { submitErrors } from '../../shared/forms/submitErrors';

describe('form rules', () => {
  it("requires a value, blanks included ('Required')", () => {
    expect(required('')).toBe('Required');
    expect(required('   ')).toBe('Required');
    expect(required(null)).toBe('Required');
    expect(required('Photos')).toBeUndefined();
    expect(required(0)).toBeUndefined();
  });

  it('caps the length as the server counts it', () => {
    expect(maxLength(100)('x'.repeat(100))).toBeUndefined();
    expect(maxLength(100)('x'.repeat(101))).toBe('At most 100 characters');
    expect(maxLength(5)(undefined)).toBeUndefined();
  });

  it('names are required and at most 100 characters', () => {
    const check = (value: string) => nameRules.map((rule) => rule(value)).find(Boolean);
    expect(check('')).toBe('Required');
    expect(check('y'.repeat(101))).toBe('At most 100 characters');
    expect(check('Inspections')).toBeUndefined();
  });

  it('refuses < > * ! ( ) { } in text fields', () => {
    expect(safeText('Rival Homes (East)')).toBe('Characters < > * ! ( ) { } are not allowed');
    expect(safeText('Rival Homes, East')).toBeUndefined();
  });

  it('sends optional text trimmed, and null when empty', () => {
    expect(optionalText('  Suite 5 ')).toBe('Suite 5');
    expect(optionalText('   ')).toBeNull();
    expect(optionalText(undefined)).toBeNull();
  });
});

describe('submitErrors', () => {
  const validation = toHttpError(400, 'Bad Request', {
    status: 'error',
    message: 'Validation failed',
    errors: [
      { field: 'name', error: 'Required' },
      { field: 'name', error: 'Too short' },
      { field: 'timezone', error: 'Unknown time zone' },
    ],
  });

  it('places field errors under their fields (first message) with the form error toast', () => {
    const notify = vi.fn();

    expect(submitErrors(validation, notify, ['name', 'timezone'])).toEqual({ name: 'Required', timezone: 'Unknown time zone' });
    expect(notify).toHaveBeenCalledWith('Form Error: Please correct errors to save changes.', { type: 'error' });
  });

  it('keeps only the fields the form shows; a field error it cannot place is a toast of its own', () => {
    const notify = vi.fn();

    expect(submitErrors(validation, notify, ['timezone'])).toEqual({ timezone: 'Unknown time zone' });
    expect(submitErrors(validation, notify, ['city'])).toBeUndefined();
    expect(notify).toHaveBeenLastCalledWith('Required', { type: 'error' });
  });

  it("shows the server's message for errors without fields (403, 409)", () => {
    const notify = vi.fn();
    const forbidden = toHttpError(403, 'Forbidden', { status: 'error', message: 'System folders cannot be edited or deleted' });

    expect(submitErrors(forbidden, notify, ['folder_name'])).toBeUndefined();
    expect(notify).toHaveBeenCalledWith('System folders cannot be edited or deleted', { type: 'error' });
  });

  it('falls back to the server error words', () => {
    const notify = vi.fn();

    submitErrors(new Error(''), notify);

    expect(notify).toHaveBeenCalledWith('Server error please try again.', { type: 'error' });
  });
});
