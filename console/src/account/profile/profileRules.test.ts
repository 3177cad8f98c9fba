import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../test/factories';
import {
  amount,
  canEditCaps,
  hasCommissions,
  isMarketZero,
  percent,
  profilePayload,
  required,
  safeText,
  showsCaps,
  showsIntegrations,
  showsNotes,
} from './profileRules';

describe('profile rules', () => {
  it('shows Cap and Split only for market 0', () => {
    expect(isMarketZero(buildProfile())).toBe(true);
    expect(isMarketZero(buildProfile({ team: { team_id: 1, name: 'X', market_id: 3 } }))).toBe(false);
  });

  it('hides Cap and Split, the cap card and the SkySlope GUID from clients and vendors', () => {
    for (const role of ['ADMIN', 'TRANC', 'ISISA', 'AGENT'] as const) {
      expect(hasCommissions(buildProfile({ roles: [role] }))).toBe(true);
      expect(showsCaps(buildProfile({ roles: [role] }))).toBe(true);
    }
    for (const role of ['CLIENT', 'VENDOR'] as const) {
      const profile = buildProfile({ roles: [role], permissions: ['transaction_sync'] });
      expect(hasCommissions(profile)).toBe(false);
      expect(showsCaps(profile)).toBe(false);
      expect(showsIntegrations(profile)).toBe(false);
    }
    expect(showsCaps(buildProfile({ roles: ['ADMIN'], team: { team_id: 1, name: 'X', market_id: 3 } }))).toBe(false);
  });

  it('lets non-agents edit caps, and agents only with allow_agent_edit_cap_amt', () => {
    expect(canEditCaps(buildProfile({ roles: ['ADMIN'], permissions: [] }))).toBe(true);
    expect(canEditCaps(buildProfile({ roles: ['TRANC'], permissions: [] }))).toBe(true);
    expect(canEditCaps(buildProfile({ roles: ['AGENT'], permissions: [] }))).toBe(false);
    expect(canEditCaps(buildProfile({ roles: ['AGENT'], permissions: ['allow_agent_edit_cap_amt'] }))).toBe(true);
    expect(canEditCaps(buildProfile({ roles: ['VENDOR'], permissions: [] }))).toBe(false);
  });

  it("follows the server's caps_editable when it gives one", () => {
    expect(canEditCaps({ ...buildProfile({ roles: ['ADMIN'] }), caps_editable: false })).toBe(false);
    expect(canEditCaps({ ...buildProfile({ roles: ['AGENT'], permissions: [] }), caps_editable: true })).toBe(true);
  });

  it('shows integrations with transaction_sync and notes to ADMIN only', () => {
    expect(showsIntegrations(buildProfile({ permissions: ['transaction_sync'] }))).toBe(true);
    expect(showsIntegrations(buildProfile({ permissions: ['team_esign'] }))).toBe(false);
    expect(showsNotes(buildProfile({ roles: ['ADMIN'] }))).toBe(true);
    expect(showsNotes(buildProfile({ roles: ['AGENT'] }))).toBe(false);
  });

  it('validates required, forbidden characters, percents and amounts', () => {
    expect(required('')).toBe('Required');
    expect(required('  ')).toBe('Required');
    expect(required('Dana')).toBeUndefined();
    // react-admin marks the label of an input whose validator says isRequired.
    expect(required.isRequired).toBe(true);
    expect(safeText('Dana <b>')).toBe('Characters < > * ! ( ) { } are not allowed');
    expect(safeText('Dana-Marie O’Neil')).toBeUndefined();
    expect(percent(70)).toBeUndefined();
    expect(percent('70.5')).toBeUndefined();
    expect(percent(70.25)).toBeUndefined();
    expect(percent(70.255)).toBeDefined();
    expect(percent(101)).toBeDefined();
    expect(amount(12000)).toBeUndefined();
    expect(amount(-1)).toBeDefined();
  });

  it('sends only the fields the user may change', () => {
    const values = {
      id: 'me',
      agent_id: 7,
      team: { team_id: 1 },
      roles: ['AGENT'],
      first_name: ' Alex ',
      last_name: 'Agent',
      mobile_phone: '(555) 555-0100',
      email: 'agent@demo-realty.test',
      city: '',
      brokerage_cap_amt: '12000',
      brokerage_pct: 30,
      notes: 'secret',
    };
    const agent = buildProfile({ roles: ['AGENT'], permissions: [] });
    expect(profilePayload(values, agent)).toEqual({
      first_name: 'Alex',
      last_name: 'Agent',
      mobile_phone: '(555) 555-0100',
      email: 'agent@demo-realty.test',
      city: null,
    });

    const admin = buildProfile({ roles: ['ADMIN'], permissions: [] });
    expect(profilePayload(values, admin)).toMatchObject({ brokerage_cap_amt: 12000, brokerage_pct: 30, notes: 'secret' });

    const synced = buildProfile({ roles: ['AGENT'], permissions: ['transaction_sync'] });
    expect(profilePayload({ ...values, integrations: { skyslope_agent_guid: ' ' } }, synced).integrations).toEqual({
      skyslope_agent_guid: null,
    });
    expect(profilePayload({ ...values, integrations: { skyslope_agent_guid: 'abc' } }, agent).integrations).toBeUndefined();
    const syncedClient = buildProfile({ roles: ['CLIENT'], permissions: ['transaction_sync'] });
    const clientPayload = profilePayload(
      { ...values, integrations: { skyslope_agent_guid: 'abc' } },
      { ...syncedClient, caps_editable: true },
    );
    expect(clientPayload.integrations).toBeUndefined();
    expect(clientPayload).not.toHaveProperty('brokerage_cap_amt');
  });
});
