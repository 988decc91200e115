/** The rows of one page of a list as SQL reads them: `limit` rows from `offset`. Paged repository reads take it. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * The rows of one page of a list, as SQL's limit and offset: page `page` (counted from 1) of `size` rows. Every
 * paged list's query has `page` and `size` (contract `pageQuery`), and the repositories take limit and offset.
 */
export function pageWindow(q: { page: number; size: number }): PageWindow {
  return { limit: q.size, offset: (q.page - 1) * q.size };
}

/** Page `page` of `size` rows of a list that is sorted or merged in memory rather than read a page at a time. */
export function pageSlice<T>(rows: readonly T[], q: { page: number; size: number }): T[] {
  const { limit, offset } = pageWindow(q);
  return rows.slice(offset, offset + limit);
}
