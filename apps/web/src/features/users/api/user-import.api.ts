import { userOps } from '@atrium/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { licenceKeys } from '../../licences/index.ts';
import { userKeys } from './users.api.ts';

/** Sends the import file; every row is checked on the server before anything is written. */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(userOps.import, { body: form, onProgress });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
    },
    // The page shows the whole report; the snackbar carries its headline (spec §8).
    meta: { errorMessage: 'Could not post data' },
  });
}

export async function downloadTemplate(format: 'csv' | 'xlsx') {
  saveBlob(
    await call(userOps.importTemplate, { query: { format } }),
    `user-import-template.${format}`,
  );
}
