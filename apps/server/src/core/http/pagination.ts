import type { TPage, TPageQuery } from '@atrium/contract';

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
  count: number,
  results: T[],
): TPage<T> {
  const lastPage = Math.max(1, Math.ceil(count / q.page_size));
  return {
    count,
    next: q.page < lastPage ? pageLink(requestUrl, q.page + 1) : null,
    previous: q.page > 1 ? pageLink(requestUrl, Math.min(q.page - 1, lastPage)) : null,
    results,
  };
}
