import {
  fromDashedUsDate,
  fromSlashedUsDate,
  fromUsDate,
  isoDateIn,
  isoToUsDate,
  toDashedUsDate,
  toSlashedUsDate,
  usDateIn,
  usDateToIso,
  yearIn,
} from '.';

describe('US dates (MM-DD-YYYY and MM/DD/YYYY)', () => {
  it('reads a real calendar day in exactly its shape', () => {
    expect(fromSlashedUsDate('03/15/2026')).toBe('2026-03-15');
    expect(fromDashedUsDate('12-31-2025')).toBe('2025-12-31');
    expect(fromUsDate('01/01/2000', '/')).toBe('2000-01-01');
  });

  it('refuses days that do not exist', () => {
    for (const text of ['02/30/2026', '02/29/2026', '04/31/2026', '13/01/2026', '00/10/2026', '01/00/2026', '01/32/2026'])
      expect(fromSlashedUsDate(text)).toBeNull();
  });

  it('knows leap years: every fourth, not centuries, but every fourth century', () => {
    expect(fromSlashedUsDate('02/29/2024')).toBe('2024-02-29');
    expect(fromSlashedUsDate('02/29/2000')).toBe('2000-02-29');
    expect(fromSlashedUsDate('02/29/1900')).toBeNull();
    expect(fromSlashedUsDate('02/29/2100')).toBeNull();
  });

  it('refuses other shapes and the other separator', () => {
    for (const text of ['1/2/2026', '01/02/26', '2026-01-02', '01-02/2026', ' 01/02/2026', '01/02/2026 ', '', 'soon'])
      expect(fromSlashedUsDate(text)).toBeNull();
    expect(fromSlashedUsDate('01-02-2026')).toBeNull();
    expect(fromDashedUsDate('01/02/2026')).toBeNull();
  });

  it('reads either form as typed (trimmed) when both are allowed', () => {
    expect(usDateToIso(' 01/02/2026 ')).toBe('2026-01-02');
    expect(usDateToIso('01-02-2026')).toBe('2026-01-02');
    expect(usDateToIso('01-02-2026', ['/'])).toBeNull();
    expect(usDateToIso(20260102)).toBeNull();
  });

  it('writes a Postgres day in each form, null as null, anything else as it is', () => {
    expect(toDashedUsDate('2026-03-05')).toBe('03-05-2026');
    expect(toSlashedUsDate('2026-03-05')).toBe('03/05/2026');
    expect(toSlashedUsDate(null)).toBeNull();
    expect(toDashedUsDate('2024-02-29')).toBe('02-29-2024');
    expect(isoToUsDate('2026-03-05T10:00:00.000Z', '/')).toBe('2026-03-05T10:00:00.000Z');
    expect(isoToUsDate('2026-02-30', '/')).toBe('2026-02-30');
    expect(isoToUsDate('not a date', '/')).toBe('not a date');
  });
});

describe('the day in a time zone', () => {
  it('is the zone calendar day, not the UTC one', () => {
    const instant = new Date('2026-07-01T03:00:00Z');
    expect(usDateIn(instant, 'UTC')).toBe('07/01/2026');
    expect(usDateIn(instant, 'America/Los_Angeles')).toBe('06/30/2026');
    expect(isoDateIn(new Date('2026-06-30T12:30:00Z'), 'Pacific/Auckland')).toBe('2026-07-01');
  });

  it('turns at the zone midnight, daylight saving included', () => {
    // New York on 8 March 2026: clocks go forward at 02:00; midnight is 05:00 UTC before it and 04:00 UTC after.
    expect(isoDateIn(new Date('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07');
    expect(isoDateIn(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(isoDateIn(new Date('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
    expect(isoDateIn(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('gives the year of the zone (UTC without one)', () => {
    const newYear = new Date('2027-01-01T05:00:00Z');
    expect(yearIn(newYear, 'Pacific/Honolulu')).toBe(2026);
    expect(yearIn(newYear, 'UTC')).toBe(2027);
    expect(yearIn(newYear, null)).toBe(2027);
  });

  it('refuses an unknown zone as Intl does', () => {
    expect(() => usDateIn(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
