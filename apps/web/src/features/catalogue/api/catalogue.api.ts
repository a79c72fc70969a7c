import { catalogueOps as ops } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import type { CourseListQuery, FilterType } from '../catalogue-query.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';
import { courseKeys, useRefreshCourses } from './courses.api.ts';

/** The course lists the catalogue screens read (spec §7). */
export type CourseListOp =
  | typeof ops.catalogue
  | typeof ops.assigned
  | typeof ops.bySuperadmin
  | typeof ops.cpd
  | typeof ops.created
  | typeof ops.byType;

/** One page of a course list; the previous page stays on screen while the next loads. */
export function useCourseList(
  op: CourseListOp,
  query: CourseListQuery & { type?: FilterType },
  enabled = true,
) {
  return useQuery({
    queryKey: courseKeys.list(op.path, query),
    queryFn: ({ signal }) => call(op, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** A page of the organisation's categories, searched by name. */
export function useCategoryPage(query: { search?: string; page: number; page_size: number }) {
  return useQuery({
    queryKey: courseKeys.categoryList(query),
    queryFn: ({ signal }) => call(ops.categories, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** One category of the caller's organisation; a 404 when it is not there. */
export function useCategory(id: number) {
  return useQuery({
    queryKey: [...courseKeys.categories, 'one', id],
    queryFn: ({ signal }) => call(ops.category, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

type Upload = { form: FormData; onProgress: (p: UploadProgress) => void };

export function useCreateCategory() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: Upload) =>
      call(ops.categoryCreate, { body: form, onProgress }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Category added.' },
  });
}

export function useUpdateCategory(id: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: Upload) =>
      call(ops.categoryUpdate, { params: { id }, body: form, onProgress }),
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
    mutationFn: (id: number) => call(ops.categoryRemove, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Category deleted.' },
  });
}

export function useCourseDashboard(enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.dashboard,
    queryFn: ({ signal }) => call(ops.dashboard, { signal }),
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.detailFailed },
  });
}
