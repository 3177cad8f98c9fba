import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimezones, timezoneName } from './timezones';

const intl = Intl as unknown as { supportedValuesOf: (key: string) => string[] };

describe('timezones', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names a zone without underscores', () => {
    expect(timezoneName('America/Los_Angeles')).toBe('America/Los Angeles');
  });

  it("lists the browser's IANA zones", () => {
    vi.spyOn(intl, 'supportedValuesOf').mockReturnValue(['Europe/Paris', 'America/Chicago']);

    expect(browserTimezones()).toEqual(['Europe/Paris', 'America/Chicago']);
  });

  it('lists none where Intl cannot list them', () => {
    vi.spyOn(intl, 'supportedValuesOf').mockImplementation(() => {
      throw new RangeError('Invalid key');
    });

    expect(browserTimezones()).toEqual([]);
  });
});
