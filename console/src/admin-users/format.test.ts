import { describe, expect, it } from 'vitest';
import { formatCell, formatDate, formatDateTime, imageUrlOf, initialsOf, knownTimeZone } from './format';

describe('formatCell', () => {
  it('writes booleans as Yes/No', () => {
    expect(formatCell('excluded', true)).toBe('Yes');
    expect(formatCell('download', false)).toBe('No');
  });

  // Local dates: the table shows the browser's own day, whatever zone the test runs in.
  it('writes the date columns as mm/dd/yyyy', () => {
    const local = new Date(2024, 2, 5, 10, 30);
    expect(formatCell('created_ts', local.toISOString())).toBe('03/05/2024');
    expect(formatCell('last_access_ts', local)).toBe('03/05/2024');
    expect(formatCell('last_access_ts', null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('adds the time of day where asked (sign-in history)', () => {
    expect(formatDateTime(new Date(2024, 11, 31, 0, 5))).toBe('12/31/2024 12:05 AM');
    expect(formatDateTime(new Date(2024, 6, 4, 13, 45))).toBe('07/04/2024 1:45 PM');
    expect(formatCell('created_ts', new Date(2024, 6, 4, 13, 45), { dateTime: true })).toBe('07/04/2024 1:45 PM');
  });

  it('leaves other values as text and null empty', () => {
    expect(formatCell('client_count', 0)).toBe('0');
    expect(formatCell('agent_full_name', 'Ann Lee')).toBe('Ann Lee');
    expect(formatCell('mobile_phone', null)).toBe('');
  });
});

describe('avatars', () => {
  it('uses initials of the names, or of the full name', () => {
    expect(initialsOf('ann', 'lee')).toBe('AL');
    expect(initialsOf('', '', 'Zed Quinn Ray')).toBe('ZQ');
    expect(initialsOf(null, undefined)).toBe('');
  });

  it('shows only URLs, never a bare storage key', () => {
    expect(imageUrlOf('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(imageUrlOf('/api/identity/files/a.png?sig=1')).toBe('/api/identity/files/a.png?sig=1');
    expect(imageUrlOf('profile-images/7/a.png')).toBeUndefined();
    expect(imageUrlOf(null)).toBeUndefined();
  });
});

describe('time zones', () => {
  // 03:30 UTC on March 5th is still March 4th in New York.
  const instant = '2024-03-05T03:30:00.000Z';

  it("uses the given zone, as the CSV download uses the user's profile zone", () => {
    expect(formatDate(instant, 'UTC')).toBe('03/05/2024');
    expect(formatDate(instant, 'America/New_York')).toBe('03/04/2024');
    expect(formatCell('created_ts', instant, { timeZone: 'America/New_York' })).toBe('03/04/2024');
    expect(formatDateTime(instant, 'America/New_York')).toBe('03/04/2024 10:30 PM');
  });

  it("falls back to the browser's zone for an unknown one", () => {
    expect(knownTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(formatDate(instant, 'Mars/Olympus_Mons')).toBe(formatDate(instant));
  });
});
