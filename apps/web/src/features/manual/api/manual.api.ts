import { manualOps } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const manualKeys = {
  all: ['manual'] as const,
  list: () => ['manual', 'list'] as const,
  page: (slug: string) => ['manual', 'page', slug] as const,
  search: (q: string) => ['manual', 'search', q] as const,
};

/*
 * The pages change only with a release, so they stay fresh for the session. Errors show inline
 * (a learner's 403 becomes the page's refusal), never as a snackbar, and a refusal is not retried.
 */
const STATIC = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

/** The manual pages written for my role. */
export function useManualList(enabled = true) {
  return useQuery({
    queryKey: manualKeys.list(),
    queryFn: ({ signal }) => call(manualOps.list, { signal }),
    enabled,
    ...STATIC,
  });
}

/** One page as server-sanitised HTML with its headings. */
export function useManualPage(slug: string | undefined, enabled = true) {
  return useQuery({
    queryKey: manualKeys.page(slug ?? ''),
    queryFn: ({ signal }) => call(manualOps.page, { params: { slug: slug ?? '' }, signal }),
    enabled: enabled && Boolean(slug),
    ...STATIC,
  });
}

/** Pages matching a query (title matches first); idle while the query is empty. */
export function useManualSearch(q: string, enabled = true) {
  return useQuery({
    queryKey: manualKeys.search(q),
    queryFn: ({ signal }) => call(manualOps.search, { query: { q }, signal }),
    enabled: enabled && q.length > 0,
    placeholderData: keepPreviousData,
    ...STATIC,
  });
}
