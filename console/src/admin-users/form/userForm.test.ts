import { REAL_ESTATE_USER_FIELDS, type AdminUserRecord } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import {
  canEnableEsign,
  clearFieldError,
  emptyUserForm,
  hasErrors,
  isValidDate,
  knownTemplates,
  phoneValue,
  serverErrorsOf,
  showsCapPanel,
  showsDefaultTemplates,
  showsField,
  shownErrors,
  templateErrorsOf,
  templatesFromRecord,
  templatesPayload,
  userFormFromRecord,
  userFormPayload,
  validateUserForm,
  type UserFormValues,
} from './userForm';

const filled = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  ...emptyUserForm(),
  first_name: 'Ann',
  last_name: 'Lee',
  mobile_phone: '(555) 555-0100',
  email: 'ann@example.test',
  role_id: 'AGENT',
  start_dt: '01/15/2024',
  ...overrides,
});

const record = (overrides: Partial<AdminUserRecord> = {}): AdminUserRecord => ({
  agent_id: 12,
  status: 'active',
  profile_image_url: null,
  first_name: 'Ann',
  last_name: 'Lee',
  mobile_phone: '(555) 555-0100',
  email: 'ann@example.test',
  alternate_email: null,
  role_id: 'AGENT',
  start_dt: '01/15/2024',
  can_download: true,
  can_download_activities: false,
  esign_enabled: false,
  leader_board_exclude: false,
  manage_billing: false,
  brokerage_cap_amt: 20000,
  royalty_cap_amt: null,
  lic_nbr: 'L-1',
  notes: null,
  ...overrides,
});

describe('a new user form', () => {
  it('starts with the spec defaults: can download and the welcome mail on, the rest off', () => {
    const form = emptyUserForm();
    expect(form).toMatchObject({
      can_download: true,
      can_download_activities: false,
      esign_enabled: false,
      leader_board_exclude: false,
      manage_billing: false,
      send_welcome_email: true,
      first_name: '',
      role_id: '',
    });
  });

  it("keeps the phone's digits, at most 10, and refuses fewer with 'Invalid phone number'", () => {
    expect(phoneValue('(512) 555-01')).toBe('51255501');
    expect(phoneValue('(512) 555-0123 ext')).toBe('5125550123');
    expect(phoneValue('51255501234')).toBe('5125550123');
    expect(phoneValue('(')).toBe('');
    expect(validateUserForm(filled({ mobile_phone: '51255501' }))).toEqual({ mobile_phone: 'Invalid phone number' });
    expect(validateUserForm(filled({ mobile_phone: '5125550123' }))).toEqual({});
    expect(userFormFromRecord(record({ mobile_phone: '(512) 555-0123' })).mobile_phone).toBe('5125550123');
  });

  it('requires first name, last name, mobile phone, email, role and start date', () => {
    expect(validateUserForm(emptyUserForm())).toEqual({
      first_name: 'Required',
      last_name: 'Required',
      mobile_phone: 'Required',
      email: 'Required',
      role_id: 'Required',
      start_dt: 'Required',
    });
    expect(validateUserForm(filled({ first_name: '   ' }))).toEqual({ first_name: 'Required' });
    expect(hasErrors(validateUserForm(filled()))).toBe(false);
  });

  it('checks dates as mm/dd/yyyy, amounts, email addresses and the forbidden characters', () => {
    expect(validateUserForm(filled({ start_dt: '2024-01-15' }))).toEqual({ start_dt: 'Invalid date' });
    expect(validateUserForm(filled({ start_dt: '02/30/2024' }))).toEqual({ start_dt: 'Invalid date' });
    expect(validateUserForm(filled({ brokerage_cap_anniversary_dt: '13/01/2024' }))).toEqual({
      brokerage_cap_anniversary_dt: 'Invalid date',
    });
    const amountError = 'Enter an amount of 0 or more with at most 2 decimals';
    expect(validateUserForm(filled({ brokerage_cap_amt: '-5' }))).toEqual({ brokerage_cap_amt: amountError });
    expect(validateUserForm(filled({ agent_trans_fee_amt: 'ten' }))).toEqual({ agent_trans_fee_amt: amountError });
    expect(validateUserForm(filled({ agent_monthly_fee_amt: '10.125' }))).toEqual({ agent_monthly_fee_amt: amountError });
    expect(validateUserForm(filled({ agent_monthly_fee_amt: '10.25', royalty_cap_amt: '0' }))).toEqual({});
    expect(validateUserForm(filled({ email: 'ann@' }))).toEqual({ email: 'Invalid email address.' });
    expect(validateUserForm(filled({ last_name: 'Lee <b>', notes: 'Call (maybe)' }))).toEqual({
      last_name: 'Characters < > * ! ( ) { } are not allowed',
      notes: 'Characters < > * ! ( ) { } are not allowed',
    });
    expect(isValidDate('02/29/2024')).toBe(true);
    expect(isValidDate('02/29/2023')).toBe(false);
  });
});

describe('vendors', () => {
  it('hide the real-estate fields and are not checked on them', () => {
    for (const field of ['brokerage_cap_amt', 'career_path', 'lead_source', 'leader_board_exclude'] as const) {
      expect(showsField(field, 'VENDOR', 'create')).toBe(false);
      expect(showsField(field, 'AGENT', 'create')).toBe(true);
    }
    expect(showsField('first_name', 'VENDOR', 'edit')).toBe(true);
    expect(validateUserForm(filled({ role_id: 'VENDOR', brokerage_cap_amt: '-1' }))).toEqual({});
  });

  it('send none of them', () => {
    const payload = userFormPayload(filled({ role_id: 'VENDOR', career_path: 'Luxury', brokerage_cap_amt: '100' }), 'create');
    for (const field of REAL_ESTATE_USER_FIELDS) expect(payload).not.toHaveProperty(field);
    expect(payload).toMatchObject({ role_id: 'VENDOR', lic_nbr: null });
  });
});

describe('userFormPayload', () => {
  it('creates with trimmed text, null for empty optional fields, numbers for amounts and the welcome mail', () => {
    const payload = userFormPayload(filled({ first_name: ' Ann ', brokerage_cap_amt: '25000.50', notes: '' }), 'create');
    expect(payload).toMatchObject({
      first_name: 'Ann',
      brokerage_cap_amt: 25000.5,
      notes: null,
      alternate_email: null,
      can_download: true,
      send_welcome_email: true,
      start_dt: '01/15/2024',
    });
  });

  it('patches only what changed, and never the welcome mail', () => {
    const initial = userFormFromRecord(record());
    expect(userFormPayload(initial, 'edit', initial)).toEqual({});
    const patch = userFormPayload({ ...initial, last_name: 'Lee-Park', brokerage_cap_amt: '', manage_billing: true }, 'edit', initial);
    expect(patch).toEqual({ last_name: 'Lee-Park', brokerage_cap_amt: null, manage_billing: true });
    expect(patch).not.toHaveProperty('send_welcome_email');
  });
});

describe('userFormFromRecord', () => {
  it('turns the record into input values', () => {
    const form = userFormFromRecord(record({ brokerage_cap_amt: 20000, notes: null, esign_enabled: true }));
    expect(form).toMatchObject({ brokerage_cap_amt: '20000', notes: '', esign_enabled: true, lic_nbr: 'L-1', role_id: 'AGENT' });
  });
});

describe('server field errors', () => {
  const error = toHttpError(400, 'Bad Request', {
    status: 'error',
    message: 'Validation failed',
    errors: [
      { field: 'email', error: 'Email is already in use' },
      { field: 'email', error: 'Invalid email address.' },
      { field: 'start_dt', error: 'Invalid date' },
      { field: 'default_commission_templates', error: 'Unknown template' },
    ],
  });

  it('go under their fields (first message), the rest to the form error', () => {
    expect(serverErrorsOf(error)).toEqual({
      fields: { email: 'Email is already in use', start_dt: 'Invalid date' },
      unplaced: ['Unknown template'],
    });
  });

  it('clear on the edited field only', () => {
    const { fields } = serverErrorsOf(error);
    const after = clearFieldError(fields, 'email');
    expect(after).toEqual({ start_dt: 'Invalid date' });
    expect(clearFieldError(after, 'email')).toBe(after);
  });

  it("show before the form's own errors, which show only after a submit attempt", () => {
    const client = validateUserForm(emptyUserForm());
    expect(shownErrors(client, {}, false)).toEqual({});
    expect(shownErrors(client, {}, true).first_name).toBe('Required');
    expect(shownErrors({}, { email: 'Email is already in use' }, false)).toEqual({ email: 'Email is already in use' });
    expect(shownErrors({ email: 'Required' }, { email: 'Email is already in use' }, true).email).toBe('Email is already in use');
  });
});

describe('canEnableEsign', () => {
  it('needs the team_esign permission', () => {
    expect(canEnableEsign(['team_esign'])).toBe(true);
    expect(canEnableEsign(['transaction_sync'])).toBe(false);
    expect(canEnableEsign(undefined)).toBe(false);
  });
});

describe('Default Commission Templates', () => {
  const template = (id: number, side: 'b' | 's') => ({
    commission_template_id: id,
    name: `T${id}`,
    client_type_id: side,
    cap_kind: null,
    pct: 0,
    flat_amt: 0,
  });
  const list = (show: boolean) => ({
    buyer: [template(1, 'b'), template(2, 'b')],
    seller: [template(4, 's')],
    show_default_templates: show,
  });

  it('shows only when the platform setting says so, and never for VENDOR', () => {
    expect(showsDefaultTemplates(list(true), 'AGENT')).toBe(true);
    expect(showsDefaultTemplates(list(true), 'ADMIN')).toBe(true);
    expect(showsDefaultTemplates(list(false), 'AGENT')).toBe(false);
    expect(showsDefaultTemplates(list(true), 'VENDOR')).toBe(false);
    expect(showsDefaultTemplates(null, 'AGENT')).toBe(false);
  });

  it("reads the user's stored lists, keeping only the templates the team still has", () => {
    const stored = templatesFromRecord(record({ default_commission_templates: { buyer: [2, 9], seller: [4] } }));
    expect(stored).toEqual({ buyer: [2, 9], seller: [4] });
    expect(knownTemplates(stored, list(true))).toEqual({ buyer: [2], seller: [4] });
    expect(templatesFromRecord(record())).toEqual({ buyer: [], seller: [] });
  });

  it('sends no default_commission_templates while hidden, so the stored ones stay', () => {
    expect(templatesPayload({ shown: false, mode: 'create', values: { buyer: [1], seller: [] } })).toEqual({});
    expect(
      templatesPayload({ shown: false, mode: 'edit', values: { buyer: [1], seller: [] }, initial: { buyer: [], seller: [] } }),
    ).toEqual({});
  });

  it('sends both lists on create, and on edit only when a list changed', () => {
    expect(templatesPayload({ shown: true, mode: 'create', values: { buyer: [1, 2], seller: [] } })).toEqual({
      default_commission_templates: { buyer: [1, 2], seller: [] },
    });
    const initial = { buyer: [1, 2], seller: [4] };
    expect(templatesPayload({ shown: true, mode: 'edit', values: { buyer: [2, 1], seller: [4] }, initial })).toEqual({});
    expect(templatesPayload({ shown: true, mode: 'edit', values: { buyer: [2], seller: [4] }, initial })).toEqual({
      default_commission_templates: { buyer: [2], seller: [4] },
    });
  });

  it("places identity's 'Unknown commission template' under the side it names, not in the form error", () => {
    const error = toHttpError(400, 'Bad Request', {
      status: 'error',
      message: 'Validation failed',
      errors: [
        { field: 'default_commission_templates.seller', error: 'Unknown commission template' },
        { field: 'email', error: 'Email is already in use' },
      ],
    });
    expect(templateErrorsOf(error)).toEqual({ seller: 'Unknown commission template' });
    expect(serverErrorsOf(error)).toEqual({ fields: { email: 'Email is already in use' }, unplaced: [] });
  });
});

describe('showsCapPanel', () => {
  it('is for existing users, not VENDOR, on a market 0 team', () => {
    expect(showsCapPanel({ mode: 'edit', role: 'AGENT', marketId: 0 })).toBe(true);
    expect(showsCapPanel({ mode: 'edit', role: 'TRANC', marketId: undefined })).toBe(true);
    expect(showsCapPanel({ mode: 'create', role: 'AGENT', marketId: 0 })).toBe(false);
    expect(showsCapPanel({ mode: 'edit', role: 'VENDOR', marketId: 0 })).toBe(false);
    expect(showsCapPanel({ mode: 'edit', role: 'AGENT', marketId: 2 })).toBe(false);
  });
});
