import type { ContactRecord } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { contactCellText, contactColumnsFor } from './ContactList';

const row: ContactRecord = {
  contact_id: 1,
  first_name: 'Pat',
  last_name: 'Dupe',
  email: null,
  mobile_phone: '5125550001',
  address_1: '',
  address_2: '',
  city: 'Austin',
  state: '',
  postal_code: '',
  lead_type_id: 3,
  agent_id: 9,
  agent_name: 'Alex Agent',
  client_transaction_count: 2,
  status: 'inactive',
};

describe('contacts table', () => {
  it('shows the Agent column to ADMIN, TRANC and ISISA only', () => {
    for (const role of ['ADMIN', 'TRANC', 'ISISA']) expect(contactColumnsFor([role]).map((c) => c.field)).toContain('agent_name');
    expect(contactColumnsFor(['AGENT']).map((c) => c.field)).not.toContain('agent_name');
  });

  it('writes lead sources by name, phones masked, statuses in words', () => {
    const leadSources = new Map([[3, 'Zillow']]);
    expect(contactCellText('lead_type_id', row, leadSources)).toBe('Zillow');
    expect(contactCellText('mobile_phone', row, leadSources)).toBe('(512) 555-0001');
    expect(contactCellText('status', row, leadSources)).toBe('Inactive');
    expect(contactCellText('email', row, leadSources)).toBe('');
    expect(contactCellText('client_transaction_count', row, leadSources)).toBe('2');
  });
});
