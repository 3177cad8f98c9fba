import { describe, expect, it } from 'vitest';
import { jumpPages, pageCount } from './paging';

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(300, 10)).toBe(30);
    expect(pageCount(301, 100)).toBe(4);
    expect(pageCount(0, 10)).toBe(1);
  });
});

describe('jumpPages', () => {
  it('offers every page while there are few', () => {
    expect(jumpPages(1, 30)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(jumpPages(1, 1)).toEqual([1]);
  });

  it('keeps the list short for 10,000 pages, with the current, first and last pages', () => {
    const pages = jumpPages(5437, 10_000);
    expect(pages.length).toBeLessThan(120);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    for (const page of [1, 5437, 10_000, 5427, 5447, 5340, 5530, 4500, 6400, 1000, 9000]) expect(pages).toContain(page);
    expect(pages.every((page) => page >= 1 && page <= 10_000)).toBe(true);
  });

  it('reaches any page within a few picks', () => {
    const target = 7318;
    let current = 1;
    let picks = 0;
    while (current !== target && picks < 10) {
      const options = jumpPages(current, 10_000);
      // The option nearest the target, as a person would pick.
      current = options.reduce((best, page) => (Math.abs(page - target) < Math.abs(best - target) ? page : best));
      picks += 1;
    }
    expect(current).toBe(target);
    expect(picks).toBeLessThanOrEqual(4);
  });
});
