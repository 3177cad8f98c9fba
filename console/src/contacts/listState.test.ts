import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTACT_LIST_STATE,
  toApiQuery,
  toCsvQuery,
  withAgent,
  withLeadType,
  withPage,
  withPerPage,
  withSearch,
  withSort,
} from './listState';

describe('contact list state', () => {
  const sut = DEFAULT_CONTACT_LIST_STATE;

  it('starts on page 1 of 20 by first name ascending (spec 001 sections 7 and 9)', () => {
    expect(toApiQuery(sut).toString()).toBe('page=1&per_page=20&order_by=first_name&order_dir=1');
  });

  it('takes the page sizes 10, 20, 60, 100 and 500 only, back to page 1', () => {
    expect(withPerPage(withPage(sut, 3), 500)).toMatchObject({ per_page: 500, page: 1 });
    expect(withPerPage(sut, 50)).toBe(sut);
  });

  it('sorts by a column, then the other way on a second click, back to page 1', () => {
    const byLast = withSort(withPage(sut, 4), 'last_name');
    expect(byLast).toMatchObject({ order_by: 'last_name', order_dir: 1, page: 1 });
    expect(withSort(byLast, 'last_name').order_dir).toBe(-1);
    expect(withSort(sut, 'nope')).toBe(sut);
  });

  it('sends the search and filters, each change back to page 1', () => {
    const state = withLeadType(withAgent(withSearch(withPage(sut, 2), '  amy '), 7), 3);
    expect(state.page).toBe(1);
    expect(toApiQuery(state).toString()).toBe(
      'page=1&per_page=20&order_by=first_name&order_dir=1&quick_search_filter=amy&agent_id=7&lead_type_id=3',
    );
    expect(toApiQuery(withAgent(state, null)).has('agent_id')).toBe(false);
  });

  it('exports every row: per_page equal to the total with the current filters and format=csv', () => {
    const state = withSort(withSearch(withPage(sut, 3), 'dupe'), 'city');
    expect(toCsvQuery(state, 137).toString()).toBe('page=1&per_page=137&order_by=city&order_dir=1&quick_search_filter=dupe&format=csv');
    expect(toCsvQuery(sut, 0).get('per_page')).toBe('1');
  });
});
