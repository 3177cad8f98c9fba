import {
  esignDateFormatOf as dateFormatOf,
  formatEsignDate as formatIsoDate,
  parseEsignDate as parseDateText,
  todayIsoDate as todayIso,
} from './esign-dates';

describe('date fields in their format (MM/DD/YYYY tokens)', () => {
  it('shows an ISO date in each format the builder offers, MM/DD/YYYY by default', () => {
    expect(formatIsoDate('2025-03-07', null)).toBe('03/07/2025');
    expect(formatIsoDate('2025-03-07', 'MM/DD/YYYY')).toBe('03/07/2025');
    expect(formatIsoDate('2025-03-07', 'DD/MM/YYYY')).toBe('07/03/2025');
    expect(formatIsoDate('2025-03-07', 'YYYY-MM-DD')).toBe('2025-03-07');
    expect(formatIsoDate('2025-03-07', 'MM-DD-YYYY')).toBe('03-07-2025');
    expect(formatIsoDate('2025-03-07', 'MMMM D, YYYY')).toBe('March 7, 2025');
    expect(formatIsoDate('2025-03-07', 'D MMMM YYYY')).toBe('7 March 2025');
    expect(formatIsoDate('2025-12-25', 'MMM D, YY')).toBe('Dec 25, 25');
    // Not a date: as it is.
    expect(formatIsoDate('soon', 'MM/DD/YYYY')).toBe('soon');
    expect(dateFormatOf('')).toBe('MM/DD/YYYY');
  });

  it('reads what is typed in the format back to ISO, leniently, and refuses what is not a date', () => {
    expect(parseDateText('03/07/2025', 'MM/DD/YYYY')).toBe('2025-03-07');
    expect(parseDateText('3/7/2025', null)).toBe('2025-03-07');
    expect(parseDateText(' 07 / 03 / 2025 ', 'DD/MM/YYYY')).toBe('2025-03-07');
    expect(parseDateText('2025-03-07', 'YYYY-MM-DD')).toBe('2025-03-07');
    expect(parseDateText('march 7, 2025', 'MMMM D, YYYY')).toBe('2025-03-07');
    expect(parseDateText('Mar 7, 2025', 'MMMM D, YYYY')).toBe('2025-03-07');
    expect(parseDateText('7 March 2025', 'D MMMM YYYY')).toBe('2025-03-07');
    expect(parseDateText('02/30/2025', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateText('13/01/2025', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateText('2025-03-07', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateText('Smarch 7, 2025', 'MMMM D, YYYY')).toBeNull();
    expect(parseDateText('', 'MM/DD/YYYY')).toBeNull();
    // Every format reads back what it shows.
    for (const format of ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'MM-DD-YYYY', 'MMMM D, YYYY', 'D MMMM YYYY']) {
      expect(parseDateText(formatIsoDate('2024-02-29', format), format)).toBe('2024-02-29');
    }
  });

  it("today is the signer's own calendar day", () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
