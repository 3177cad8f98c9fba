import { describe, expect, it } from 'vitest';
import { addressRules, logoFileProblem, nameRules, teamSettingsPayload, teamSettingsRecord, timezoneRules } from './teamSettingsRules';

const firstError = (rules: ((value: unknown) => string | undefined)[], value: unknown) => rules.map((rule) => rule(value)).find(Boolean);

describe('team settings rules', () => {
  it('requires the name and the timezone', () => {
    expect(firstError(nameRules, '')).toBe('Required');
    expect(firstError(timezoneRules, '')).toBe('Required');
    expect(firstError(timezoneRules, null)).toBe('Required');
    expect(firstError(nameRules, 'Rival Homes')).toBeUndefined();
    expect(firstError(timezoneRules, 'America/Chicago')).toBeUndefined();
  });

  it('refuses < > * ! ( ) { } in the name and the address, which are otherwise optional', () => {
    expect(firstError(nameRules, 'Rival <Homes>')).toBe('Characters < > * ! ( ) { } are not allowed');
    expect(firstError(addressRules, '12 Main St {rear}')).toBe('Characters < > * ! ( ) { } are not allowed');
    expect(firstError(addressRules, '')).toBeUndefined();
  });

  it('sends the editable fields trimmed, empty optional ones as null, never the id or the logo', () => {
    expect(
      teamSettingsPayload({
        id: 5,
        team_id: 5,
        logo_url: 'https://x',
        name: ' Rival Homes ',
        address_1: '1 Main St',
        address_2: '',
        city: '  ',
        state: 'TX',
        postal_code: '75001',
        timezone: 'America/Chicago',
      }),
    ).toEqual({
      name: 'Rival Homes',
      address_1: '1 Main St',
      address_2: null,
      city: null,
      state: 'TX',
      postal_code: '75001',
      timezone: 'America/Chicago',
    });
  });

  it('sends an emptied name or timezone as empty text, for the server to refuse', () => {
    expect(teamSettingsPayload({ name: '  ', timezone: null })).toEqual({ name: '', timezone: '' });
  });

  it('opens the form with null text as empty inputs', () => {
    expect(
      teamSettingsRecord({
        team_id: 5,
        name: 'Rival Homes',
        address_1: null,
        address_2: null,
        city: 'Dallas',
        state: null,
        postal_code: null,
        timezone: null,
        logo_url: null,
      }),
    ).toEqual({ id: 5, name: 'Rival Homes', address_1: '', address_2: '', city: 'Dallas', state: '', postal_code: '', timezone: '' });
  });

  it("starts a team without a timezone on the browser's, and keeps a team's own", () => {
    const team = {
      team_id: 5,
      name: 'Rival Homes',
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      postal_code: null,
      timezone: null,
      logo_url: null,
    };
    expect(teamSettingsRecord(team, 'America/Denver').timezone).toBe('America/Denver');
    expect(teamSettingsRecord({ ...team, timezone: 'America/Chicago' }, 'America/Denver').timezone).toBe('America/Chicago');
    expect(teamSettingsRecord(team, null).timezone).toBe('');
    // The preselected zone goes with the save, so a save without touching the field is not refused.
    expect(teamSettingsPayload(teamSettingsRecord(team, 'America/Denver')).timezone).toBe('America/Denver');
  });

  it('takes image files up to 10,000,000 bytes only', () => {
    expect(logoFileProblem({ type: 'image/png', size: 10_000_000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: 2_000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/png', size: 10_000_001 })).toBe('too-large');
    expect(logoFileProblem({ type: 'application/pdf', size: 100 })).toBe('not-an-image');
    expect(logoFileProblem({ type: '', size: 100 })).toBe('not-an-image');
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
  });
});
