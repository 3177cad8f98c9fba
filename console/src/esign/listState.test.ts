import { describe, expect, it } from 'vitest';
import {
  afterRowRemoved,
  DEFAULT_PACKET_LIST_STATE,
  DEFAULT_TEMPLATE_LIST_STATE,
  PAGE_SIZES,
  toApiQuery,
  withPacketSort,
  withPage,
  withPerPage,
  withSearch,
  withTemplateSort,
} from './listState';

describe('e-sign list state', () => {
  it('starts at 25 rows of status N, by name, and offers 10/25/50/100', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(toApiQuery(DEFAULT_TEMPLATE_LIST_STATE).toString()).toBe('status=N&page=1&per_page=25&order_by=name&order_dir=asc');
    expect(toApiQuery(DEFAULT_PACKET_LIST_STATE).toString()).toBe('status=N&page=1&per_page=25&order_by=name&order_dir=asc');
  });

  it('takes only the offered page sizes, each back at page 1', () => {
    const onPage3 = withPage(DEFAULT_TEMPLATE_LIST_STATE, 3);
    expect(withPerPage(onPage3, 50)).toMatchObject({ per_page: 50, page: 1 });
    expect(withPerPage(onPage3, 20)).toBe(onPage3);
    expect(withPage(DEFAULT_TEMPLATE_LIST_STATE, 0).page).toBe(1);
  });

  it('sends the search as quick_search_filter, trimmed, from page 1, and leaves it out when empty', () => {
    const searched = withSearch(withPage(DEFAULT_TEMPLATE_LIST_STATE, 4), '  Buyer ');
    expect(searched).toMatchObject({ quick_search_filter: 'Buyer', page: 1 });
    expect(toApiQuery(searched).get('quick_search_filter')).toBe('Buyer');
    expect(withSearch(searched, 'Buyer')).toBe(searched);
    expect(toApiQuery(withSearch(searched, '')).has('quick_search_filter')).toBe(false);
  });

  it('sorts by a column ascending, then the other way, and ignores a column the server cannot sort', () => {
    const byFolder = withTemplateSort(DEFAULT_TEMPLATE_LIST_STATE, 'folder_name');
    expect(byFolder).toMatchObject({ order_by: 'folder_name', order_dir: 'asc' });
    expect(withTemplateSort(byFolder, 'folder_name')).toMatchObject({ order_by: 'folder_name', order_dir: 'desc' });
    expect(withTemplateSort(byFolder, 'external_id')).toBe(byFolder);
    expect(withPacketSort(DEFAULT_PACKET_LIST_STATE, 'templates')).toBe(DEFAULT_PACKET_LIST_STATE);
    expect(withPacketSort(DEFAULT_PACKET_LIST_STATE, 'type_id')).toMatchObject({ order_by: 'type_id', order_dir: 'asc' });
  });

  it('steps back a page when the last row of a later page is deleted', () => {
    const third = withPage(DEFAULT_TEMPLATE_LIST_STATE, 3);
    expect(afterRowRemoved(third, 1).page).toBe(2);
    expect(afterRowRemoved(third, 5).page).toBe(3);
    expect(afterRowRemoved(DEFAULT_TEMPLATE_LIST_STATE, 1).page).toBe(1);
  });
});
