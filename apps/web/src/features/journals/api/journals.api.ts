import {
  journalOps as ops,
  type TGoalCreateInput,
  type TGoalStatus,
  type TGoalUpdateInput,
  type TJournalCreateInput,
  type TJournalUpdateInput,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const JOURNAL_PAGE_SIZE = 5;
export const GOAL_PAGE_SIZE = 10;

export const journalKeys = {
  entries: (page: number, search: string) => ['journals', 'entries', page, search] as const,
  shared: (page: number, search: string) => ['journals', 'shared', page, search] as const,
  goals: (page: number, status: TGoalStatus | '') => ['journals', 'goals', page, status] as const,
  links: () => ['journals', 'links'] as const,
};

/** My journal, a page at a time, optionally searched. */
export function useJournal(page: number, search: string) {
  return useQuery({
    queryKey: journalKeys.entries(page, search),
    queryFn: ({ signal }) =>
      call(ops.journal, {
        query: { page, page_size: JOURNAL_PAGE_SIZE, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Entries shared with me (a trainer's learners', an admin's organisation's), a page at a time. */
export function useSharedJournal(page: number, search: string) {
  return useQuery({
    queryKey: journalKeys.shared(page, search),
    queryFn: ({ signal }) =>
      call(ops.sharedJournal, {
        query: { page, page_size: JOURNAL_PAGE_SIZE, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** My goals, soonest first, optionally of one status. */
export function useGoals(page: number, status: TGoalStatus | '') {
  return useQuery({
    queryKey: journalKeys.goals(page, status),
    queryFn: ({ signal }) =>
      call(ops.goals, {
        query: { page, page_size: GOAL_PAGE_SIZE, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The courses and sessions an entry or goal may name (only while a dialog is open). */
export function useJournalLinks(enabled: boolean) {
  return useQuery({
    queryKey: journalKeys.links(),
    queryFn: ({ signal }) => call(ops.journalLinks, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

function useJournalMutation<A, R>(fn: (args: A) => Promise<R>, list: 'entries' | 'goals') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['journals', list] }),
  });
}

export const useSaveEntry = (id: number | null) =>
  useJournalMutation(
    (body: TJournalCreateInput | TJournalUpdateInput) =>
      id === null
        ? call(ops.createJournal, { body: body as TJournalCreateInput })
        : call(ops.updateJournal, { params: { id }, body: body as TJournalUpdateInput }),
    'entries',
  );

export const useDeleteEntry = () =>
  useJournalMutation((id: number) => call(ops.removeJournal, { params: { id } }), 'entries');

export const useSaveGoal = (id: number | null) =>
  useJournalMutation(
    (body: TGoalCreateInput | TGoalUpdateInput) =>
      id === null
        ? call(ops.createGoal, { body: body as TGoalCreateInput })
        : call(ops.updateGoal, { params: { id }, body: body as TGoalUpdateInput }),
    'goals',
  );

export const useDeleteGoal = () =>
  useJournalMutation((id: number) => call(ops.removeGoal, { params: { id } }), 'goals');
