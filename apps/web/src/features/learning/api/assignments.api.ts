import {
  learningOps as ops,
  type TAssignmentCreate,
  type TAssignmentUpdate,
  type TGrade,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { COURSE_MESSAGES, courseKeys } from '../../catalogue/index.ts';

/*
 * The course managers' side of assignments: the list with submission counts, create / edit /
 * delete, and each assignment's submissions with grading. Keys live under
 * courseKeys.assignments(courseId), which the learner's player list uses too, so a change here
 * refreshes both.
 */

export const ASSIGNMENTS_PAGE_SIZE = 10;
export const SUBMISSIONS_PAGE_SIZE = 10;

export const assignmentKeys = {
  managed: (courseId: number, query: object) =>
    [...courseKeys.assignments(courseId), 'managed', query] as const,
  submissions: (courseId: number, assignmentId: number, query?: object) =>
    query
      ? ([...courseKeys.assignments(courseId), 'submissions', assignmentId, query] as const)
      : ([...courseKeys.assignments(courseId), 'submissions', assignmentId] as const),
};

function useRefreshAssignments(courseId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.assignments(courseId) });
}

/** A page of the course's assignments, newest first; managers get `submission_count`. */
export function useManagedAssignments(courseId: number, page: number, enabled = true) {
  const query = { course: courseId, page, page_size: ASSIGNMENTS_PAGE_SIZE };
  return useQuery({
    queryKey: assignmentKeys.managed(courseId, query),
    queryFn: ({ signal }) => call(ops.assignments, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateAssignment(courseId: number) {
  const refresh = useRefreshAssignments(courseId);
  return useMutation({
    mutationFn: (body: TAssignmentCreate) => call(ops.assignmentCreate, { body }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Assignment added.' },
  });
}

export function useUpdateAssignment(courseId: number) {
  const refresh = useRefreshAssignments(courseId);
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TAssignmentUpdate }) =>
      call(ops.assignmentUpdate, { params: { id }, body: change }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Assignment saved.' },
  });
}

export function useDeleteAssignment(courseId: number) {
  const refresh = useRefreshAssignments(courseId);
  return useMutation({
    mutationFn: (id: number) => call(ops.assignmentRemove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.deleteFailed, successMessage: 'Assignment deleted.' },
  });
}

/** A page of one assignment's submissions, newest first (course managers only). */
export function useAssignmentSubmissions(
  courseId: number,
  assignmentId: number | null,
  page: number,
) {
  const query = { page, page_size: SUBMISSIONS_PAGE_SIZE };
  return useQuery({
    queryKey: assignmentKeys.submissions(courseId, assignmentId ?? 0, query),
    queryFn: ({ signal }) =>
      call(ops.submissions, { params: { id: assignmentId ?? 0 }, query, signal }),
    placeholderData: keepPreviousData,
    enabled: assignmentId !== null,
  });
}

/** Grades (or regrades) a learner's submission; the server caps the score at max_score. */
export function useGradeSubmission(courseId: number, assignmentId: number) {
  const refresh = useRefreshAssignments(courseId);
  return useMutation({
    mutationFn: (grade: TGrade) => call(ops.grade, { params: { id: assignmentId }, body: grade }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Grade saved.' },
  });
}

/**
 * Downloads a submission's file through the API client: the session token travels in a header,
 * which a plain link cannot send, and a refusal shows the server's message instead of an error
 * page.
 */
export function useDownloadSubmission() {
  return useMutation({
    mutationFn: async ({ submission, name }: { submission: number; name: string }) =>
      saveBlob(await call(ops.submissionFile, { params: { id: submission } }), name),
    meta: { errorMessage: 'Could not download the file.' },
  });
}
