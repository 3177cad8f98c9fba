import { federalHolidayDate, isFederalHolidayKey, observedDate, observedFederalHoliday, US_FEDERAL_HOLIDAYS } from './us-federal-holidays';

describe('US federal holidays', () => {
  it('lists the eleven holidays in calendar order', () => {
    expect(US_FEDERAL_HOLIDAYS.map((h) => h.key)).toEqual([
      'new_years_day',
      'mlk_day',
      'presidents_day',
      'memorial_day',
      'juneteenth',
      'independence_day',
      'labor_day',
      'columbus_day',
      'veterans_day',
      'thanksgiving_day',
      'christmas_day',
    ]);
    const firstDates = US_FEDERAL_HOLIDAYS.map((h) => federalHolidayDate(h.key, 2026));
    expect([...firstDates].sort()).toEqual(firstDates);
  });

  it.each([
    // Published OPM dates.
    ['new_years_day', 2026, '2026-01-01'],
    ['mlk_day', 2026, '2026-01-19'],
    ['mlk_day', 2027, '2027-01-18'],
    ['presidents_day', 2026, '2026-02-16'],
    ['presidents_day', 2027, '2027-02-15'],
    ['memorial_day', 2026, '2026-05-25'],
    ['memorial_day', 2027, '2027-05-31'],
    ['juneteenth', 2026, '2026-06-19'],
    ['independence_day', 2026, '2026-07-04'],
    ['labor_day', 2026, '2026-09-07'],
    ['labor_day', 2027, '2027-09-06'],
    ['columbus_day', 2026, '2026-10-12'],
    ['columbus_day', 2027, '2027-10-11'],
    ['veterans_day', 2026, '2026-11-11'],
    ['thanksgiving_day', 2025, '2025-11-27'],
    ['thanksgiving_day', 2026, '2026-11-26'],
    ['thanksgiving_day', 2027, '2027-11-25'],
    ['christmas_day', 2027, '2027-12-25'],
  ] as const)('%s %i falls on %s', (key, year, date) => {
    expect(federalHolidayDate(key, year)).toBe(date);
  });

  it.each([
    // Saturday -> Friday before.
    ['independence_day', 2026, '2026-07-03'],
    ['juneteenth', 2027, '2027-06-18'],
    ['christmas_day', 2027, '2027-12-24'],
    ['new_years_day', 2028, '2027-12-31'],
    // Sunday -> Monday after.
    ['new_years_day', 2023, '2023-01-02'],
    ['juneteenth', 2022, '2022-06-20'],
    ['independence_day', 2027, '2027-07-05'],
    ['veterans_day', 2029, '2029-11-12'],
    // A weekday stays.
    ['christmas_day', 2026, '2026-12-25'],
    ['veterans_day', 2026, '2026-11-11'],
    ['thanksgiving_day', 2026, '2026-11-26'],
  ] as const)('%s %i is observed on %s', (key, year, date) => {
    expect(observedFederalHoliday(key, year)).toBe(date);
  });

  it('moves only weekend dates, across month and year ends', () => {
    expect(observedDate('2026-08-01')).toBe('2026-07-31'); // Saturday
    expect(observedDate('2026-05-31')).toBe('2026-06-01'); // Sunday
    expect(observedDate('2022-01-01')).toBe('2021-12-31'); // Saturday
    expect(observedDate('2026-03-04')).toBe('2026-03-04'); // Wednesday
  });

  it('recognises only the eleven keys', () => {
    expect(isFederalHolidayKey('labor_day')).toBe(true);
    expect(isFederalHolidayKey('easter')).toBe(false);
    expect(isFederalHolidayKey('toString')).toBe(false);
  });
});
