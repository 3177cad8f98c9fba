import { daysBetween, goalFigures, percentOf, placesOf, proratedGoal, rangeYears, ratioOf } from './dashboard-figures';

describe('dashboard figures', () => {
  it("prorates a yearly goal by the range's days in each year it touches, and sums the years", () => {
    expect(proratedGoal('2026-01-01', '2026-12-31', () => 365)).toBe(365);
    expect(proratedGoal('2026-11-01', '2026-11-30', () => 365)).toBe(30);
    expect(proratedGoal('2024-02-01', '2024-02-29', () => 366)).toBe(29);
    // Half in 2025 (10 of 365 days), half in 2026 (10 of 365 days), different goals.
    expect(proratedGoal('2025-12-22', '2026-01-10', (year) => (year === 2025 ? 365 : 730))).toBe(30);
    // A year without a goal adds nothing; no goal in any year: null.
    expect(proratedGoal('2025-12-22', '2026-01-10', (year) => (year === 2026 ? 365 : null))).toBe(10);
    expect(proratedGoal('2026-01-01', '2026-01-31', () => null)).toBeNull();
    expect(rangeYears('2025-12-30', '2026-01-02')).toEqual([
      { year: 2025, days: 2 },
      { year: 2026, days: 2 },
    ]);
  });

  it("paces a value: the pacer is the goal times the days elapsed over the range's days, whole for a past range, 0 for a future one", () => {
    // 30-day range, 15 days elapsed (the 15th is today): pacer 50 of a goal of 100.
    expect(goalFigures(50, 100, '2026-11-01', '2026-11-30', '2026-11-15')).toEqual({
      goal: 100,
      goal_percent: 50,
      pacer_value: 50,
      pacer_percent: 100,
      pace: 'on_pace',
    });
    expect(goalFigures(49.99, 100, '2026-11-01', '2026-11-30', '2026-11-15').pace).toBe('not_on_pace');
    expect(goalFigures(100, 100, '2026-11-01', '2026-11-30', '2026-11-15').pace).toBe('achieved');
    expect(goalFigures(99, 100, '2026-11-01', '2026-11-30', '2026-12-15')).toMatchObject({ pacer_value: 100, pace: 'not_on_pace' });
    expect(goalFigures(0, 100, '2026-11-01', '2026-11-30', '2026-10-15')).toEqual({
      goal: 100,
      goal_percent: 0,
      pacer_value: 0,
      pacer_percent: null,
      pace: 'on_pace',
    });
    expect(goalFigures(3, 0, '2026-11-01', '2026-11-30', '2026-11-15')).toMatchObject({ goal_percent: null, pace: 'achieved' });
    expect(goalFigures(7, 3, '2026-11-01', '2026-11-30', '2026-11-15').goal_percent).toBe(233.3);
    expect(goalFigures(5, null, '2026-11-01', '2026-11-30', '2026-11-15')).toEqual({
      goal: null,
      goal_percent: null,
      pacer_value: null,
      pacer_percent: null,
      pace: null,
    });
  });

  it('ratios are whole percents, null when the earlier is 0', () => {
    expect(ratioOf(1, 3)).toBe(33);
    expect(ratioOf(2, 3)).toBe(67);
    expect(ratioOf(5, 0)).toBeNull();
    expect(ratioOf(0, 4)).toBe(0);
  });

  it('ranks ties on one place and skips the places they take', () => {
    expect(placesOf([9, 7, 7, 4, 4, 4, 1])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(placesOf([])).toEqual([]);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(1, 0)).toBe(0);
  });

  it('ranges count both ends', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-11-02', '2026-11-01')).toBe(0);
  });
});
