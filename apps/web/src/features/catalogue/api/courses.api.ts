import { catalogueOps as ops } from '@atrium/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';

/*
 * What the course screens share, learning's included: one key tree (so a change anywhere
 * refreshes every list and detail that shows it) and the queries more than one screen reads.
 * Each part keeps its own calls in its own api file (catalogue, authoring, repository here;
 * enrolment, learning, FAQs, reviews and assignments in features/learning).
 */
export const courseKeys = {
  all: ['courses'] as const,
  lists: ['courses', 'list'] as const,
  list: (path: string, query: object) => ['courses', 'list', path, query] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
  progress: (id: number) => ['courses', 'progress', id] as const,
  progressAll: ['courses', 'progress'] as const,
  categories: ['courses', 'categories'] as const,
  categoryList: (query: object) => ['courses', 'categories', query] as const,
  faqs: (courseId: number) => ['courses', 'faqs', courseId] as const,
  reviews: (courseId: number, query: object) => ['courses', 'reviews', courseId, query] as const,
  enrolments: (courseId: number, query: object) =>
    ['courses', 'enrolments', courseId, query] as const,
  requests: (query: object) => ['courses', 'requests', query] as const,
  repository: (query: object) => ['courses', 'repository', query] as const,
  assignments: (courseId: number) => ['courses', 'assignments', courseId] as const,
  dashboard: ['courses', 'dashboard'] as const,
};

/** A course with its modules, files and counts; 404 when the caller may not see it. */
export function useCourseDetail(id: number) {
  return useQuery({
    queryKey: courseKeys.detail(id),
    queryFn: ({ signal }) => call(ops.detail, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorMessage: COURSE_MESSAGES.detailFailed },
  });
}

/** Categories for pickers and filters (the first 100 by name; the category page pages itself). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: courseKeys.categoryList({ page_size: 100 }),
    queryFn: ({ signal }) => call(ops.categories, { query: { page_size: 100 }, signal }),
    staleTime: 60_000,
    meta: { errorMessage: COURSE_MESSAGES.listFailed },
  });
}

/** Refreshes everything course-shaped after a change. */
export function useRefreshCourses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
}
