import { coursePaths, type TFileKind, ZRepositoryFile, zPage } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import { COURSE_MESSAGES } from '../course-messages.ts';
import { courseKeys, useRefreshCourses } from './courses.api.ts';

/** The organisation's file repository (file-repo/): the library module files are attached from. */
const ZRepositoryPage = zPage(ZRepositoryFile);

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
    queryFn: ({ signal }) =>
      api.get(coursePaths.fileRepo, { query: params, schema: ZRepositoryPage, signal }),
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
      return uploadWithProgress(coursePaths.fileRepo, form, {
        schema: ZRepositoryFile,
        onProgress,
      });
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
      api.patch(fillPath(coursePaths.fileRepoItem, { id }), { name }, { schema: ZRepositoryFile }),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.updateFailed, successMessage: 'File renamed.' },
  });
}

export function useDeleteRepositoryFile() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (id: number) => api.delete(fillPath(coursePaths.fileRepoItem, { id })),
    onSuccess: refresh,
    meta: { errorMessage: COURSE_MESSAGES.deleteFailed, successMessage: 'File deleted.' },
  });
}

export function downloadRepositoryFile(file: { id: number; name: string }) {
  return downloadFile(fillPath(coursePaths.fileRepoDownload, { id: file.id }), file.name, {
    download: '1',
  });
}
