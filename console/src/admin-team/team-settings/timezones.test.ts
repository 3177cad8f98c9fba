import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, timezoneChoices, US_TIMEZONES } from './timezones';

describe('timezoneChoices', () => {
  const all = ['Africa/Abidjan', 'America/Chicago', 'America/New_York', 'Europe/Paris', 'Pacific/Honolulu'];

  it('lists the US zones first, then every other zone once', () => {
    const choices = timezoneChoices(all);

    expect(choices.slice(0, US_TIMEZONES.length).map((choice) => choice.id)).toEqual(US_TIMEZONES);
    expect(choices.slice(0, US_TIMEZONES.length).every((choice) => choice.group === 'us')).toBe(true);
    expect(choices.slice(US_TIMEZONES.length).map((choice) => choice.id)).toEqual(['Africa/Abidjan', 'Europe/Paris']);
    expect(new Set(choices.map((choice) => choice.id)).size).toBe(choices.length);
  });

  it('shows names without underscores', () => {
    expect(timezoneChoices([]).find((choice) => choice.id === 'America/Los_Angeles')?.name).toBe('America/Los Angeles');
  });

  it("keeps the team's zone when the list lacks it", () => {
    expect(timezoneChoices(all, 'Etc/UTC').map((choice) => choice.id)).toContain('Etc/UTC');
    expect(timezoneChoices(all, 'Europe/Paris').filter((choice) => choice.id === 'Europe/Paris')).toHaveLength(1);
  });
});

describe('browserTimeZone', () => {
  afterEach(() => vi.restoreAllMocks());
  const browserIn = (timeZone: string) =>
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone } as Intl.ResolvedDateTimeFormatOptions);

  it("answers the browser's zone when the lists know it", () => {
    browserIn('America/Denver');
    expect(browserTimeZone(['America/Chicago', 'America/Denver'])).toBe('America/Denver');
    // A browser that cannot list its zones: its own zone all the same.
    expect(browserTimeZone([])).toBe('America/Denver');
  });

  it('answers UTC, which the lists leave out, and nothing for a zone they lack', () => {
    browserIn('UTC');
    expect(browserTimeZone(['America/Chicago'])).toBe('UTC');
    browserIn('Mars/Olympus_Mons');
    expect(browserTimeZone(['America/Chicago'])).toBeNull();
  });
});
