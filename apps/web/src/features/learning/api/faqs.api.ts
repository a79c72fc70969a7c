import { learningOps as ops, type TFaqCreate, type TFaqUpdate } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { COURSE_MESSAGES, courseKeys } from '../../catalogue/index.ts';

/* A course's FAQs: the detail page reads them, the FAQ screen of its managers edits them. */

export function useCourseFaqs(courseId: number) {
  return useQuery({
    queryKey: courseKeys.faqs(courseId),
    queryFn: ({ signal }) =>
      call(ops.faqs, { params: { courseId }, query: { page_size: 100 }, signal }),
    meta: { errorMessage: COURSE_MESSAGES.faqsFailed },
  });
}

export function useFaqs(courseId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...courseKeys.faqs(courseId), { page, pageSize }],
    queryFn: ({ signal }) =>
      call(ops.faqs, { params: { courseId }, query: { page, page_size: pageSize }, signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.faqsFailed },
  });
}

function useRefreshFaqs(courseId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.faqs(courseId) });
}

export function useSaveFaq(courseId: number) {
  const refresh = useRefreshFaqs(courseId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id?: number } & Omit<TFaqCreate, 'course'>) =>
      id === undefined
        ? call(ops.faqCreate, { body: { ...body, course: courseId } })
        : call(ops.faqUpdate, { params: { id }, body }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'FAQ saved.' },
  });
}

/** Gives several FAQs new positions (a move renumbers the page). */
export function useMoveFaqs(courseId: number) {
  const refresh = useRefreshFaqs(courseId);
  return useMutation({
    mutationFn: async (updates: ({ id: number } & TFaqUpdate)[]) => {
      for (const { id, ...body } of updates) await call(ops.faqUpdate, { params: { id }, body });
    },
    onSettled: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed },
  });
}

export function useDeleteFaq(courseId: number) {
  const refresh = useRefreshFaqs(courseId);
  return useMutation({
    mutationFn: (id: number) => call(ops.faqRemove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.faqDeleteFailed, successMessage: 'FAQ deleted.' },
  });
}
