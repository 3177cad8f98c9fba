// Paging helpers of the server-paged tables (ServerTable). Pure: the table and the tests share them.

/** How many pages `total` rows make (at least 1, so an empty list still has its page 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
}

/**
 * The pages the jump-to-page dropdown offers. Every page while there are few; beyond that a window
 * per power of ten around the current page (the next 10 pages each way, then the next 10 tens, the
 * next 10 hundreds...) plus the first and the last: about 20 entries per digit, and any page of
 * 10,000 is at most four picks away.
 */
export function jumpPages(current: number, pages: number, allUpTo = 200): number[] {
  const last = Math.max(1, Math.floor(pages));
  if (last <= allUpTo) return Array.from({ length: last }, (_, index) => index + 1);
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const set = new Set<number>([1, last, page]);
  for (let step = 1; step <= last; step *= 10) {
    const from = Math.max(step, Math.ceil((page - 10 * step) / step) * step);
    const to = Math.min(last, page + 10 * step);
    for (let value = from; value <= to; value += step) set.add(value);
  }
  return [...set].sort((a, b) => a - b);
}
