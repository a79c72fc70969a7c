import { assessmentReportOps as ops, type TQuestionImportReport } from '@atrium/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { bankKeys } from './bank.api.ts';

/*
 * Moving questions in and out of the bank: QTI, CSV and XLSX imports (a dry run first, then the
 * real one), the import templates and QTI exports. Downloads go through `call`, so a refusal
 * shows the server's message instead of saving an error page.
 */

export const IMPORT_TYPES = ['zip', 'csv', 'xlsx'] as const;
/** The server's multipart limit for imports (spec §5 uploads). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface ImportArgs {
  file: File;
  category: number | null;
  dryRun: boolean;
  onProgress: (progress: UploadProgress) => void;
}

export function importForm({ file, category, dryRun }: Omit<ImportArgs, 'onProgress'>): FormData {
  const form = new FormData();
  form.append('file', file);
  if (category !== null) form.append('category', String(category));
  form.append('dry_run', dryRun ? 'true' : 'false');
  return form;
}

/** The dialog shows the report, or the 400's list of problems, itself: no snackbar. */
export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...rest }: ImportArgs): Promise<TQuestionImportReport> =>
      call(ops.importQuestions, { body: importForm(rest), onProgress }),
    onSuccess: (report) => {
      if (!report.dry_run) void queryClient.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}

export async function downloadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  const blob = await call(ops.importTemplate, { query: { format } });
  saveBlob(blob, `question-import-template.${format}`);
}

/** Chosen questions, else a category's, else the whole bank's active ones, as a QTI 3.0 zip. */
export async function exportQuestions(target: { ids?: number[]; category?: number }) {
  const query: { ids?: string; category?: number } = {};
  if (target.ids && target.ids.length > 0) query.ids = target.ids.join(',');
  else if (target.category !== undefined) query.category = target.category;
  const blob = await call(ops.exportQuestions, { query });
  saveBlob(blob, `questions-qti-${dateStamp()}.zip`);
}
