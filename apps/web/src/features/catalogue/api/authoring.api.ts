import { catalogueOps as ops } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';
import { courseKeys, useRefreshCourses } from './courses.api.ts';

/*
 * Authoring: creating and changing courses, their status, modules and module files (FAQs are
 * learning's). Every change refreshes the whole course key tree, so lists, details and counts
 * agree afterwards.
 */

type WithProgress = { form: FormData; onProgress?: (progress: UploadProgress) => void };

export function useCreateCourse() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: WithProgress) =>
      call(ops.create, { body: form, onProgress }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Course created.' },
  });
}

export function useUpdateCourse(id: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: WithProgress) =>
      call(ops.update, { params: { id }, body: form, onProgress }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Course saved.' },
  });
}

export function useDeleteCourse() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.deleteFailed, successMessage: 'Course deleted.' },
  });
}

const STATUS_DONE = {
  published: 'Course published.',
  pending: 'Course submitted for review.',
  draft: 'Course moved back to draft.',
} as const;

export function useSetCourseStatus(id: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (status: keyof typeof STATUS_DONE) =>
      call(ops.publish, { params: { id }, body: { status } }),
    onSuccess: async (course) => {
      await refresh();
      return course;
    },
    meta: { errorMessage: COURSE_MESSAGES.updateFailed },
  });
}
export const statusDoneMessage = (status: keyof typeof STATUS_DONE) => STATUS_DONE[status];

// ---------- modules ----------
export function useAddModule(courseId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (body: { title: string; description: string }) =>
      call(ops.moduleCreate, { params: { courseId }, body }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'Module added.' },
  });
}

export function useUpdateModule() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; title?: string; description?: string }) =>
      call(ops.moduleUpdate, { params: { id }, body }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'Module saved.' },
  });
}

export function useDeleteModule() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (id: number) => call(ops.moduleRemove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.moduleDeleteFailed, successMessage: 'Module deleted.' },
  });
}

/** Saves a new module order; the caller shows the new order at once and rolls back on failure. */
export function useReorderModules(courseId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (order: number[]) =>
      call(ops.modulesReorder, { params: { courseId }, body: { order } }),
    onSettled: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed },
  });
}

export const moduleKey = (id: number) => [...courseKeys.all, 'module', id] as const;

export function useModule(id: number) {
  return useQuery({
    queryKey: moduleKey(id),
    queryFn: ({ signal }) => call(ops.module, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorMessage: COURSE_MESSAGES.moduleFailed },
  });
}

export function useAttachFile(moduleId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (body: { file: number; required: boolean }) =>
      call(ops.moduleFileAttach, { params: { id: moduleId }, body }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.postFailed, successMessage: 'File attached.' },
  });
}

/** Required files count towards completion; optional ones do not. */
export function useSetFileRequired(moduleId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ itemId, required }: { itemId: number; required: boolean }) =>
      call(ops.moduleFileUpdate, { params: { id: moduleId, itemId }, body: { required } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed },
  });
}

export function useDetachFile(moduleId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (itemId: number) =>
      call(ops.moduleFileDetach, { params: { id: moduleId, itemId } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.deleteFailed, successMessage: 'File detached.' },
  });
}

export function useReorderFiles(moduleId: number) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (order: number[]) =>
      call(ops.moduleFilesReorder, { params: { id: moduleId }, body: { order } }),
    onSettled: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed },
  });
}

// ---------- import ----------
export function useImportCourses() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ form, onProgress }: WithProgress) =>
      call(ops.import, { body: form, onProgress }),
    onSuccess: refresh,
    // The page shows the per-row report itself; no toast on top of it.
  });
}
