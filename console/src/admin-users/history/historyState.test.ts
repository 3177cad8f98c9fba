import { describe, expect, it } from 'vitest';
import { historyPage } from './historyState';

describe('historyPage', () => {
  it('defaults to page 1 of 20', () => {
    expect(historyPage(new URLSearchParams('name=Ann'))).toEqual({ page: 1, per_page: 20 });
  });

  it('keeps the page sizes 10, 20, 60, 100 only', () => {
    expect(historyPage(new URLSearchParams('page=3&per_page=60'))).toEqual({ page: 3, per_page: 60 });
    expect(historyPage(new URLSearchParams('page=0&per_page=50'))).toEqual({ page: 1, per_page: 20 });
    expect(historyPage(new URLSearchParams('page=2.5'))).toEqual({ page: 1, per_page: 20 });
  });
});
