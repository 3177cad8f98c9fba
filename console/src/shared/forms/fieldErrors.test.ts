import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import { fieldErrorsOf, hasFieldErrors, messageOf, renameFields, statusOf } from './fieldErrors';

describe('fieldErrorsOf', () => {
  it("keeps the first message per field of the server's [{field, error}]", () => {
    const error = toHttpError(400, 'Bad Request', {
      status: 'error',
      message: 'Validation failed',
      errors: [
        { field: 'mobile_phone', error: 'Invalid phone number' },
        { field: 'mobile_phone', error: 'Required' },
        { field: 'first_name', error: 'Required' },
      ],
    });

    expect(fieldErrorsOf(error)).toEqual({ mobile_phone: 'Invalid phone number', first_name: 'Required' });
    expect(hasFieldErrors(error)).toBe(true);
  });

  it('reads a raw body and a record of messages too', () => {
    expect(fieldErrorsOf({ errors: [{ field: 'email', error: 'Invalid email address.' }] })).toEqual({
      email: 'Invalid email address.',
    });
    expect(fieldErrorsOf({ body: { errors: { city: ['Too long', 'Other'] } } })).toEqual({ city: 'Too long' });
  });

  it('gives nothing for errors without field errors', () => {
    const error = toHttpError(500, 'Internal Server Error', { status: 'error', message: 'Boom' });
    expect(fieldErrorsOf(error)).toEqual({});
    expect(hasFieldErrors(error)).toBe(false);
    expect(fieldErrorsOf(null)).toEqual({});
    expect(fieldErrorsOf('oops')).toEqual({});
  });

  it('renames server fields to form fields, keeping the first message', () => {
    expect(
      renameFields(
        { captcha_string: 'Invalid code.', captcha_hash: 'Expired', email: 'Bad' },
        {
          captcha_string: 'code',
          captcha_hash: 'code',
        },
      ),
    ).toEqual({ code: 'Invalid code.', email: 'Bad' });
  });

  it('reads status and message with fallbacks', () => {
    const error = toHttpError(403, 'Forbidden', { message: 'Nope' });
    expect(statusOf(error)).toBe(403);
    expect(messageOf(error, 'x')).toBe('Nope');
    expect(statusOf(new Error('x'))).toBe(0);
    expect(messageOf({}, 'fallback')).toBe('fallback');
  });
});
