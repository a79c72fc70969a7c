import {
  REPORT_EXPORT_PROGRESS,
  reportExportOps,
  type TCreateReportExport,
  type TReportExport,
  type TReportSourceInput,
  type TReportWidget,
  ZReportExportProgress,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';

/*
 * Report exports (issue 22): create one (done at once, or queued as a job), follow it live (the
 * realtime `report_export.progress` message patches the cached status; polling is the fallback
 * while the stream is down), list mine, download, delete.
 */

export const exportKeys = {
  all: ['report-exports'] as const,
  list: (page: number) => ['report-exports', 'list', page] as const,
  one: (id: number) => ['report-exports', 'one', id] as const,
};

const running = (e: TReportExport | undefined) =>
  e !== undefined && (e.status === 'queued' || e.status === 'running');

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateReportExport) => call(reportExportOps.create, { body }),
    onSuccess: (created) => {
      client.setQueryData(exportKeys.one(created.id), created);
      void client.invalidateQueries({ queryKey: [...exportKeys.all, 'list'] });
    },
  });
}

/** Fetches the finished file and hands it to the browser under the export's file name. */
export async function downloadExport(e: Pick<TReportExport, 'id' | 'file_name'>): Promise<void> {
  const blob = await call(reportExportOps.file, { params: { id: e.id } });
  saveBlob(blob, e.file_name ?? `report-${e.id}`);
}

/** Live status of one export: realtime hints patch it, and it polls every 5 s while running. */
export function useExport(id: number) {
  const client = useQueryClient();
  useRealtime(REPORT_EXPORT_PROGRESS, (data) => {
    const parsed = ZReportExportProgress.safeParse(data);
    if (!parsed.success || parsed.data.id !== id) return;
    client.setQueryData<TReportExport>(exportKeys.one(id), (old) =>
      old ? { ...old, ...parsed.data } : old,
    );
    // The end state carries more (file name, size, error): read it whole.
    if (parsed.data.status === 'done' || parsed.data.status === 'failed') {
      void client.invalidateQueries({ queryKey: exportKeys.one(id) });
    }
  });
  return useQuery({
    queryKey: exportKeys.one(id),
    queryFn: ({ signal }) => call(reportExportOps.get, { params: { id }, signal }),
    enabled: id > 0,
    refetchInterval: (q) => (running(q.state.data) ? 5000 : false),
  });
}

export function useMyExports(page: number, pageSize: number) {
  const client = useQueryClient();
  useRealtime(REPORT_EXPORT_PROGRESS, () => {
    void client.invalidateQueries({ queryKey: [...exportKeys.all, 'list'] });
  });
  return useQuery({
    queryKey: exportKeys.list(page),
    queryFn: ({ signal }) =>
      call(reportExportOps.list, { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(reportExportOps.remove, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/** A §6 widget with the filters it was asked with, as an export source (unset filters left out). */
export function widgetSource(
  widget: TReportWidget,
  query: Record<string, string | number | undefined | null>,
): TReportSourceInput {
  const set: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) set[k] = v;
  return { kind: 'widget', widget, query: set };
}
