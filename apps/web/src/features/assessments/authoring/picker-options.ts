import {
  catalogueOps,
  organisationOps,
  questionBankOps,
  type TBankQuestionQuery,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * What the authoring pickers choose from: courses, bank questions and categories, people and
 * departments. Each is searched on the server; the pickers show what it answered.
 */

export function useCourseOptions(search: string, enabled = true) {
  const query = { search: search.trim() || undefined, page_size: 20, ordering: 'title' as const };
  return useQuery({
    queryKey: ['assessments', 'course-options', query],
    queryFn: ({ signal }) => call(catalogueOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type BankPickerQuery = Pick<TBankQuestionQuery, 'category' | 'type' | 'search' | 'tag'> & {
  page: number;
  page_size: number;
};

/** Active bank questions only: archived ones cannot be placed. */
export function useBankQuestions(query: BankPickerQuery, enabled = true) {
  const sent = { ...query, status: 'active' as const };
  return useQuery({
    queryKey: ['assessments', 'bank-options', sent],
    queryFn: ({ signal }) => call(questionBankOps.list, { query: sent, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** All categories (the first 100, by name) for the pickers' selects. */
export function useBankCategories(enabled = true) {
  return useQuery({
    queryKey: ['assessments', 'bank-categories'],
    queryFn: ({ signal }) =>
      call(questionBankOps.categories, { query: { page_size: 100 }, signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** Active users of the organisation; `roles` narrows to e.g. trainers and admins ('2,3'). */
export function useUserOptions(search: string, enabled: boolean, roles?: string) {
  const query = {
    search: search.trim() || undefined,
    status: 'active' as const,
    page_size: 20,
    ...(roles ? { role: roles } : {}),
  };
  return useQuery({
    queryKey: ['assessments', 'user-options', query],
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDepartmentOptions(organisationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['assessments', 'departments', organisationId],
    queryFn: ({ signal }) =>
      call(organisationOps.departmentsOf, { params: { org: organisationId }, signal }),
    enabled: enabled && organisationId > 0,
    staleTime: 60_000,
  });
}
