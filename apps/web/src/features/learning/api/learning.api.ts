import { catalogueOps, learningOps as ops, type TCourseProgress } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { COURSE_MESSAGES, courseKeys } from '../../catalogue/index.ts';

/*
 * The course player's server calls: progress reports and assignments (its discussion tab is the
 * discussions feature's ScopedDiscussions).
 * Every progress answer carries the whole course progress, which replaces the cached one, so
 * the progress bar and the file status icons follow each report without another request.
 */

export const learningKeys = {
  assignments: (courseId: number, query: object) =>
    [...courseKeys.assignments(courseId), query] as const,
};

/**
 * The course for the player. Same cache entry as useCourseDetail, but without a snackbar: a
 * course that is gone or hidden is a page state of the player ("Course not found").
 */
export function usePlayerCourse(courseId: number) {
  return useQuery({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) => call(catalogueOps.detail, { params: { id: courseId }, signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
  });
}

/**
 * The caller's progress for the player. Same cache entry as useCourseProgress, but without a
 * snackbar: a learner who is not enrolled gets a 403 here, which the player shows as a page
 * state of its own rather than as an error.
 */
export function usePlayerProgress(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.progress(courseId),
    queryFn: ({ signal }) => call(ops.courseProgress, { body: { course: courseId }, signal }),
    enabled: enabled && Number.isInteger(courseId) && courseId > 0,
  });
}

export interface FileReport {
  module_file: number;
  status: 'in_progress' | 'completed';
  time_spent: number;
}

/** Sends one report; the answer is the new course progress. */
export function postFileStatus(report: FileReport, keepalive = false): Promise<TCourseProgress> {
  return call(ops.reportFileStatus, { body: report, keepalive });
}

/** Stores a report's answer as the course progress. */
export function useStoreProgress(courseId: number) {
  const queryClient = useQueryClient();
  return (next: TCourseProgress) => {
    queryClient.setQueryData(courseKeys.progress(courseId), next);
    // The course lists show the learner's percent: let them fetch it again when next shown.
    if (next.status === 'completed')
      void queryClient.invalidateQueries({ queryKey: courseKeys.lists });
  };
}

// ── Assignments ─────────────────────────────────────────────────────────

export function useCourseAssignments(courseId: number, page: number, enabled = true) {
  const query = { course: courseId, page, page_size: 10 };
  return useQuery({
    queryKey: learningKeys.assignments(courseId, query),
    queryFn: ({ signal }) => call(ops.assignments, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.moduleFailed },
  });
}

export interface SubmissionInput {
  assignment: number;
  text: string;
  file: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** Multipart submit with upload progress; replaces an ungraded earlier submission. */
export function useSubmitAssignment(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assignment, text, file, onProgress }: SubmissionInput) => {
      const body = new FormData();
      // Text first: the server reads fields and files in the order they arrive.
      if (text.trim()) body.append('text', text.trim());
      if (file) body.append('file', file, file.name);
      return call(ops.submit, { params: { id: assignment }, body, onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.assignments(courseId) }),
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Your work was submitted.' },
  });
}

/** The caller's progress in a course (per file, percent, last position). */
export function useCourseProgress(courseId: number, enabled = true) {
  return useQuery({
    queryKey: courseKeys.progress(courseId),
    queryFn: ({ signal }) =>
      // Spec §7 makes this lookup a POST.
      call(ops.courseProgress, { body: { course: courseId }, signal }),
    enabled: enabled && Number.isInteger(courseId) && courseId > 0,
    meta: { errorMessage: COURSE_MESSAGES.detailFailed },
  });
}
