import { learningOps as ops, type TReviewCreate } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { COURSE_MESSAGES, courseKeys } from '../../catalogue/index.ts';

/** A course's reviews, newest first, with the average rating over all of them. */
export function useReviewsList(courseId: number, page = 1, pageSize = 10, enabled = true) {
  const query = { page, page_size: pageSize };
  return useQuery({
    queryKey: courseKeys.reviews(courseId, query),
    queryFn: ({ signal }) => call(ops.reviews, { params: { courseId }, query, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && courseId > 0,
    meta: { errorMessage: COURSE_MESSAGES.reviewsFailed },
  });
}

/** The text a failed review post shows: spec §4 wants the first non_field_errors message. */
export function reviewFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return (
      error.nonFieldErrors[0] ??
      (error.hasServerMessage ? error.message : COURSE_MESSAGES.reviewFailed)
    );
  }
  return COURSE_MESSAGES.reviewFailed;
}

/** Posts a review; success and failure both end in a snackbar, the form clears either way. */
export function usePostReview(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TReviewCreate, 'course'>) =>
      call(ops.review, { body: { ...input, course: courseId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['courses', 'reviews', courseId] }),
    onError: (error) => notifyError(reviewFailure(error)),
    meta: { successMessage: 'Thank you for your review.' },
  });
}

/** Key of the caller's own review screen lists (under the reviews branch, so a post refreshes it). */
export const myReviewKeys = {
  all: ['courses', 'reviews', 'mine'] as const,
  list: (query: object) => ['courses', 'reviews', 'mine', query] as const,
};

/** The caller's courses still to review, or the reviews they wrote (/reviewlist). */
export function useMyReviews(state: 'to_review' | 'reviewed', page: number, pageSize: number) {
  const query = { state, page, page_size: pageSize };
  return useQuery({
    queryKey: myReviewKeys.list(query),
    queryFn: ({ signal }) => call(ops.myReviews, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.reviewsFailed },
  });
}

/** A course's reviews for its managers, with the average and the count per star. */
export function useCourseReviewStats(courseId: number, page: number, pageSize: number) {
  const query = { page, page_size: pageSize, stats: true };
  return useQuery({
    queryKey: courseKeys.reviews(courseId, query),
    queryFn: ({ signal }) =>
      call(ops.reviews, { params: { courseId }, query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
    enabled: courseId > 0,
    meta: { errorMessage: COURSE_MESSAGES.learnerReviewsFailed },
  });
}

/** After any review post: the caller's review screen lists change too. */
export function useRefreshMyReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: myReviewKeys.all });
}

export function useCourseReviews(courseId: number, page: number, pageSize = 5) {
  const query = { page, page_size: pageSize };
  return useQuery({
    queryKey: courseKeys.reviews(courseId, query),
    queryFn: ({ signal }) => call(ops.reviews, { params: { courseId }, query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.reviewsFailed },
  });
}
