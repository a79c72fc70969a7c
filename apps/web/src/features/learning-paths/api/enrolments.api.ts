import {
  learningPathOps as ops,
  organisationOps,
  type TLearningPathAssign,
  type TLearningPathProgress,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import { PATH_MESSAGES } from '../path-labels.ts';
import { pathKeys, useRefreshPaths } from './paths.api.ts';

/* A path's learners: the progress table, assigning, removing, due dates, export and messages. */

export interface EnrolmentQuery {
  state?: TLearningPathProgress;
  search?: string;
  page: number;
  page_size: number;
}

export function usePathEnrolments(pathId: number, query: EnrolmentQuery, enabled = true) {
  return useQuery({
    queryKey: pathKeys.enrolments(pathId, query),
    queryFn: ({ signal }) =>
      call(ops.enrolments, { query: { ...query, learning_path: pathId }, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && pathId > 0,
    meta: { errorMessage: PATH_MESSAGES.learnersFailed },
  });
}

/** The dialog shows the outcome ({enrolled, unchanged}) and the failure itself. */
export function useAssignPath() {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: (body: TLearningPathAssign) => call(ops.assign, { body }),
    onSuccess: refresh,
  });
}

export function useUpdatePathEnrolment() {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: ({ id, dueAt }: { id: number; dueAt: string | null }) =>
      call(ops.updateEnrolment, { params: { id }, body: { due_at: dueAt } }),
    onSuccess: refresh,
    meta: { errorMessage: PATH_MESSAGES.updateFailed, successMessage: 'Due date saved.' },
  });
}

export function useRemoveEnrolments(pathId: number) {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.removeMany, { body: { learning_path: pathId, ids } }),
    onSuccess: refresh,
    meta: { errorMessage: PATH_MESSAGES.deleteFailed },
  });
}

/**
 * Downloads the progress table as CSV. The file comes through `call` (token and contract), so a
 * refusal shows the server's message instead of saving an error page.
 */
export function useExportEnrolments(pathId: number) {
  return useMutation({
    mutationFn: async () => {
      const blob = await call(ops.exportEnrolments, { query: { learning_path: pathId } });
      saveBlob(blob, `learning-path-${pathId}-learners-${dateStamp()}.csv`);
    },
    meta: { errorMessage: PATH_MESSAGES.learnersFailed },
  });
}

/** The dialog says how many were reached and shows a failure itself. */
export function useNotifyLearners() {
  return useMutation({
    mutationFn: (body: {
      learning_path: number;
      subject: string;
      message: string;
      states?: TLearningPathProgress[];
    }) => call(ops.notify, { body }),
  });
}

/** Users of the organisation matching a search, for the assign dialog's picker. */
export function useUserOptions(search: string, enabled: boolean) {
  const query = { search: search.trim() || undefined, status: 'active' as const, page_size: 20 };
  return useQuery({
    queryKey: ['learning-paths', 'user-options', query],
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDepartmentOptions(organisationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['learning-paths', 'departments', organisationId],
    queryFn: ({ signal }) =>
      call(organisationOps.departmentsOf, { params: { org: organisationId }, signal }),
    enabled: enabled && organisationId > 0,
    staleTime: 60_000,
  });
}

/** Designations belong to a department: those of the department picked to browse them. */
export function useDesignationOptions(departmentId: number | null) {
  return useQuery({
    queryKey: ['learning-paths', 'designations', departmentId],
    queryFn: ({ signal }) =>
      call(organisationOps.designationsOf, { params: { id: departmentId ?? 0 }, signal }),
    enabled: departmentId !== null && departmentId > 0,
    staleTime: 60_000,
  });
}
