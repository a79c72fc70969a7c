import { catalogueOps as ops, type TFileKind } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';
import { courseKeys, useRefreshCourses } from './courses.api.ts';

/* The organisation's file repository (file-repo/): the library module files are attached from. */

export interface RepositoryQuery {
  kind?: TFileKind;
  search?: string;
  page: number;
  pageSize: number;
}

export function useRepositoryFiles(query: RepositoryQuery, enabled = true) {
  const params = {
    kind: query.kind,
    search: query.search || undefined,
    page: query.page,
    page_size: query.pageSize,
  };
  return useQuery({
    queryKey: courseKeys.repository(params),
    queryFn: ({ signal }) => call(ops.files, { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: COURSE_MESSAGES.fileRepoFailed },
  });
}

/** Uploads one file (multipart `file`, the display name first) with progress. */
export function useUploadRepositoryFile() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('name', file.name);
      form.append('file', file);
      return call(ops.fileUpload, { body: form, onProgress });
    },
    onSuccess: refresh,
    // No toasts: the upload panel says what happened next to the file (uploaded, or the
    // server's refusal), and on a module page the attach that follows confirms it again.
  });
}

export function useRenameRepositoryFile() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(ops.fileRename, { params: { id }, body: { name } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'File renamed.' },
  });
}

export function useDeleteRepositoryFile() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (id: number) => call(ops.fileRemove, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.deleteFailed, successMessage: 'File deleted.' },
  });
}

export async function downloadRepositoryFile(file: { id: number; name: string }) {
  const blob = await call(ops.fileDownload, { params: { id: file.id }, query: { download: '1' } });
  saveBlob(blob, file.name);
}
