import { learningPathOps as ops } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { PATH_MESSAGES } from '../path-labels.ts';
import { pathKeys, useRefreshPaths } from './paths.api.ts';

export function usePathReviews(pathId: number, page: number, pageSize = 10) {
  const query = { page, page_size: pageSize };
  return useQuery({
    queryKey: pathKeys.reviews(pathId, query),
    queryFn: ({ signal }) => call(ops.reviews, { params: { id: pathId }, query, signal }),
    placeholderData: keepPreviousData,
    enabled: pathId > 0,
    meta: { errorMessage: PATH_MESSAGES.reviewsFailed },
  });
}

/** One review per learner: the form shows a refusal (already reviewed, not enrolled) itself. */
export function usePostReview(pathId: number) {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: ({ rating, comment }: { rating: number; comment: string }) =>
      call(ops.review, { body: { learning_path: pathId, rating, comment } }),
    onSuccess: refresh,
    meta: { successMessage: 'Thank you for your review.' },
  });
}
