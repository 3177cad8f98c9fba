import { describe, expect, it } from 'vitest';
import {
  cleared,
  DEFAULT_TABLE_STATE,
  loadTableState,
  parseTableState,
  saveTableState,
  tableStateKey,
  toApiQuery,
  withDefaultSort,
  withPage,
  withPerPage,
  withSearch,
  withFilters,
  withSort,
  type TransactionTableState,
} from './tableState';

const state = (overrides: Partial<TransactionTableState> = {}): TransactionTableState => ({ ...DEFAULT_TABLE_STATE, ...overrides });

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('parseTableState', () => {
  it('starts at the spec defaults: page 1, 10 rows, created_ts ascending, no search', () => {
    expect(parseTableState(undefined)).toEqual({ page: 1, per_page: 10, order_by: 'created_ts', order_dir: 1, quick_search_filter: '' });
  });

  it('reads a whole kept state, custom field sorts included', () => {
    const kept = { page: 4, per_page: 60, order_by: 'cf_list_price', order_dir: -1, quick_search_filter: 'Oak St' };
    expect(parseTableState(kept)).toEqual(kept);
  });

  it('gives malformed values their defaults', () => {
    expect(parseTableState({ page: 0, per_page: 50, order_by: 'id; drop', order_dir: 2, quick_search_filter: 7 })).toEqual(
      DEFAULT_TABLE_STATE,
    );
    expect(parseTableState({ page: 2.5, per_page: '20' })).toEqual(DEFAULT_TABLE_STATE);
    expect(parseTableState('page=3')).toEqual(DEFAULT_TABLE_STATE);
  });
});

describe('kept for the session', () => {
  it('saves and loads under the user key', () => {
    const storage = memoryStorage();
    const key = tableStateKey(12);
    const kept = state({ page: 3, per_page: 20, order_by: 'address', order_dir: -1, quick_search_filter: 'main' });
    saveTableState(storage, key, kept);
    expect(key).toBe('realty.transactions.table.12');
    expect(loadTableState(storage, key)).toEqual(kept);
    // Another user in the same tab starts afresh.
    expect(loadTableState(storage, tableStateKey(13))).toEqual(DEFAULT_TABLE_STATE);
  });

  it('starts afresh on unreadable data, and without a storage', () => {
    expect(loadTableState(memoryStorage({ k: '{not json' }), 'k')).toEqual(DEFAULT_TABLE_STATE);
    expect(loadTableState(null, 'k')).toEqual(DEFAULT_TABLE_STATE);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveTableState(full, 'k', DEFAULT_TABLE_STATE)).not.toThrow();
  });
});

describe('toApiQuery', () => {
  it('sends the list form alias and the whole table event, the search trimmed', () => {
    expect(
      Object.fromEntries(toApiQuery(state({ page: 2, per_page: 20, order_by: 'address', order_dir: -1, quick_search_filter: '  Oak ' }))),
    ).toEqual({
      team_form_id: '-1',
      page: '2',
      per_page: '20',
      order_by: 'address',
      order_dir: '-1',
      quick_search_filter: 'Oak',
    });
    expect(toApiQuery(state({ quick_search_filter: '   ' })).has('quick_search_filter')).toBe(false);
  });
});

describe('table transitions', () => {
  it('goes back to page 1 on a new search or page size, and on Clear', () => {
    const onPage3 = state({ page: 3, quick_search_filter: 'a' });
    expect(withSearch(onPage3, 'ab')).toMatchObject({ quick_search_filter: 'ab', page: 1 });
    expect(withPerPage(onPage3, 60)).toMatchObject({ per_page: 60, page: 1 });
    expect(cleared(onPage3)).toEqual(state({ page: 1, quick_search_filter: '' }));
    // Nothing new: the same object (no needless reload).
    expect(withSearch(onPage3, 'a')).toBe(onPage3);
    expect(withPerPage(onPage3, 10)).toBe(onPage3);
  });

  it('keeps sort and page size on Clear', () => {
    expect(cleared(state({ per_page: 100, order_by: 'status', order_dir: -1, quick_search_filter: 'x', page: 2 }))).toEqual(
      state({ per_page: 100, order_by: 'status', order_dir: -1 }),
    );
  });

  it('refuses page sizes outside 10, 20, 60, 100', () => {
    const current = state();
    expect(withPerPage(current, 50)).toBe(current);
    expect(withPerPage(current, 100).per_page).toBe(100);
  });

  it('flips the sorted column and starts another ascending, on page 1', () => {
    expect(withSort(state({ page: 4 }), 'created_ts')).toMatchObject({ order_by: 'created_ts', order_dir: -1, page: 1 });
    expect(withSort(state({ order_dir: -1 }), 'created_ts')).toMatchObject({ order_dir: 1 });
    expect(withSort(state({ order_by: 'address', order_dir: -1 }), 'rtc_count')).toMatchObject({ order_by: 'rtc_count', order_dir: 1 });
    const current = state();
    expect(withSort(current, 'a b')).toBe(current);
    expect(withDefaultSort(state({ order_by: 'cf_gone', order_dir: -1, page: 3 }))).toEqual(state());
  });

  it('never goes below page 1', () => {
    expect(withPage(state(), 0).page).toBe(1);
    expect(withPage(state(), Number.NaN).page).toBe(1);
    expect(withPage(state(), 7).page).toBe(7);
  });
});

describe('filters in the table state', () => {
  const base = (overrides: Partial<TransactionTableState> = {}): TransactionTableState => ({ ...DEFAULT_TABLE_STATE, ...overrides });

  it('puts the filter keys on the list query (lists repeated, tag groups as JSON)', () => {
    const query = toApiQuery(
      base({ filters: { context: 'a7', client_stage_id: [1, 2], tag_filters: [[{ tag_filter_modifier: 'exists', tag_filter_id: 6 }]] } }),
    );
    expect(query.getAll('client_stage_id')).toEqual(['1', '2']);
    expect(query.get('context')).toBe('a7');
    expect(JSON.parse(query.get('tag_filters') ?? '')).toEqual([[{ tag_filter_modifier: 'exists', tag_filter_id: 6 }]]);
    expect(query.get('page')).toBe('1');
  });

  it('keeps them for the session, dropping unknown keys', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    };
    saveTableState(store, 'k', base({ filters: { type_filter: 'b' } }));
    expect(loadTableState(store, 'k').filters).toEqual({ type_filter: 'b' });
    expect(parseTableState({ ...DEFAULT_TABLE_STATE, filters: { nope: 1 } }).filters).toBeUndefined();
  });

  it('applying other filters goes back to page 1; none leaves no filters', () => {
    const onPage3 = base({ page: 3, filters: { type_filter: 'b' } });
    expect(withFilters(onPage3, { type_filter: 's' })).toEqual(base({ page: 1, filters: { type_filter: 's' } }));
    expect(withFilters(onPage3, {})).toEqual(base({ page: 1 }));
    expect(withFilters(onPage3, { type_filter: 'b' })).toBe(onPage3);
  });
});
