import type { BlackoutDayRow } from './blackout-days.repository';
import { currentYearIn, resolveBlackoutDays } from './blackout-days.events';
import { observedFederalHoliday, type FederalHolidayKey } from './us-federal-holidays';

let ids = 0;
const weekday = (key: string): BlackoutDayRow => ({
  team_blackout_day_id: ++ids,
  kind: 'weekday',
  predefined_day_key: key,
  day_label: null,
  day_date: null,
});
const holiday = (key: string): BlackoutDayRow => ({
  team_blackout_day_id: ++ids,
  kind: 'holiday',
  predefined_day_key: key,
  day_label: null,
  day_date: null,
});
const custom = (date: string): BlackoutDayRow => ({
  team_blackout_day_id: ++ids,
  kind: 'custom',
  predefined_day_key: null,
  day_label: 'Office closed',
  day_date: date,
});

describe(resolveBlackoutDays.name, () => {
  const sut = resolveBlackoutDays;
  const march2026 = new Date('2026-03-01T12:00:00Z');

  it('numbers weekdays from Sunday 0 and resolves holidays as observed for this year and the next two', () => {
    const days = [weekday('saturday'), weekday('sunday'), holiday('independence_day'), holiday('juneteenth'), custom('2026-12-24')];
    expect(sut(days, 'America/New_York', march2026)).toEqual({
      timezone: 'America/New_York',
      weekdays: [0, 6],
      holidays: ['juneteenth', 'independence_day'],
      dates: ['2026-06-19', '2026-07-03', '2026-12-24', '2027-06-18', '2027-07-05', '2028-06-19', '2028-07-04'],
    });
  });

  it('keeps every custom day, past or far, and lists a date once', () => {
    const days = [custom('2020-02-02'), custom('2031-05-05'), custom('2026-11-26'), holiday('thanksgiving_day')];
    expect(sut(days, null, march2026)).toEqual({
      timezone: null,
      weekdays: [],
      holidays: ['thanksgiving_day'],
      dates: ['2020-02-02', '2026-11-26', '2027-11-25', '2028-11-23', '2031-05-05'],
    });
  });

  it("counts the years in the team's zone", () => {
    // 05:00 UTC on 1 January 2027 is still 2026 in Honolulu.
    const newYear = new Date('2027-01-01T05:00:00Z');
    expect(currentYearIn('Pacific/Honolulu', newYear)).toBe(2026);
    expect(currentYearIn(null, newYear)).toBe(2027);
    expect(sut([holiday('new_years_day')], 'Pacific/Honolulu', newYear).dates).toEqual(['2026-01-01', '2027-01-01', '2027-12-31']);
    expect(sut([holiday('new_years_day')], 'UTC', newYear).dates).toEqual(['2027-01-01', '2027-12-31', '2029-01-01']);
  });

  it('answers empty lists for a team without blackout days', () => {
    expect(sut([], 'UTC', march2026)).toEqual({ timezone: 'UTC', weekdays: [], holidays: [], dates: [] });
  });

  it('lists the chosen holiday keys once, in calendar order, whatever order the rows come in', () => {
    const days = [
      holiday('christmas_day'),
      weekday('monday'),
      holiday('new_years_day'),
      holiday('labor_day'),
      holiday('new_years_day'),
      custom('2026-09-07'),
    ];
    expect(sut(days, 'UTC', march2026).holidays).toEqual(['new_years_day', 'labor_day', 'christmas_day']);
    // Weekdays and custom days are not holidays, however they fall; an unknown key is dropped.
    expect(sut([weekday('thursday'), custom('2026-11-26'), holiday('festivus')], 'UTC', march2026).holidays).toEqual([]);
  });

  it('lets a consumer resolve any year from the holiday keys alone', () => {
    // The dates cover three years; the keys give a later year too (Thanksgiving 2040 is 22 November).
    const resolved = sut([holiday('thanksgiving_day')], 'UTC', march2026);
    expect(resolved.dates).not.toContain('2040-11-22');
    expect(resolved.holidays.map((key) => observedFederalHoliday(key as FederalHolidayKey, 2040))).toEqual(['2040-11-22']);
  });
});
