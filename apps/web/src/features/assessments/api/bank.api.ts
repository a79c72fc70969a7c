import {
  questionBankOps as ops,
  type TBankQuestionInput,
  type TBankQuestionQuery,
  type TBankQuestionUpdate,
  type TQuestionCategory,
  type TQuestionCategoryInput,
  type TQuestionCategoryUpdate,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';

/*
 * The question bank: questions, their versions and the category tree. One key tree, so a change
 * to a question refreshes the list and the category counts that show it.
 */
export const bankKeys = {
  all: ['question-bank'] as const,
  list: (query: object) => ['question-bank', 'list', query] as const,
  detail: (id: number) => ['question-bank', 'detail', id] as const,
  versions: (id: number, page: number) => ['question-bank', 'versions', id, page] as const,
  categories: ['question-bank', 'categories'] as const,
};

export type BankListQuery = Partial<Omit<TBankQuestionQuery, 'page' | 'page_size'>> & {
  page: number;
  page_size: number;
};

/** One page of the bank; the previous page stays on screen while the next loads. */
export function useBankQuestions(query: BankListQuery) {
  return useQuery({
    queryKey: bankKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not get the questions.' },
  });
}

/** A question with its current definition, for the editor (null id: nothing to load). */
export function useBankQuestion(id: number | null) {
  return useQuery({
    queryKey: bankKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.read, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    meta: { errorMessage: 'Could not get the question.' },
  });
}

export function useQuestionVersions(id: number, page: number) {
  return useQuery({
    queryKey: bankKeys.versions(id, page),
    queryFn: ({ signal }) =>
      call(ops.versions, { params: { id }, query: { page, page_size: 10 }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not get the question’s versions.' },
  });
}

/**
 * Every category (the tree is drawn whole). Pages of the largest size are read until the last:
 * a bank rarely has more than a few hundred categories.
 */
export function useCategories() {
  return useQuery({
    queryKey: bankKeys.categories,
    queryFn: async ({ signal }) => {
      const all: TQuestionCategory[] = [];
      for (let page = 1; ; page += 1) {
        const batch = await call(ops.categories, { query: { page, page_size: 100 }, signal });
        all.push(...batch.results);
        if (batch.next === null || batch.results.length === 0) return all;
      }
    },
    meta: { errorMessage: 'Could not get the categories.' },
  });
}

function useRefreshBank() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bankKeys.all });
}

/** The editor shows the server's field errors on its fields, so no error snackbar. */
export function useCreateQuestion() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (body: TBankQuestionInput) => call(ops.create, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Question added to the bank.' },
  });
}

export function useUpdateQuestion() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBankQuestionUpdate }) =>
      call(ops.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Deleted when never answered, archived otherwise: the snackbar says which happened. */
export function useRemoveQuestion() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: ({ result }) => {
      notifySuccess(result === 'deleted' ? 'Question deleted.' : 'Question archived.');
      return refresh();
    },
    meta: { errorMessage: 'Could not remove the question.' },
  });
}

export function useCreateCategory() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (body: TQuestionCategoryInput) => call(ops.createCategory, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Category added.' },
  });
}

export function useUpdateCategory() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TQuestionCategoryUpdate }) =>
      call(ops.updateCategory, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Category saved.' },
  });
}

/** Refused (409) while it holds questions or sub-categories: the server's message says so. */
export function useRemoveCategory() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeCategory, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Category deleted.', errorMessage: 'Could not delete the category.' },
  });
}
