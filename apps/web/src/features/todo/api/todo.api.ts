import { todoOps as ops } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/** A list query: pages from 1; no search or kind, everything. */
export interface TodoQuery {
  page?: number;
  page_size?: number;
  search?: string;
  kind?: string;
}

export const todoKeys = {
  all: ['todo'] as const,
  kinds: () => [...todoKeys.all, 'kinds'] as const,
  list: (query: TodoQuery) => [...todoKeys.all, 'list', query] as const,
};

/** The kinds of items (the dialog's chips), with their labels; they change with releases. */
export function useTodoKinds(enabled = true) {
  return useQuery({
    queryKey: todoKeys.kinds(),
    queryFn: ({ signal }) => call(ops.kinds, { signal }),
    staleTime: 60 * 60_000,
    enabled,
  });
}

/**
 * A page of the caller's next actions, overdue first. The previous page stays on screen while
 * the next one loads (paging and typing in the search do not blank the list).
 */
export function useTodo(query: TodoQuery, enabled = true) {
  return useQuery({
    queryKey: todoKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
