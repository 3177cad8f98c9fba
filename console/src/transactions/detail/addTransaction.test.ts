import { describe, expect, it } from 'vitest';
import { canAddTransaction, canChooseAgent, contactOrAddressRule, createRequestOf } from './addTransaction';

describe('Add Transaction', () => {
  it('is for everyone on the list but a vendor; only ADMIN and TRANC choose the agent', () => {
    expect(canAddTransaction(['AGENT'])).toBe(true);
    expect(canAddTransaction(['ISISA'])).toBe(true);
    expect(canAddTransaction(['VENDOR'])).toBe(false);
    expect(canAddTransaction(['CLIENT'])).toBe(false);
    expect(canChooseAgent(['TRANC'])).toBe(true);
    expect(canChooseAgent(['AGENT', 'ISISA'])).toBe(false);
  });

  it('asks for a contact or an address', () => {
    expect(contactOrAddressRule(null, { contact: {} })).toBe('Enter a contact or an address');
    expect(contactOrAddressRule('  ', { contact: { email: '' } })).toBe('Enter a contact or an address');
    expect(contactOrAddressRule(null, { contact: { last_name: 'Diaz' } })).toBeUndefined();
    expect(contactOrAddressRule('1 Main St', undefined)).toBeUndefined();
  });

  it('sends what was filled, and the agent only when the user chooses one', () => {
    const values = {
      type: 's' as const,
      contact: { first_name: ' Dana ', last_name: null, email: 'dana@example.com', mobile_phone: '5125550123' },
      address_1: '1 Main St',
      address_2: '',
      city: 'Austin',
      primary_agent_id: 12,
      stage_id: null,
      status_id: 3,
    };
    expect(createRequestOf(values, { chooseAgent: true })).toEqual({
      type: 's',
      contact: { first_name: 'Dana', email: 'dana@example.com', mobile_phone: '5125550123' },
      address_1: '1 Main St',
      city: 'Austin',
      primary_agent_id: 12,
      status_id: 3,
    });
    expect(createRequestOf({ ...values, contact: {} }, { chooseAgent: false })).toEqual({
      type: 's',
      address_1: '1 Main St',
      city: 'Austin',
      status_id: 3,
    });
  });
});
