import {
  DATE_PRESET_CHOICES,
  DATE_PRESETS,
  datePresetFromClassicKey,
  parseUsDate,
  resolveDatePreset,
  toDisplayDate,
  toFilterDate,
  todayIn,
} from './date-presets';

describe(resolveDatePreset.name, () => {
  const sut = resolveDatePreset;
  const UTC = 'UTC';
  // Wednesday, June 12 2024, midday UTC.
  const wednesday = new Date('2024-06-12T12:00:00Z');

  describe('on an ordinary Wednesday', () => {
    it.each([
      ['today', '2024-06-12', '2024-06-12'],
      ['yesterday', '2024-06-11', '2024-06-11'],
      ['thisWeek', '2024-06-09', '2024-06-15'],
      ['lastWeek', '2024-06-02', '2024-06-08'],
      ['next2Weeks', '2024-06-12', '2024-06-25'],
      ['thisMonth', '2024-06-01', '2024-06-30'],
      ['lastMonth', '2024-05-01', '2024-05-31'],
      ['last30Days', '2024-05-14', '2024-06-12'],
      ['last6Months', '2023-12-12', '2024-06-12'],
      ['thisQuarter', '2024-04-01', '2024-06-30'],
      ['thisYear', '2024-01-01', '2024-12-31'],
      ['lastYear', '2023-01-01', '2023-12-31'],
    ] as const)('%s -> %s .. %s', (preset, start, end) => {
      expect(sut(preset, UTC, wednesday)).toEqual({ start, end });
    });

    it('custom resolves to null (the user picks the dates)', () => {
      expect(sut('custom', UTC, wednesday)).toBeNull();
    });

    it('last30Days is 30 days and next2Weeks 14 days, both counting today', () => {
      const length = (range: { start: string; end: string } | null) => (Date.parse(range!.end) - Date.parse(range!.start)) / 86_400_000 + 1;
      expect(length(sut('last30Days', UTC, wednesday))).toBe(30);
      expect(length(sut('next2Weeks', UTC, wednesday))).toBe(14);
    });
  });

  describe("in the team's time zone", () => {
    // 03:00 UTC on Sunday January 1 2023 is still Saturday December 31 2022 in Los Angeles.
    const newYearUtc = new Date('2023-01-01T03:00:00Z');

    it('takes "today" from the team zone, not from UTC', () => {
      expect(sut('today', UTC, newYearUtc)).toEqual({ start: '2023-01-01', end: '2023-01-01' });
      expect(sut('today', 'America/Los_Angeles', newYearUtc)).toEqual({ start: '2022-12-31', end: '2022-12-31' });
    });

    it('resolves the week, month and year of the zone day', () => {
      const zone = 'America/Los_Angeles';
      expect(sut('thisWeek', zone, newYearUtc)).toEqual({ start: '2022-12-25', end: '2022-12-31' });
      expect(sut('thisWeek', UTC, newYearUtc)).toEqual({ start: '2023-01-01', end: '2023-01-07' });
      expect(sut('thisMonth', zone, newYearUtc)).toEqual({ start: '2022-12-01', end: '2022-12-31' });
      expect(sut('thisYear', zone, newYearUtc)).toEqual({ start: '2022-01-01', end: '2022-12-31' });
      expect(sut('lastYear', zone, newYearUtc)).toEqual({ start: '2021-01-01', end: '2021-12-31' });
    });

    it('is a day ahead east of UTC late in the UTC evening', () => {
      expect(sut('today', 'Asia/Tokyo', new Date('2024-06-12T20:00:00Z'))).toEqual({ start: '2024-06-13', end: '2024-06-13' });
    });
  });

  describe('across month and year boundaries', () => {
    it('keeps a week that starts in December and ends in January whole', () => {
      // Thursday January 2 2025: its week runs Sunday December 29 2024 .. Saturday January 4 2025.
      const thursday = new Date('2025-01-02T15:00:00Z');
      expect(sut('thisWeek', UTC, thursday)).toEqual({ start: '2024-12-29', end: '2025-01-04' });
      expect(sut('lastWeek', UTC, thursday)).toEqual({ start: '2024-12-22', end: '2024-12-28' });
      expect(sut('lastMonth', UTC, thursday)).toEqual({ start: '2024-12-01', end: '2024-12-31' });
      expect(sut('yesterday', UTC, thursday)).toEqual({ start: '2025-01-01', end: '2025-01-01' });
    });

    it('keeps a week that crosses a month end whole', () => {
      // Friday May 31 2024: Sunday May 26 .. Saturday June 1.
      expect(sut('thisWeek', UTC, new Date('2024-05-31T12:00:00Z'))).toEqual({ start: '2024-05-26', end: '2024-06-01' });
    });

    it('runs next2Weeks into the next year', () => {
      expect(sut('next2Weeks', UTC, new Date('2024-12-25T12:00:00Z'))).toEqual({ start: '2024-12-25', end: '2025-01-07' });
    });

    it('on a Sunday, thisWeek starts today and lastWeek ends yesterday', () => {
      const sunday = new Date('2024-06-09T12:00:00Z');
      expect(sut('thisWeek', UTC, sunday)).toEqual({ start: '2024-06-09', end: '2024-06-15' });
      expect(sut('lastWeek', UTC, sunday)).toEqual({ start: '2024-06-02', end: '2024-06-08' });
    });

    it('clamps last6Months to the end of a shorter month', () => {
      expect(sut('last6Months', UTC, new Date('2024-08-31T12:00:00Z'))).toEqual({ start: '2024-02-29', end: '2024-08-31' });
      expect(sut('last6Months', UTC, new Date('2023-08-31T12:00:00Z'))).toEqual({ start: '2023-02-28', end: '2023-08-31' });
    });

    it('puts each month in its quarter', () => {
      expect(sut('thisQuarter', UTC, new Date('2024-01-15T12:00:00Z'))).toEqual({ start: '2024-01-01', end: '2024-03-31' });
      expect(sut('thisQuarter', UTC, new Date('2024-09-30T12:00:00Z'))).toEqual({ start: '2024-07-01', end: '2024-09-30' });
      expect(sut('thisQuarter', UTC, new Date('2024-12-31T12:00:00Z'))).toEqual({ start: '2024-10-01', end: '2024-12-31' });
    });

    it('lastMonth of a March 31 in a leap year is all of February', () => {
      expect(sut('lastMonth', UTC, new Date('2024-03-31T12:00:00Z'))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    });
  });

  it('refuses an unknown time zone', () => {
    expect(() => sut('today', 'Mars/Olympus_Mons', wednesday)).toThrow(RangeError);
  });
});

describe(todayIn.name, () => {
  it('is the calendar day in the zone', () => {
    expect(todayIn('America/New_York', new Date('2024-03-10T04:30:00Z'))).toBe('2024-03-09');
    expect(todayIn('America/New_York', new Date('2024-03-10T05:30:00Z'))).toBe('2024-03-10');
  });
});

describe(datePresetFromClassicKey.name, () => {
  const sut = datePresetFromClassicKey;

  it.each([
    ['this_week', 'thisWeek'],
    ['last_3_months', 'last6Months'],
    ['next_14_days', 'next2Weeks'],
    ['next_2_weeks', 'next2Weeks'],
    ['last_week', 'lastWeek'],
    ['this_month', 'thisMonth'],
    ['last_month', 'lastMonth'],
    ['last_30_days', 'last30Days'],
    ['this_quarter', 'thisQuarter'],
    ['this_year', 'thisYear'],
    ['last_year', 'lastYear'],
    ['today', 'today'],
    ['yesterday', 'yesterday'],
    ['custom', 'custom'],
  ])('%s -> %s', (key, preset) => {
    expect(sut(key)).toBe(preset);
  });

  it('passes a new preset key through', () => {
    expect(sut('last6Months')).toBe('last6Months');
  });

  it.each([['next_week'], [''], ['toString'], [null], [undefined]])('gives null for %p', (key) => {
    expect(sut(key)).toBeNull();
  });
});

describe('DATE_PRESET_CHOICES', () => {
  it('lists every preset with its dropdown label, Custom last', () => {
    expect(DATE_PRESET_CHOICES.map((choice) => choice.name)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last Week',
      'Next 2 Weeks',
      'This Month',
      'Last Month',
      'Last 30 Days',
      'Last 6 Months',
      'This Quarter',
      'This Year',
      'Last Year',
      'Custom',
    ]);
    expect(DATE_PRESET_CHOICES.map((choice) => choice.id)).toEqual([...DATE_PRESETS]);
  });
});

describe('US date formats', () => {
  it('formats filter parameters as MM-DD-YYYY and displays as MM/DD/YYYY', () => {
    expect(toFilterDate('2024-01-05')).toBe('01-05-2024');
    expect(toDisplayDate('2024-01-05')).toBe('01/05/2024');
  });

  it.each([
    ['01/05/2024', '2024-01-05'],
    ['01-05-2024', '2024-01-05'],
    ['02/29/2024', '2024-02-29'],
    ['02/29/2023', null],
    ['13/01/2024', null],
    ['00/10/2024', null],
    ['1/5/2024', null],
    ['01/05-2024', null],
    ['2024-01-05', null],
    ['', null],
  ])('parseUsDate(%p) -> %p', (text, iso) => {
    expect(parseUsDate(text)).toBe(iso);
  });
});
