import {
  catalogueOps,
  learningOps as ops,
  type TAssignLearners,
  type TEnrolmentStatus,
  type TEnrolmentUpdate,
  userOps,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { COURSE_MESSAGES, courseKeys, useRefreshCourses } from '../../catalogue/index.ts';

/*
 * Enrolment screens: a course's learners (assign, unassign, change), the caller's assigned and
 * not-yet-assigned courses, and enrolment requests. Every change refreshes the whole course key
 * tree, since an enrolment shows on lists, details, progress and request badges alike.
 */

export interface EnrolmentListQuery {
  search?: string;
  status?: TEnrolmentStatus;
  page: number;
  page_size: number;
}

/** One page of a course's enrolments (course managers). */
export function useCourseEnrolments(courseId: number, query: EnrolmentListQuery) {
  return useQuery({
    queryKey: courseKeys.enrolments(courseId, query),
    queryFn: ({ signal }) =>
      call(ops.courseEnrolments, { params: { courseId }, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    enabled: courseId > 0,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** Learners of the organisation matching a search, for the assign dialog's picker. */
export function useLearnerOptions(search: string, enabled: boolean) {
  const query = { role: '4', search: search.trim() || undefined, page_size: 20 };
  return useQuery({
    queryKey: ['courses', 'learner-options', query],
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

export function useAssignLearners(courseId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (input: TAssignLearners) => call(ops.assign, { params: { courseId }, body: input }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed },
  });
}

export function useUnassignLearners(courseId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (users: number[]) => call(ops.unassign, { params: { courseId }, body: { users } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed },
  });
}

/** Due date or status change of one enrolment (course managers). */
export function useUpdateEnrolment() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TEnrolmentUpdate }) =>
      call(ops.updateEnrolment, { params: { id }, body: change }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Enrolment updated.' },
  });
}

export function useApproveRequest() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (enrolment: number) => call(ops.approveRequest, { body: { enrolment } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Request approved.' },
  });
}

/** Rejects a request (managers, with an optional reason) or withdraws the caller's own. */
export function useRejectRequest(successMessage = 'Request rejected.') {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ enrolment, reason }: { enrolment: number; reason?: string }) =>
      call(ops.rejectRequest, { body: { enrolment, ...(reason ? { reason } : {}) } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage },
  });
}

/** The search, order and page of the caller's course grids. */
export interface MyCoursesQuery {
  search?: string;
  ordering?: 'title' | '-created_at';
  /** Assigned courses only: in progress or completed. */
  enrolment_status?: 'enrolled' | 'completed';
  page: number;
  page_size: number;
}

/** Published courses the caller is not enrolled in, each with their pending/rejected request. */
export function useUnassignedCourses(query: MyCoursesQuery) {
  return useQuery({
    queryKey: courseKeys.list(catalogueOps.unassigned.path, query),
    queryFn: ({ signal }) => call(catalogueOps.unassigned, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** The caller's courses (enrolled or completed) with their enrolment. */
export function useAssignedCourses(query: MyCoursesQuery) {
  return useQuery({
    queryKey: courseKeys.list(catalogueOps.assigned.path, query),
    queryFn: ({ signal }) => call(catalogueOps.assigned, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

export type LearnerEnrolment =
  | { state: 'enrolled' | 'completed'; progress: number; enrolmentId: number }
  | { state: 'requested' | 'rejected'; enrolmentId: number }
  | { state: 'none' };

/**
 * Where the learner stands in a course. The progress endpoint answers for active enrolments
 * (enrolled or completed, however they came about) and refuses otherwise; only then are the
 * learner's own requests read, for a pending or rejected request.
 */
export function useLearnerEnrolment(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...courseKeys.progress(courseId), 'enrolment'],
    queryFn: async ({ signal }): Promise<LearnerEnrolment> => {
      try {
        const progress = await call(ops.courseProgress, { body: { course: courseId }, signal });
        if (progress.status === 'enrolled' || progress.status === 'completed') {
          return {
            state: progress.status,
            progress: progress.progress_percent,
            enrolmentId: progress.enrolment,
          };
        }
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 403)) throw error;
      }
      for (let page = 1; page <= 20; page += 1) {
        const requests = await call(ops.requests, {
          query: { scope: 'mine', page, page_size: 100 },
          signal,
        });
        const mine = requests.results.find((r) => r.course.id === courseId);
        if (mine && (mine.status === 'requested' || mine.status === 'rejected')) {
          return { state: mine.status, enrolmentId: mine.id };
        }
        if (mine || !requests.next) break;
      }
      return { state: 'none' };
    },
    enabled: enabled && courseId > 0,
    meta: { errorMessage: COURSE_MESSAGES.detailFailed },
  });
}

export function useRequestEnrolment(courseId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: () => call(ops.requestEnrolment, { body: { course: courseId } }),
    // A 409 means a request already exists: refreshing shows its real state either way.
    onSettled: refresh,
    meta: {
      errorMessage: COURSE_MESSAGES.postFailed,
      successMessage: 'Enrolment requested. You will be told when it is decided.',
    },
  });
}
