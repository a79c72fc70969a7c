import { learningPaths, type TFaqCreate, type TFaqUpdate, ZFaq, zPage } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { COURSE_MESSAGES, courseKeys } from '../../catalogue/index.ts';

/* A course's FAQs: the detail page reads them, the FAQ screen of its managers edits them. */

const ZFaqPage = zPage(ZFaq);

export function useCourseFaqs(courseId: number) {
  return useQuery({
    queryKey: courseKeys.faqs(courseId),
    queryFn: ({ signal }) =>
      api.get(fillPath(learningPaths.faqList, { courseId }), {
        query: { page_size: 100 },
        schema: ZFaqPage,
        signal,
      }),
    meta: { errorMessage: COURSE_MESSAGES.faqsFailed },
  });
}

export function useFaqs(courseId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...courseKeys.faqs(courseId), { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get(fillPath(learningPaths.faqList, { courseId }), {
        query: { page, page_size: pageSize },
        schema: ZFaqPage,
        signal,
      }),
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
        ? api.post(learningPaths.faq, { ...body, course: courseId }, { schema: ZFaq })
        : api.patch(fillPath(learningPaths.faqItem, { id }), body, { schema: ZFaq }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'FAQ saved.' },
  });
}

/** Gives several FAQs new positions (a move renumbers the page). */
export function useMoveFaqs(courseId: number) {
  const refresh = useRefreshFaqs(courseId);
  return useMutation({
    mutationFn: async (updates: ({ id: number } & TFaqUpdate)[]) => {
      for (const { id, ...body } of updates)
        await api.patch(fillPath(learningPaths.faqItem, { id }), body, { schema: ZFaq });
    },
    onSettled: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed },
  });
}

export function useDeleteFaq(courseId: number) {
  const refresh = useRefreshFaqs(courseId);
  return useMutation({
    mutationFn: (id: number) => api.delete(fillPath(learningPaths.faqItem, { id })),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.faqDeleteFailed, successMessage: 'FAQ deleted.' },
  });
}
