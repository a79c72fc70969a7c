import {
  catalogueOps,
  learningPathOps as ops,
  type TLearningPathQuery,
  type TLearningPathStatus,
  type TLearningPathStructure,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { PATH_MESSAGES } from '../path-labels.ts';

/*
 * Learning paths: lists, the detail every path screen reads, the editor's writes and joining.
 * One key tree, so any change refreshes every list, detail and progress table that shows it.
 */
export const pathKeys = {
  all: ['learning-paths'] as const,
  list: (query: object) => ['learning-paths', 'list', query] as const,
  detail: (id: number) => ['learning-paths', 'detail', id] as const,
  enrolments: (id: number, query: object) => ['learning-paths', 'enrolments', id, query] as const,
  reviews: (id: number, query: object) => ['learning-paths', 'reviews', id, query] as const,
  courseOptions: (search: string) => ['learning-paths', 'course-options', search] as const,
  categories: ['learning-paths', 'categories'] as const,
};

export type PathListQuery = Omit<TLearningPathQuery, 'page' | 'page_size' | 'scope'> & {
  scope: TLearningPathQuery['scope'];
  page: number;
  page_size: number;
};

/** One page of paths (catalogue, mine or manage); the previous page stays while the next loads. */
export function useLearningPaths(query: PathListQuery, enabled = true) {
  return useQuery({
    queryKey: pathKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: PATH_MESSAGES.listFailed },
  });
}

/** A path with its items, electives and the caller's progress; 404 when they may not see it. */
export function useLearningPath(id: number) {
  return useQuery({
    queryKey: pathKeys.detail(id),
    queryFn: ({ signal }) => call(ops.detail, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useRefreshPaths() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pathKeys.all });
}

type Upload = { form: FormData; onProgress: (p: UploadProgress) => void };

export function useCreatePath() {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: ({ form, onProgress }: Upload) => call(ops.create, { body: form, onProgress }),
    onSuccess: refresh,
    meta: { successMessage: 'Learning path created.' },
  });
}

/** The form shows the server's field errors itself, so there is no error snackbar. */
export function useUpdatePath(id: number) {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: ({ form, onProgress }: Upload) =>
      call(ops.update, { params: { id }, body: form, onProgress }),
    onSuccess: refresh,
    meta: { successMessage: 'Settings saved.' },
  });
}

/** Refused (409) while learners are enrolled and the path is not archived: the dialog says so. */
export function useDeletePath() {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Learning path deleted.' },
  });
}

const STATUS_DONE: Record<TLearningPathStatus, string> = {
  published: 'Learning path published.',
  archived: 'Learning path archived.',
  draft: 'Learning path returned to draft.',
};

export function useSetPathStatus() {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TLearningPathStatus }) =>
      call(ops.setStatus, { params: { id }, body: { status } }),
    onSuccess: (_path, { status }) => {
      notifySuccess(STATUS_DONE[status]);
      return refresh();
    },
    meta: { errorMessage: PATH_MESSAGES.updateFailed },
  });
}

/**
 * Saves the whole structure. A refusal (a cycle, a course of another organisation) is shown by
 * the editor above the structure, with the draft left as it was, so no snackbar repeats it.
 */
export function useSaveStructure(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLearningPathStructure) => call(ops.structure, { params: { id }, body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(pathKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: pathKeys.all });
    },
    meta: { successMessage: 'Structure saved.' },
  });
}

/** Join now (self-enrolment) or ask to (by request); a 409 means it is already done. */
export function useJoinPath() {
  const refresh = useRefreshPaths();
  return useMutation({
    mutationFn: (learningPath: number) => call(ops.join, { body: { learning_path: learningPath } }),
    onSettled: refresh,
    meta: { errorMessage: PATH_MESSAGES.postFailed },
  });
}

/** Courses of the catalogue for the editor's picker, searched by title on the server. */
export function useCourseOptions(search: string, enabled: boolean) {
  const query = { search: search.trim() || undefined, page_size: 20, ordering: 'title' as const };
  return useQuery({
    queryKey: pathKeys.courseOptions(search.trim()),
    queryFn: ({ signal }) => call(catalogueOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The organisation's course categories, for filters and the path form (the first 100). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: pathKeys.categories,
    queryFn: ({ signal }) => call(catalogueOps.categories, { query: { page_size: 100 }, signal }),
    staleTime: 60_000,
  });
}
