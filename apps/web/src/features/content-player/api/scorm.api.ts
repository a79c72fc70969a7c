import {
  scormOps as ops,
  SCO_STATUSES,
  type TScormCommitResult,
  type TScormState,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const scormKeys = {
  all: ['scorm'] as const,
  package: (fileId: number) => ['scorm', 'package', fileId] as const,
  state: (moduleFileId: number, sco: string) => ['scorm', 'state', moduleFileId, sco] as const,
  report: (query: object) => ['scorm', 'report', query] as const,
};

/** A package's version and SCO tree (the table of contents). */
export function useScormPackage(fileId: number) {
  return useQuery({
    queryKey: scormKeys.package(fileId),
    queryFn: ({ signal }) => call(ops.package, { params: { fileId }, signal }),
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Could not get course module' },
  });
}

/** The learner's state of one SCO, read fresh at every launch (never from cache). */
export function fetchScormState(moduleFileId: number, sco: string): Promise<TScormState> {
  return call(ops.state, { params: { id: moduleFileId }, query: { sco } });
}

/** Keeps the table of contents in step with each commit's answer. */
export function useApplyCommit(moduleFileId: number) {
  const queryClient = useQueryClient();
  return (result: TScormCommitResult) => {
    queryClient.setQueriesData<TScormState>(
      { queryKey: ['scorm', 'state', moduleFileId] },
      (old) => (old ? { ...old, scos: result.scos, attempt: result.attempt } : old),
    );
  };
}

export function useNewAttempt(moduleFileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.newAttempt, { params: { id: moduleFileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scormKeys.all }),
    meta: { errorMessage: 'Could not post data', successMessage: 'A new attempt has started.' },
  });
}

export interface ScormReportFilter {
  course: number;
  page: number;
  pageSize: number;
  search?: string;
  status?: string;
}

/** A course's SCORM tracking per learner and SCO, for its managers. */
export function useScormReport(filter: ScormReportFilter) {
  const query = {
    course: filter.course,
    page: filter.page + 1,
    page_size: filter.pageSize,
    search: filter.search || undefined,
    // The status picker gives text; only a status the report knows narrows it.
    status: SCO_STATUSES.find((s) => s === filter.status),
  };
  return useQuery({
    queryKey: scormKeys.report(query),
    queryFn: ({ signal }) => call(ops.report, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not get file repo data' },
  });
}
