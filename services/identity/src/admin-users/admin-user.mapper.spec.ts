import { REAL_ESTATE_USER_FIELDS } from '@app/contracts';
import { UserEntity } from '../users/user.entity';
import { applyForm, isTeamMember, recordOf } from './admin-user.mapper';

function agent(overrides: Partial<UserEntity> = {}): UserEntity {
  return Object.assign(new UserEntity(), {
    agent_id: 5,
    team_id: 1,
    email: 'alex@x.test',
    first_name: 'Alex',
    last_name: 'Agent',
    mobile_phone: '(555) 555-0100',
    alternate_email: null,
    roles: ['AGENT'],
    status: 'active',
    start_dt: '2026-03-15',
    can_download: true,
    can_download_activities: false,
    esign_enabled: false,
    leader_board_exclude: true,
    manage_billing: false,
    brokerage_cap_amt: 1000,
    royalty_cap_amt: 2000,
    brokerage_cap_anniversary_dt: '2026-04-01',
    royalty_cap_anniversary_dt: '2026-05-01',
    agent_trans_fee_amt: 100,
    agent_monthly_fee_amt: 10,
    lic_nbr: 'L-1',
    pid: 'P-1',
    career_path: 'Path',
    lead_source: 'Source',
    notes: null,
    business_entity: null,
    default_buyer_commission_templates: [1],
    default_seller_commission_templates: [2],
    profile_image_path: null,
    ...overrides,
  });
}

/** A real-estate field's value in the record, as "empty" or not. */
const isEmpty = (value: unknown) =>
  value === null ||
  value === false ||
  (typeof value === 'object' && value !== null && Object.values(value).every((v) => Array.isArray(v) && v.length === 0));

describe(recordOf.name, () => {
  const sut = recordOf;

  it('answers the form with dates MM/DD/YYYY and the templates as buyer and seller lists', () => {
    expect(sut(agent(), 'https://img')).toMatchObject({
      role_id: 'AGENT',
      start_dt: '03/15/2026',
      brokerage_cap_anniversary_dt: '04/01/2026',
      default_commission_templates: { buyer: [1], seller: [2] },
      profile_image_url: 'https://img',
      status: 'active',
    });
  });

  it.each(REAL_ESTATE_USER_FIELDS.map((field) => [field]))('answers %s of a VENDOR empty, even if stored', (field) => {
    const vendor = sut(agent({ roles: ['VENDOR'] }), null);
    expect(isEmpty(vendor[field])).toBe(true);
    expect(isEmpty(sut(agent(), null)[field])).toBe(false);
  });
});

describe(applyForm.name, () => {
  const sut = applyForm;

  it('copies present fields only and converts dates and templates', () => {
    const user = agent();
    sut(user, {
      last_name: 'New',
      start_dt: '01/02/2025',
      royalty_cap_anniversary_dt: null,
      default_commission_templates: { buyer: [4, 4, 3], seller: [] },
    });
    expect(user).toMatchObject({
      first_name: 'Alex',
      last_name: 'New',
      start_dt: '2025-01-02',
      royalty_cap_anniversary_dt: null,
      default_buyer_commission_templates: [4, 3],
      default_seller_commission_templates: [],
      lic_nbr: 'L-1',
    });
  });

  it.each(REAL_ESTATE_USER_FIELDS.map((field) => [field]))('does not store %s for a VENDOR (sent or stored before)', (field) => {
    const user = agent();
    sut(user, {
      role_id: 'VENDOR',
      brokerage_cap_amt: 5,
      career_path: 'x',
      leader_board_exclude: true,
      default_commission_templates: { buyer: [9], seller: [9] },
    });
    expect(user.roles).toEqual(['VENDOR']);
    expect(isEmpty(recordOf(Object.assign(new UserEntity(), user, { roles: ['AGENT'] }), null)[field])).toBe(true);
  });
});

describe(isTeamMember.name, () => {
  it.each([
    ['ADMIN', true],
    ['TRANC', true],
    ['ISISA', true],
    ['AGENT', true],
    ['VENDOR', true],
    ['CLIENT', false],
  ] as const)('%s: %s', (role, expected) => {
    expect(isTeamMember({ roles: [role] })).toBe(expected);
  });
});
