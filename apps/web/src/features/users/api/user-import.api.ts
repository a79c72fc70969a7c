import { userImportPaths, ZImportResult } from '@atrium/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import { licenceKeys } from '../../licences/index.ts';
import { userKeys } from './users.api.ts';

/** Sends the import file; every row is checked on the server before anything is written. */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress(userImportPaths.upload, form, {
        schema: ZImportResult,
        onProgress,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
    },
    // The page shows the whole report; the snackbar carries its headline (spec §8).
    meta: { errorMessage: 'Could not post data' },
  });
}

export function downloadTemplate(format: 'csv' | 'xlsx') {
  return downloadFile(userImportPaths.template, `user-import-template.${format}`, { format });
}
