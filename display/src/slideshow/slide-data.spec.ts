import { describe, expect, it } from 'vitest';
import type { DisplayDataPush, LeaderboardResponse } from '@app/contracts';
import { initialSlideDataState, isNewerPush, slideDataReducer, slideViewOf, type SlideDataAction, type SlideDataState } from './slide-data';

const board = (total: number): LeaderboardResponse => ({
  title: 'Closed',
  leaderboard_data: [],
  graph: [],
  excludes: [],
  total,
  count_volume_title: 'Count',
});
const KEY = '1:4:closed:t1:11-01-2026:11-30-2026';
const push = (version: number, total: number, key = KEY): DisplayDataPush => ({
  key,
  version,
  occurred_at: '2026-11-26T10:00:00.000Z',
  data: board(total),
});
const run = (actions: SlideDataAction[], from: SlideDataState = initialSlideDataState()) => actions.reduce(slideDataReducer, from);
const totalOf = (state: SlideDataState, key = KEY) => (state.entries[key]?.data as LeaderboardResponse | undefined)?.total;

describe(slideDataReducer.name, () => {
  it('shows the answer of the HTTP call', () => {
    const state = run([
      { type: 'fetchStarted', key: KEY },
      { type: 'fetched', key: KEY, data: board(3) },
    ]);
    expect(totalOf(state)).toBe(3);
    expect(state.loading).toEqual({});
  });

  it('takes newer pushes and drops those older than (or as old as) the version shown', () => {
    const shown = run([
      { type: 'fetched', key: KEY, data: board(3) },
      { type: 'pushed', push: push(5, 4) },
    ]);
    expect(totalOf(shown)).toBe(4);
    expect(slideDataReducer(shown, { type: 'pushed', push: push(4, 99) })).toBe(shown);
    expect(slideDataReducer(shown, { type: 'pushed', push: push(5, 99) })).toBe(shown);
    expect(totalOf(slideDataReducer(shown, { type: 'pushed', push: push(6, 7) }))).toBe(7);
  });

  it('keeps a push that arrived while the request was out over the request its answer', () => {
    const state = run([
      { type: 'fetchStarted', key: KEY },
      { type: 'pushed', push: push(2, 8) },
      { type: 'fetched', key: KEY, data: board(3) },
    ]);
    expect(totalOf(state)).toBe(8);
    expect(state.entries[KEY].version).toBe(2);
  });

  it('keeps the version of the last push when a later fetch answers, so older pushes stay dropped', () => {
    const state = run([
      { type: 'pushed', push: push(5, 4) },
      { type: 'fetchStarted', key: KEY },
      { type: 'fetched', key: KEY, data: board(6) },
    ]);
    expect(totalOf(state)).toBe(6);
    expect(totalOf(slideDataReducer(state, { type: 'pushed', push: push(3, 1) }))).toBe(6);
  });

  it('keeps the last good figures when a load fails', () => {
    const state = run([
      { type: 'fetched', key: KEY, data: board(3) },
      { type: 'fetchStarted', key: KEY },
      { type: 'fetchFailed', key: KEY },
    ]);
    expect(totalOf(state)).toBe(3);
    expect(state.failed[KEY]).toBe(true);
  });

  it('forgets everything when cleared', () => {
    expect(run([{ type: 'fetched', key: KEY, data: board(3) }, { type: 'clear' }])).toEqual(initialSlideDataState());
  });
});

describe(isNewerPush.name, () => {
  it('takes any push for a key with nothing shown', () => {
    expect(isNewerPush(undefined, { version: 0 })).toBe(true);
  });
});

describe(slideViewOf.name, () => {
  it('shows the loader while a slide without figures loads, and on every load of dashboard 7', () => {
    const loading = run([{ type: 'fetchStarted', key: KEY }]);
    expect(slideViewOf(loading, KEY, 4)).toMatchObject({ showLoader: true, showError: false });
    const reloading = run([
      { type: 'fetched', key: KEY, data: board(3) },
      { type: 'fetchStarted', key: KEY },
    ]);
    expect(slideViewOf(reloading, KEY, 4).showLoader).toBe(false);
    expect(slideViewOf(reloading, KEY, 7).showLoader).toBe(true);
  });

  it("shows 'Could not load this dashboard' only for a slide never loaded", () => {
    const never = run([
      { type: 'fetchStarted', key: KEY },
      { type: 'fetchFailed', key: KEY },
    ]);
    expect(slideViewOf(never, KEY, 2)).toMatchObject({ data: null, showError: true, showLoader: false, failed: true });
    const kept = run([
      { type: 'fetched', key: KEY, data: board(3) },
      { type: 'fetchStarted', key: KEY },
      { type: 'fetchFailed', key: KEY },
    ]);
    expect(slideViewOf(kept, KEY, 7)).toMatchObject({ showError: false, showLoader: false, failed: true });
    expect(slideViewOf(kept, KEY, 7).data).not.toBeNull();
  });
});
