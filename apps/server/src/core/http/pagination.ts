import { COUNT_CAP, type TPage, type TPageQuery } from '@atrium/contract';

/** SQL bounds for a page query. */
export function pageBounds(q: TPageQuery): { limit: number; offset: number } {
  return { limit: q.page_size, offset: (q.page - 1) * q.page_size };
}

/** The same request URL with `page` set (or removed for page 1, as DRF does). */
function pageLink(requestUrl: string, page: number): string {
  const url = new URL(requestUrl, 'http://x');
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/**
 * Builds the DRF-style page. Links are relative to the host (path and query),
 * so they stay right behind any proxy and never echo an untrusted Host header.
 */
export function toPage<T>(
  requestUrl: string,
  q: TPageQuery,
  total: number | BoundedCount,
  results: T[],
): TPage<T> {
  const { count, capped } = typeof total === 'number' ? { count: total, capped: false } : total;
  if (capped) {
    // Past the cap the last page is unknown: a full page may have a next one.
    return {
      count,
      count_capped: true,
      next: results.length === q.page_size ? pageLink(requestUrl, q.page + 1) : null,
      previous: q.page > 1 ? pageLink(requestUrl, q.page - 1) : null,
      results,
    };
  }
  const lastPage = Math.max(1, Math.ceil(count / q.page_size));
  return {
    count,
    next: q.page < lastPage ? pageLink(requestUrl, q.page + 1) : null,
    previous: q.page > 1 ? pageLink(requestUrl, Math.min(q.page - 1, lastPage)) : null,
    results,
  };
}

/** A total counted over at most COUNT_CAP + 1 rows. */
export interface BoundedCount {
  count: number;
  capped: boolean;
}

/**
 * Reads the result of `select count(*) from (<filtered rows> limit COUNT_CAP + 1)`: exact up
 * to the cap, so a count never scans more than COUNT_CAP + 1 index entries however big the
 * organisation (an exact count over 100,000 memberships cost more than the page itself).
 */
export function boundedCount(counted: number): BoundedCount {
  return counted > COUNT_CAP
    ? { count: COUNT_CAP, capped: true }
    : { count: counted, capped: false };
}

/** How many rows the count subquery reads at most. */
export const COUNT_LIMIT = COUNT_CAP + 1;
