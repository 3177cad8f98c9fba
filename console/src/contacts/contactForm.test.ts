import type { ContactDetail } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT, formValuesOf, requestOf } from './contactForm';

const detail: ContactDetail = {
  contact_id: 5,
  first_name: 'Pat',
  last_name: 'Dupe',
  email: 'pat@dupe.test',
  mobile_phone: '5125550001',
  address_1: '1 Main St',
  address_2: '',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  lead_type_id: 3,
  lead_type: 'Zillow',
  agent_id: 9,
  agent_name: 'Alex Agent',
  client_transaction_count: 0,
  status: 'active',
  custom_fields: {},
  version: 2,
  created_ts: '2026-01-01T00:00:00.000Z',
  transactions: [],
};

describe('contact form values', () => {
  it('reads the form values of a contact', () => {
    expect(formValuesOf(detail)).toEqual({
      first_name: 'Pat',
      last_name: 'Dupe',
      email: 'pat@dupe.test',
      mobile_phone: '5125550001',
      address_1: '1 Main St',
      address_2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      lead_type_id: 3,
      agent_id: 9,
      status: 'active',
    });
  });

  it('sends only what changed on update, blanks as null', () => {
    const initial = formValuesOf(detail);
    expect(requestOf({ ...initial, last_name: ' Duper ', city: '', email: null }, initial, true)).toEqual({
      last_name: 'Duper',
      city: null,
      email: null,
    });
    expect(requestOf(initial, initial, true)).toEqual({});
  });

  it('sends the filled fields on create, and the agent only to those who may choose it', () => {
    const values = { ...EMPTY_CONTACT, first_name: 'Nia', last_name: 'New', agent_id: 4 };
    expect(requestOf(values, null, true)).toEqual({ first_name: 'Nia', last_name: 'New', agent_id: 4, status: 'active' });
    expect(requestOf(values, null, false)).toEqual({ first_name: 'Nia', last_name: 'New', status: 'active' });
  });
});
