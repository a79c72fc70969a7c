import { hasMarkup, SEARCH_MIN_LENGTH, searchOps, todoOps } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/** Results per page of one kind on /search. */
export const SEARCH_PAGE_SIZE = 20;
/** To-do items shown in the palette's and the page's "To do" group. */
export const SEARCH_TODO_SHOWN = 5;
/** The palette asks once the typing pauses this long (the page's box uses the shared 300 ms). */
export const PALETTE_DEBOUNCE_MS = 200;

/** The to-do list's search is shorter than the index's (contract ZTodoQuery). */
const TODO_SEARCH_MAX = 100;

/**
 * What the server would refuse with a 400 (too short, markup: contract ZSearchQuery) is not
 * asked: the screens say why instead.
 */
export const isSearchable = (q: string) => q.trim().length >= SEARCH_MIN_LENGTH && !hasMarkup(q);

export const searchKeys = {
  all: ['search'] as const,
  kinds: () => [...searchKeys.all, 'kinds'] as const,
  overview: (q: string) => [...searchKeys.all, 'overview', q] as const,
  byKind: (kind: string, q: string, page: number) =>
    [...searchKeys.all, 'kind', kind, q, page] as const,
  todo: (q: string) => [...searchKeys.all, 'todo', q] as const,
};

/*
 * Spec §9: search queries are not refetched on window focus (a person coming back to the tab
 * should not see the results they were reading reshuffle). keepPreviousData keeps the last
 * answer on screen while the next word's loads, so the list does not blank on every key.
 */
const searchQueryOptions = {
  placeholderData: keepPreviousData,
  refetchOnWindowFocus: false,
  staleTime: 30_000,
} as const;

/** The best results of every kind, best group first. */
export function useSearchOverview(q: string, enabled = true) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.overview(query),
    queryFn: ({ signal }) => call(searchOps.overview, { query: { q: query }, signal }),
    enabled: enabled && isSearchable(query),
    ...searchQueryOptions,
  });
}

/** One kind, a page at a time (`page` from 1). */
export function useSearchByKind(kind: string, q: string, page: number, enabled = true) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.byKind(kind, query, page),
    queryFn: ({ signal }) =>
      call(searchOps.byKind, {
        params: { kind },
        query: { q: query, page, page_size: SEARCH_PAGE_SIZE },
        signal,
      }),
    enabled: enabled && isSearchable(query),
    ...searchQueryOptions,
  });
}

/** The kinds this caller may search, with their labels (the page's chips). */
export function useSearchKinds() {
  return useQuery({
    queryKey: searchKeys.kinds(),
    queryFn: ({ signal }) => call(searchOps.kinds, { signal }),
    staleTime: 60 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * The caller's own next actions matching the words (issue 23: to-do shows "on the dashboard and
 * in search"). The to-do slice's list, not the search index: the items are personal and change
 * with progress, which is the to-do slice's business.
 */
export function useTodoMatches(q: string, enabled = true) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.todo(query),
    queryFn: ({ signal }) =>
      call(todoOps.list, {
        query: { search: query.slice(0, TODO_SEARCH_MAX), page_size: SEARCH_TODO_SHOWN },
        signal,
      }),
    enabled: enabled && isSearchable(query),
    ...searchQueryOptions,
  });
}
