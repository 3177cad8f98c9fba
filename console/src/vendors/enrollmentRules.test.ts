import { describe, expect, it } from 'vitest';
import { addressRules, companyRules, contactRules, enrollmentOf, firstErrorOf, initialValues, inviteTokenOf } from './enrollmentRules';

describe('vendor enrollment rules', () => {
  it("asks every field but address_2: 'Required.', and 'required.' for the contact's", () => {
    expect(companyRules[0]('')).toBe('Required.');
    expect(companyRules[0]('  ')).toBe('Required.');
    expect(companyRules[0]('Acme')).toBeUndefined();
    expect(contactRules[0](null)).toBe('required.');
    expect(addressRules('address_1')[0]('')).toBe('Required.');
    expect(addressRules('address_2')).toEqual([]);
    for (const field of ['city', 'state', 'postal_code'] as const) expect(addressRules(field)).toHaveLength(1);
  });

  it('prefills from the invite', () => {
    const values = initialValues({
      team_name: 'Demo Realty',
      name: 'Acme Title',
      address: { address_1: '', address_2: '', city: '', state: '', postal_code: '' },
      primary_contact: { first_name: '', last_name: '', email: 'owner@acme.test', phone: '' },
    });
    expect(values.name).toBe('Acme Title');
    expect(values.primary_contact.email).toBe('owner@acme.test');
  });

  it('sends trimmed texts, the phone unmasked and the token of the URL', () => {
    expect(
      enrollmentOf(
        {
          name: ' Acme ',
          address: { address_1: ' 1 Main ', address_2: '  ', city: 'Springfield', state: 'IL', postal_code: '62701' },
          primary_contact: { first_name: 'Pat', last_name: 'Lee', email: ' pat@acme.test ', phone: '(555) 123-4567' },
        },
        'tok',
      ),
    ).toEqual({
      invite_token: 'tok',
      name: 'Acme',
      address: { address_1: '1 Main', address_2: null, city: 'Springfield', state: 'IL', postal_code: '62701' },
      primary_contact: { first_name: 'Pat', last_name: 'Lee', email: 'pat@acme.test', phone: '5551234567' },
    });
  });

  it("shows the first entry of the server's error list, else its message", () => {
    const body = {
      message: 'Validation failed',
      errors: { 'primary_contact.email': 'Email is already in use', name: 'Required.' },
      field_errors: [
        { field: 'name', error: 'Required.' },
        { field: 'primary_contact.email', error: 'Email is already in use' },
      ],
    };
    expect(firstErrorOf({ message: 'Validation failed', body }, 'x')).toBe('Required.');
    expect(firstErrorOf({ body: { errors: [{ field: 'a', error: 'This is an invalid email address' }] } }, 'x')).toBe(
      'This is an invalid email address',
    );
    expect(firstErrorOf({ message: 'This invite link has expired.', body: { message: 'This invite link has expired.' } }, 'x')).toBe(
      'This invite link has expired.',
    );
    expect(firstErrorOf(null, 'fallback')).toBe('fallback');
  });

  it('reads the invite token of the query string', () => {
    expect(inviteTokenOf('?invite_token=abc_123')).toBe('abc_123');
    expect(inviteTokenOf('?invite_token=')).toBeNull();
    expect(inviteTokenOf('')).toBeNull();
  });
});
