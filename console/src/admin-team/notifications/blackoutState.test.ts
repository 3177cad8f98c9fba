import type { BlackoutDay } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  canPickDate,
  customDaysOf,
  formatDayDate,
  isChecked,
  labelRequired,
  notBefore,
  setNotificationEnabled,
  teamToday,
  toApiDate,
  withCustom,
  withoutDay,
  withoutPredefined,
  withPredefined,
} from './blackoutState';

const JUNETEENTH = { id: 'juneteenth', label: 'Juneteenth' };

function buildDay(overrides: Partial<BlackoutDay> = {}): BlackoutDay {
  return {
    team_blackout_day_id: 1,
    kind: 'holiday',
    predefined_day_key: 'christmas_day',
    day_label: 'Christmas Day',
    day_date: null,
    ...overrides,
  };
}

const custom = (id: number, label: string, date: string) =>
  buildDay({ team_blackout_day_id: id, kind: 'custom', predefined_day_key: null, day_label: label, day_date: date });

describe('blackout days panel state', () => {
  it('checks a predefined day at once with a stand-in, then takes the saved record', () => {
    const days = [buildDay()];

    const optimistic = withPredefined(days, JUNETEENTH, 'holiday');
    expect(isChecked(optimistic, 'juneteenth')).toBe(true);
    expect(optimistic.find((day) => day.predefined_day_key === 'juneteenth')?.team_blackout_day_id).toBe(0);

    const saved = withPredefined(
      optimistic,
      JUNETEENTH,
      'holiday',
      buildDay({ team_blackout_day_id: 9, predefined_day_key: 'juneteenth', day_label: 'Juneteenth' }),
    );
    expect(saved.filter((day) => day.predefined_day_key === 'juneteenth')).toEqual([expect.objectContaining({ team_blackout_day_id: 9 })]);
    expect(days).toHaveLength(1);
  });

  it('unchecks a predefined day and goes back when the server refuses', () => {
    const christmas = buildDay();
    const unchecked = withoutPredefined([christmas, custom(4, 'Retreat', '07-01-2030')], 'christmas_day');
    expect(isChecked(unchecked, 'christmas_day')).toBe(false);
    expect(unchecked).toHaveLength(1);

    const reverted = withPredefined(unchecked, { id: 'christmas_day', label: 'Christmas Day' }, 'holiday', christmas);
    expect(isChecked(reverted, 'christmas_day')).toBe(true);
  });

  it('never takes a custom day for a checked predefined one', () => {
    const days = [custom(4, 'monday', '07-01-2030')];
    expect(isChecked(days, 'monday')).toBe(false);
  });

  it('lists custom days by date, adds and removes them', () => {
    const days = withCustom([buildDay(), custom(4, 'Retreat', '07-01-2031')], custom(5, 'Office party', '12-19-2030'));

    expect(customDaysOf(days).map((day) => day.day_label)).toEqual(['Office party', 'Retreat']);
    expect(customDaysOf(withoutDay(days, 5)).map((day) => day.day_label)).toEqual(['Retreat']);
  });

  it("opens a custom day's date once a label is typed", () => {
    expect(canPickDate('')).toBe(false);
    expect(canPickDate('   ')).toBe(false);
    expect(canPickDate('Office party')).toBe(true);
  });

  it("requires a custom day's label, and a date that is today or later", () => {
    expect(labelRequired('')).toBe('Label is required');
    expect(labelRequired('   ')).toBe('Label is required');
    expect(labelRequired(undefined)).toBe('Label is required');
    expect(labelRequired('Office party')).toBeUndefined();

    const fromToday = notBefore('2026-11-24');
    expect(fromToday('01/01/2001')).toBe('Date must be today or later');
    expect(fromToday('11/23/2026')).toBe('Date must be today or later');
    expect(fromToday('11/24/2026')).toBeUndefined();
    expect(fromToday('12/19/2030')).toBeUndefined();
    // Blank or malformed: the date input's own rules answer.
    expect(fromToday(null)).toBeUndefined();
    expect(fromToday('11/2')).toBeUndefined();
  });

  it("counts today in the team's zone, else the browser's", () => {
    // 03:00 UTC on 24 November is still the 23rd in Chicago.
    const now = new Date('2026-11-24T03:00:00Z');
    expect(teamToday('America/Chicago', now)).toBe('2026-11-23');
    expect(teamToday('Asia/Tokyo', now)).toBe('2026-11-24');
    expect(teamToday(null, now)).toBe(new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now));
  });

  it("turns the date input's MM/DD/YYYY into the API's MM-DD-YYYY, and shows MM/DD/YYYY", () => {
    expect(toApiDate('12/19/2030')).toBe('12-19-2030');
    expect(toApiDate(' 12/19/2030 ')).toBe('12-19-2030');
    expect(toApiDate('02/29/2031')).toBeNull();
    expect(toApiDate('2030-12-19')).toBeNull();
    expect(toApiDate(null)).toBeNull();
    expect(formatDayDate('12-19-2030')).toBe('12/19/2030');
    expect(formatDayDate(null)).toBe('');
  });

  it('switches one team notification and leaves the list as it was', () => {
    const list = [
      { notification_id: 1, name: 'New task assigned to me', enabled: true },
      { notification_id: 2, name: 'Task due today', enabled: true },
    ];

    const next = setNotificationEnabled(list, 2, false);

    expect(next.map((setting) => setting.enabled)).toEqual([true, false]);
    expect(next[0]).toBe(list[0]);
    expect(list[1].enabled).toBe(true);
  });
});
