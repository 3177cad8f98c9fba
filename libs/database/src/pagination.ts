import type { Pagination } from '@app/contracts';

/** Builds the spec's pagination block from a total and the requested page. */
export function paginationOf(total: number, page: number, perPage: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { total, page, per_page: perPage, pages, has_next: page < pages, has_prev: page > 1 };
}
