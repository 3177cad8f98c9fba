import { describe, expect, it } from 'vitest';
import {
  cleared,
  DEFAULT_LIST_STATE,
  isCleared,
  parseListState,
  toApiQuery,
  toDownloadQuery,
  toSearchParams,
  withPage,
  withPerPage,
  withSearch,
  withSort,
  withStatus,
  type UserListState,
} from './listState';

const state = (overrides: Partial<UserListState> = {}): UserListState => ({ ...DEFAULT_LIST_STATE, ...overrides });

describe('parseListState', () => {
  it('starts at the spec defaults: page 1, 20 per page, roles descending, active users', () => {
    expect(parseListState(new URLSearchParams())).toEqual({
      page: 1,
      per_page: 20,
      order_by: 'roles',
      order_dir: -1,
      quick_search_filter: '',
      status_filter: 'active',
    });
  });

  it('presets the status filter from ?status_filter=', () => {
    for (const status of ['all', 'active', 'disabled', 'excluded'] as const) {
      expect(parseListState(new URLSearchParams({ status_filter: status })).status_filter).toBe(status);
    }
  });

  it('reads the whole table event and the search', () => {
    const parsed = parseListState(
      new URLSearchParams('page=3&per_page=60&order_by=created_ts&order_dir=1&quick_search_filter=smith&status_filter=all'),
    );
    expect(parsed).toEqual({
      page: 3,
      per_page: 60,
      order_by: 'created_ts',
      order_dir: 1,
      quick_search_filter: 'smith',
      status_filter: 'all',
    });
  });

  it('gives unknown or malformed values their defaults', () => {
    const parsed = parseListState(new URLSearchParams('page=-2&per_page=15&order_by=password&order_dir=2&status_filter=deleted'));
    expect(parsed).toEqual(DEFAULT_LIST_STATE);
    expect(parseListState(new URLSearchParams('page=abc&per_page=')).page).toBe(1);
    expect(parseListState(new URLSearchParams('page=0')).page).toBe(1);
  });
});

describe('URL and API queries', () => {
  it('always keeps the status filter in the URL, the rest only when not the default', () => {
    expect(toSearchParams(DEFAULT_LIST_STATE).toString()).toBe('status_filter=active');
    const search = toSearchParams(
      state({ page: 2, per_page: 10, order_by: 'agent_full_name', order_dir: 1, quick_search_filter: 'ann', status_filter: 'disabled' }),
    );
    expect(Object.fromEntries(search)).toEqual({
      status_filter: 'disabled',
      quick_search_filter: 'ann',
      order_by: 'agent_full_name',
      order_dir: '1',
      per_page: '10',
      page: '2',
    });
  });

  it('round-trips through the URL', () => {
    const original = state({
      page: 4,
      per_page: 100,
      order_by: 'last_access_ts',
      order_dir: -1,
      quick_search_filter: 'x y',
      status_filter: 'excluded',
    });
    expect(parseListState(toSearchParams(original))).toEqual(original);
  });

  it('asks the server for the whole table event and the filters, trimming the search', () => {
    const query = toApiQuery(state({ page: 2, quick_search_filter: '  smith ' }));
    expect(Object.fromEntries(query)).toEqual({
      order_by: 'roles',
      order_dir: '-1',
      quick_search_filter: 'smith',
      status_filter: 'active',
      page: '2',
      per_page: '20',
    });
    expect(toApiQuery(DEFAULT_LIST_STATE).has('quick_search_filter')).toBe(false);
  });

  it('downloads with the same search, filter and order, without paging', () => {
    const query = toDownloadQuery(
      state({ page: 3, per_page: 10, order_by: 'created_ts', order_dir: 1, quick_search_filter: 'ann', status_filter: 'all' }),
    );
    expect(Object.fromEntries(query)).toEqual({ order_by: 'created_ts', order_dir: '1', quick_search_filter: 'ann', status_filter: 'all' });
  });
});

describe('list transitions', () => {
  it('goes back to page 1 on a new search, filter or page size', () => {
    const onPage3 = state({ page: 3 });
    expect(withSearch(onPage3, 'ann')).toMatchObject({ quick_search_filter: 'ann', page: 1 });
    expect(withStatus(onPage3, 'all')).toMatchObject({ status_filter: 'all', page: 1 });
    expect(withPerPage(onPage3, 60)).toMatchObject({ per_page: 60, page: 1 });
    // Nothing new: the same state (no needless reload).
    expect(withSearch(onPage3, '')).toBe(onPage3);
    expect(withStatus(onPage3, 'active')).toBe(onPage3);
  });

  it('refuses page sizes outside 10, 20, 60, 100', () => {
    const current = state();
    expect(withPerPage(current, 50)).toBe(current);
    expect(withPerPage(current, 10).per_page).toBe(10);
  });

  it('flips the direction of the sorted column and starts another ascending', () => {
    expect(withSort(state(), 'roles')).toMatchObject({ order_by: 'roles', order_dir: 1 });
    expect(withSort(state({ order_dir: 1 }), 'roles')).toMatchObject({ order_by: 'roles', order_dir: -1 });
    expect(withSort(state(), 'created_ts')).toMatchObject({ order_by: 'created_ts', order_dir: 1 });
    const current = state();
    expect(withSort(current, 'profile_image_path')).toBe(current);
  });

  it('Clear resets the search and the status filter, keeping order and page size', () => {
    const busy = state({
      page: 5,
      per_page: 60,
      order_by: 'created_ts',
      order_dir: 1,
      quick_search_filter: 'ann',
      status_filter: 'disabled',
    });
    expect(isCleared(busy)).toBe(false);
    const after = cleared(busy);
    expect(after).toEqual({
      page: 1,
      per_page: 60,
      order_by: 'created_ts',
      order_dir: 1,
      quick_search_filter: '',
      status_filter: 'active',
    });
    expect(isCleared(after)).toBe(true);
  });

  it('never goes below page 1', () => {
    expect(withPage(state(), 0).page).toBe(1);
    expect(withPage(state(), 4).page).toBe(4);
  });
});
