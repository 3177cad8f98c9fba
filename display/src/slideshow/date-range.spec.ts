import { describe, expect, it } from 'vitest';
import { addMonths, inDraft, monthGrid, pickDay } from './calendar';
import { defaultRange, rangeOfPreset, rangeText, requestDates, ytdRange } from './date-range';

const NOW = new Date('2026-11-26T15:00:00Z');

describe(rangeOfPreset.name, () => {
  it('gives each preset of the dropdown its days', () => {
    const days = (preset: Parameters<typeof rangeOfPreset>[0]) => rangeOfPreset(preset, NOW, 'UTC');
    expect(days('thisMonth')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(days('lastMonth')).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(days('thisQuarter')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(days('lastQuarter')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(days('yearToDate')).toEqual({ start: '2026-01-01', end: '2026-11-26' });
    expect(days('lastYear')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(rangeOfPreset('custom', NOW, 'UTC', { start: '2026-02-03', end: '2026-02-09' })).toEqual({
      start: '2026-02-03',
      end: '2026-02-09',
    });
  });

  it('takes last quarter across the year', () => {
    expect(rangeOfPreset('lastQuarter', new Date('2026-02-10T12:00:00Z'), 'UTC')).toEqual({ start: '2025-10-01', end: '2025-12-31' });
  });

  it("reads today in the screen's zone", () => {
    // 2 a.m. on 1 December in UTC is still 30 November in New York.
    expect(ytdRange(new Date('2026-12-01T02:00:00Z'), 'America/New_York')).toEqual({ start: '2026-01-01', end: '2026-11-30' });
  });
});

describe(defaultRange.name, () => {
  it('is This Month, from the first to the last day, sent as MM-DD-YYYY', () => {
    const range = defaultRange(NOW, 'UTC');
    expect(range).toEqual({ preset: 'thisMonth', start: '2026-11-01', end: '2026-11-30' });
    expect(requestDates(range)).toEqual({ start_date: '11-01-2026', end_date: '11-30-2026' });
    expect(rangeText(range)).toBe('11/01/2026 - 11/30/2026');
    expect(rangeText(null)).toBe('');
  });
});

describe('the range calendar', () => {
  it('lays a month out in weeks from Sunday', () => {
    const weeks = monthGrid({ year: 2026, month: 11 });
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(monthGrid({ year: 2026, month: 12 })[0].slice(0, 3)).toEqual([null, null, '2026-12-01']);
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
  });

  it('starts a range on the first pick and ends it on the second, starting again before the start', () => {
    const started = pickDay({ start: null, end: null }, '2026-11-10');
    expect(started).toEqual({ start: '2026-11-10', end: null });
    expect(pickDay(started, '2026-11-20')).toEqual({ start: '2026-11-10', end: '2026-11-20' });
    expect(pickDay(started, '2026-11-05')).toEqual({ start: '2026-11-05', end: null });
    expect(inDraft({ start: '2026-11-10', end: '2026-11-20' }, '2026-11-15')).toBe(true);
  });
});
