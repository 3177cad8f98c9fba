import type { TransactionSnapshot } from '@app/contracts';
import { contactsOf, kindOf, planSkySlopeFile, splitStreet } from './skyslope-file.mapper';

const row = (overrides: Partial<TransactionSnapshot> = {}) =>
  ({
    client_id: 42,
    team_id: 1,
    type: 'b',
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ANN@mail.test',
    mobile_phone: null,
    address_1: '12B Elm St',
    address_2: '',
    city: 'Reno',
    state: 'NV',
    postal_code: '89501',
    formatted_address: '',
    primary_agent_id: 3,
    appt_set_by_agent_id: null,
    trans_amt: 100000,
    gci_pct: 2.5,
    gross_commission_amt: 2500,
    under_contract_dt: null,
    est_close_dt: null,
    closed_dt: null,
    custom_values: {},
    contacts: [
      { name: 'Ann Lee', email: 'ann@mail.test' },
      { name: 'Mary Jo Smith', email: null },
    ],
    version: 1,
    ...overrides,
  }) as TransactionSnapshot;

const context = { officeGuid: 'o', agentGuid: 'a', checklistTypeId: 7, prefs: {}, matchedGuids: new Map([[3, 'g3']]) };

describe('planSkySlopeFile', () => {
  it('splits the street number from the street, and keeps an address without one whole', () => {
    expect(splitStreet('12B Elm St')).toEqual({ streetNumber: '12B', streetAddress: 'Elm St' });
    expect(splitStreet('1208-1210 Oak Hollow Dr')).toEqual({ streetNumber: '1208-1210', streetAddress: 'Oak Hollow Dr' });
    expect(splitStreet('Rural Route')).toEqual({ streetNumber: '', streetAddress: 'Rural Route' });
  });

  it('makes a sale of a buyer and a listing of a seller', () => {
    expect(kindOf(row())).toBe('sale');
    expect(kindOf(row({ type: 's' }))).toBe('listing');
    expect(planSkySlopeFile(row({ type: 's' }), context).body).toMatchObject({ listingPrice: 100000 });
  });

  it('lists each contact once (the client first; by email, case aside, or by name) and splits names at the last word', () => {
    expect(contactsOf(row()).map((c) => c.contact)).toEqual([
      { firstName: 'Ann', lastName: 'Lee', email: 'ANN@mail.test' },
      { firstName: 'Mary Jo', lastName: 'Smith' },
    ]);
  });

  it('hashes what is sent: the same row the same hash, a preference or a price another', () => {
    const sut = planSkySlopeFile(row(), context);
    expect(planSkySlopeFile(row({ version: 9, tag_ids: [1] }), context).hash).toBe(sut.hash);
    expect(planSkySlopeFile(row({ trans_amt: 1 }), context).hash).not.toBe(sut.hash);
    expect(planSkySlopeFile(row(), { ...context, prefs: { send_commission: true } }).hash).not.toBe(sut.hash);
  });

  it('sends a null referral percent when the field is empty, and no split of an unmatched agent', () => {
    const sut = planSkySlopeFile(row({ appt_set_by_agent_id: 8 }), {
      ...context,
      prefs: { send_referral: true, send_commission_splits: true },
    });
    expect(sut.body.referral).toEqual({ referralPercent: null });
    expect(sut.body.commissionSplits).toEqual([{ agentGuid: 'g3', splitPercent: 100, amount: 2500 }]);
  });
});
