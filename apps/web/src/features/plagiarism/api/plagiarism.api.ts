import {
  plagiarismOps as ops,
  type TMatchDecisionInput,
  type TPlagiarismSettingsInput,
  type ZPlagiarismCheckQuery,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type QueryArgs } from '../../../shared/api/call.ts';

export const CHECK_PAGE_SIZE = 20;

export interface CheckFilters {
  status: string;
  flagged: string;
  course: { id: number; title: string } | null;
  assignment: { id: number; title: string } | null;
}
export const NO_FILTERS: CheckFilters = { status: '', flagged: '', course: null, assignment: null };

/** Only the filters set: the server refuses empty values. */
export function checkQuery(page: number, f: CheckFilters): QueryArgs<typeof ZPlagiarismCheckQuery> {
  return {
    page,
    page_size: CHECK_PAGE_SIZE,
    ...(f.status ? { status: f.status as never } : {}),
    ...(f.flagged ? { flagged: f.flagged as never } : {}),
    ...(f.course ? { course: f.course.id } : {}),
    ...(f.assignment ? { assignment: f.assignment.id } : {}),
  };
}

export const plagiarismKeys = {
  all: ['plagiarism'] as const,
  list: (page: number, f: CheckFilters) => ['plagiarism', 'checks', page, f] as const,
  one: (id: number) => ['plagiarism', 'check', id] as const,
  settings: (assignment: number) => ['plagiarism', 'settings', assignment] as const,
  own: (submission: number) => ['plagiarism', 'own', submission] as const,
};

export function useChecks(page: number, filters: CheckFilters) {
  return useQuery({
    queryKey: plagiarismKeys.list(page, filters),
    queryFn: ({ signal }) => call(ops.checks, { query: checkQuery(page, filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCheck(id: number) {
  return useQuery({
    queryKey: plagiarismKeys.one(id),
    queryFn: ({ signal }) => call(ops.check, { params: { id }, signal }),
  });
}

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMatchDecisionInput }) =>
      call(ops.decide, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: plagiarismKeys.all }),
  });
}

export function useSettings(assignment: number, enabled: boolean) {
  return useQuery({
    queryKey: plagiarismKeys.settings(assignment),
    queryFn: ({ signal }) => call(ops.settings, { params: { id: assignment }, signal }),
    enabled,
  });
}

export function useUpdateSettings(assignment: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPlagiarismSettingsInput) =>
      call(ops.updateSettings, { params: { id: assignment }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: plagiarismKeys.all }),
  });
}

/** The learner's own score; the server answers `visible: false` when the assignment hides it. */
export function useOwnScore(submission: number) {
  return useQuery({
    queryKey: plagiarismKeys.own(submission),
    queryFn: ({ signal }) => call(ops.ownScore, { params: { id: submission }, signal }),
  });
}
