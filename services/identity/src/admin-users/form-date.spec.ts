import { fromSlashedUsDate as fromFormDate, toSlashedUsDate as toFormDate, usDateIn as formatDateIn } from '@app/dates';

// The user form's dates (spec 000 sections 5 and 9), as @app/dates reads and writes them.

describe(fromFormDate.name, () => {
  const sut = fromFormDate;

  it.each([
    ['03/15/2026', '2026-03-15'],
    ['02/29/2024', '2024-02-29'],
    ['12/31/1999', '1999-12-31'],
  ])('reads %s', (value, expected) => {
    expect(sut(value)).toBe(expected);
  });

  it.each([['02/29/2025'], ['13/01/2026'], ['00/10/2026'], ['3/5/2026'], ['2026-03-15'], ['03-15-2026'], ['']])('refuses %p', (value) => {
    expect(sut(value)).toBeNull();
  });
});

describe(toFormDate.name, () => {
  it('writes a Postgres date as MM/DD/YYYY, null as null', () => {
    expect(toFormDate('2026-03-15')).toBe('03/15/2026');
    expect(toFormDate(null)).toBeNull();
  });
});

describe(formatDateIn.name, () => {
  it('takes the calendar day of the zone', () => {
    const instant = new Date('2026-07-01T02:30:00Z');
    expect(formatDateIn(instant, 'UTC')).toBe('07/01/2026');
    expect(formatDateIn(instant, 'America/Los_Angeles')).toBe('06/30/2026');
  });
});
