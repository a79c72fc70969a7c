import { coursePaths, ZCategory, ZCourse, ZCourseDashboard, zPage } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import type { CourseListQuery, FilterType } from '../catalogue-query.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';
import { courseKeys, useRefreshCourses } from './courses.api.ts';

const ZCoursePage = zPage(ZCourse);
const ZCategoryPage = zPage(ZCategory);

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

export function useCourseDashboard(enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.dashboard,
    queryFn: ({ signal }) => api.get(coursePaths.dashboard, { schema: ZCourseDashboard, signal }),
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.detailFailed },
  });
}
