import { describe, expect, it } from 'vitest';
import { canRevoke, inviteeOf, inviteRequestOf, shortDate, statusLabel, VENDOR_TYPE_CHOICES } from './inviteRules';

describe('vendor invite rules', () => {
  it('offers the three vendor types', () => {
    expect(VENDOR_TYPE_CHOICES.map((c) => c.id)).toEqual(['Attorney', 'Mortgage', 'Title']);
  });

  it('sends only what was filled in', () => {
    expect(inviteRequestOf({ email: ' a@b.co ', name: '', vendor_type: 'Title' })).toEqual({ email: 'a@b.co', vendor_type: 'Title' });
    expect(inviteRequestOf({ vendor_type: 'Plumber' })).toEqual({});
  });

  it('names the invitee by company, then email', () => {
    expect(inviteeOf({ name: 'Acme', email: 'a@b.co' })).toBe('Acme');
    expect(inviteeOf({ name: null, email: 'a@b.co' })).toBe('a@b.co');
    expect(inviteeOf({ name: null, email: null })).toBe('—');
  });

  it('revokes pending and expired invites only', () => {
    expect(['pending', 'used', 'expired', 'revoked'].map((status) => canRevoke({ status } as never))).toEqual([true, false, true, false]);
    expect(statusLabel('used')).toBe('Used');
  });

  it('shows dates as MM/DD/YYYY', () => {
    expect(shortDate('2026-03-05T12:00:00.000Z')).toBe('03/05/2026');
    expect(shortDate(null)).toBe('—');
  });
});
