import {
  cpdOps as ops,
  type TCpdEntry,
  type TCpdEntryStatus,
  type TCpdExportQuery,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { CPD_MESSAGES } from '../labels.ts';

/*
 * The CPD ledger: the scheme and categories (the organisation's), a learner's summary and
 * entries. One key tree: a scheme or category change moves every summary, an entry too.
 */
export const cpdKeys = {
  all: ['cpd'] as const,
  scheme: ['cpd', 'scheme'] as const,
  categories: ['cpd', 'categories'] as const,
  summary: (userId?: number) => ['cpd', 'summary', userId ?? 'me'] as const,
  entries: (query: object) => ['cpd', 'entries', query] as const,
};

export function useRefreshCpd() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cpdKeys.all });
}

export function useCpdScheme() {
  return useQuery({
    queryKey: cpdKeys.scheme,
    queryFn: ({ signal }) => call(ops.scheme, { signal }),
  });
}

/** The form shows the server's field errors itself, so there is no error snackbar. */
export function useSaveScheme() {
  const refresh = useRefreshCpd();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.saveScheme>) => call(ops.saveScheme, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'CPD scheme saved.' },
  });
}

export function useCpdCategories(enabled = true) {
  return useQuery({
    queryKey: cpdKeys.categories,
    queryFn: ({ signal }) => call(ops.categories, { signal }),
    enabled,
  });
}

export function useAddCategory() {
  const refresh = useRefreshCpd();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.addCategory>) => call(ops.addCategory, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Category added.' },
  });
}

export function useUpdateCategory() {
  const refresh = useRefreshCpd();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.updateCategory> }) =>
      call(ops.updateCategory, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Category saved.' },
  });
}

/** The confirm dialog shows a refusal in the server's words. */
export function useRemoveCategory() {
  const refresh = useRefreshCpd();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeCategory, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Category deleted.' },
  });
}

/** A learner's progress in the current cycle; without a user, the caller's own. */
export function useCpdSummary(userId?: number, enabled = true) {
  return useQuery({
    queryKey: cpdKeys.summary(userId),
    queryFn: ({ signal }) =>
      call(ops.summary, { query: userId === undefined ? {} : { user: userId }, signal }),
    enabled,
  });
}

export interface EntryListQuery {
  user?: number;
  cycle?: string;
  status?: TCpdEntryStatus;
  page: number;
  page_size: number;
}

/** One page of a ledger; the previous page stays on screen while the next loads. */
export function useCpdEntries(query: EntryListQuery) {
  return useQuery({
    queryKey: cpdKeys.entries(query),
    queryFn: ({ signal }) => call(ops.entries, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** External CPD with its evidence (multipart); the dialog shows field errors under its fields. */
export function useAddExternal() {
  const refresh = useRefreshCpd();
  return useMutation({
    mutationFn: ({
      form,
      onProgress,
    }: {
      form: FormData;
      onProgress: (progress: UploadProgress) => void;
    }) => call(ops.addExternal, { body: form, onProgress }),
    onSuccess: refresh,
    meta: {
      successMessage: 'External CPD added. It counts toward your target once it is approved.',
    },
  });
}

export function useWithdrawEntry() {
  const refresh = useRefreshCpd();
  return useMutation({
    mutationFn: (id: number) => call(ops.withdraw, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Entry withdrawn.' },
  });
}

export function useDownloadEvidence() {
  return useMutation({
    mutationFn: async (entry: Pick<TCpdEntry, 'id' | 'evidence_name'>) => {
      const blob = await call(ops.evidence, { params: { id: entry.id } });
      saveBlob(blob, entry.evidence_name ?? `cpd-evidence-${entry.id}`);
    },
    meta: { errorMessage: CPD_MESSAGES.downloadFailed },
  });
}

/** The ledger of a cycle (the current one without `cycle`) as XLSX or PDF, for auditors. */
export function useExportLedger(userId?: number) {
  return useMutation({
    mutationFn: async ({ format, cycle }: Pick<TCpdExportQuery, 'format' | 'cycle'>) => {
      const query: TCpdExportQuery = { format, cycle, user: userId };
      const blob = await call(ops.exportLedger, { query });
      saveBlob(blob, `cpd-ledger-${userId ?? 'mine'}-${cycle ?? dateStamp()}.${format}`);
    },
    meta: { errorMessage: CPD_MESSAGES.downloadFailed },
  });
}
