import { describe, expect, it } from 'vitest';
import { formatPhone } from '@app/contracts';
import { describeUserAgent, formatCell, formatDate, formatDateTime, imageUrlOf, initialsOf, knownTimeZone } from './format';

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

describe('phones', () => {
  it('shows a stored number as (999) 999-9999, in the table as in the CSV', () => {
    expect(formatCell('mobile_phone', '5125550123')).toBe('(512) 555-0123');
    expect(formatPhone('5555550100')).toBe('(555) 555-0100');
  });

  it('shows a number kept as typed before the 10-digit rule the same way', () => {
    expect(formatPhone('(555) 555-0100')).toBe('(555) 555-0100');
    expect(formatPhone('512.555.0123')).toBe('(512) 555-0123');
    expect(formatPhone('+1 512 555 0123')).toBe('(512) 555-0123');
  });

  it('leaves what is not a US number as it is', () => {
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('call 5125550123')).toBe('call 5125550123');
    expect(formatPhone(null)).toBe('');
  });
});

describe('devices (sign-in history)', () => {
  const MAC_CHROME =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const WINDOWS_EDGE =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36';

  it.each([
    [MAC_CHROME, 'Chrome 131 on macOS'],
    [WINDOWS_EDGE, 'Edge 131 on Windows'],
    [IPHONE_SAFARI, 'Mobile Safari 17 on iOS 17.5'],
    [LINUX_FIREFOX, 'Firefox 133 on Linux'],
    [HEADLESS, 'Chrome Headless 131 on Linux'],
  ])('names the browser, its major version and the system: %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
    expect(formatCell('user_agent', userAgent)).toBe(expected);
  });

  it('keeps a string it cannot read, and shows nothing for none', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeUserAgent(null)).toBe('');
    expect(describeUserAgent('')).toBe('');
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
