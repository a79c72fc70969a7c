import {
  coursePaths,
  learningPaths,
  ZCategory,
  ZCourse,
  ZCourseDashboard,
  ZCourseProgress,
  ZEnrolment,
  ZEnrolmentRequestPage,
  ZFaq,
  ZReviewPage,
  zPage,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import type { CourseListQuery, FilterType } from '../catalogue-query.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';
import { courseKeys, useRefreshCourses } from './courses.api.ts';

const ZCoursePage = zPage(ZCourse);
const ZCategoryPage = zPage(ZCategory);
const ZFaqPage = zPage(ZFaq);

/** The course list endpoints the catalogue screens read (spec §7). */
export type CourseListPath =
  | typeof coursePaths.catalogue
  | typeof coursePaths.assigned
  | typeof coursePaths.bySuperadmin
  | typeof coursePaths.cpd
  | typeof coursePaths.created
  | typeof coursePaths.filterType;

/** One page of a course list; the previous page stays on screen while the next loads. */
export function useCourseList(
  path: CourseListPath,
  query: CourseListQuery & { type?: FilterType },
  enabled = true,
) {
  return useQuery({
    queryKey: courseKeys.list(path, query),
    queryFn: ({ signal }) => api.get(path, { query, schema: ZCoursePage, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** A page of the organisation's categories, searched by name. */
export function useCategoryPage(query: { search?: string; page: number; page_size: number }) {
  return useQuery({
    queryKey: courseKeys.categoryList(query),
    queryFn: ({ signal }) =>
      api.get(coursePaths.categories, { query, schema: ZCategoryPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** One category of the caller's organisation; a 404 when it is not there. */
export function useCategory(id: number) {
  return useQuery({
    queryKey: [...courseKeys.categories, 'one', id],
    queryFn: ({ signal }) =>
      api.get(fillPath(coursePaths.category, { id }), { schema: ZCategory, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

type Upload = { form: FormData; onProgress: (p: UploadProgress) => void };

export function useCreateCategory() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: Upload) =>
      uploadWithProgress(coursePaths.categories, form, { schema: ZCategory, onProgress }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Category added.' },
  });
}

export function useUpdateCategory(id: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: Upload) =>
      uploadWithProgress(fillPath(coursePaths.category, { id }), form, {
        method: 'PATCH',
        schema: ZCategory,
        onProgress,
      }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Category saved.' },
  });
}

/**
 * Refused (409) while courses use the category: the server's message says how many. The
 * confirm dialog shows a failure itself, so there is no error toast repeating it.
 */
export function useDeleteCategory() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (id: number) => api.delete(fillPath(coursePaths.category, { id })),
    onSuccess: refresh,
    meta: { successMessage: 'Category deleted.' },
  });
}

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

export function useCourseReviews(courseId: number, page: number, pageSize = 5) {
  const query = { page, page_size: pageSize };
  return useQuery({
    queryKey: courseKeys.reviews(courseId, query),
    queryFn: ({ signal }) =>
      api.get(fillPath(learningPaths.reviewsList, { courseId }), {
        query,
        schema: ZReviewPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.reviewsFailed },
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
        const progress = await api.post(
          learningPaths.courseStatus,
          { course: courseId },
          { schema: ZCourseProgress, signal },
        );
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
        const requests = await api.get(learningPaths.enrolmentRequests, {
          query: { scope: 'mine', page, page_size: 100 },
          schema: ZEnrolmentRequestPage,
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
    mutationFn: () =>
      api.post(learningPaths.enrolmentRequest, { course: courseId }, { schema: ZEnrolment }),
    // A 409 means a request already exists: refreshing shows its real state either way.
    onSettled: refresh,
    meta: {
      errorMessage: COURSE_MESSAGES.postFailed,
      successMessage: 'Enrolment requested. You will be told when it is decided.',
    },
  });
}

export function useCourseDashboard(enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.dashboard,
    queryFn: ({ signal }) => api.get(coursePaths.dashboard, { schema: ZCourseDashboard, signal }),
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.detailFailed },
  });
}
