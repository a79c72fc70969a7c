import {
  type ATTENDEE_STATUSES,
  assessmentOps,
  type DATE_FILTERS,
  assessmentReportOps as ops,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';

/*
 * One assessment's attendees, report (summary, distribution, item analysis), its export and
 * regrading. The date filter is shared by the table, the report and the export.
 */

export type DateFilter = (typeof DATE_FILTERS)[number];
export type ReportDates = { date_filter: DateFilter; date_from?: string; date_to?: string };

export const reportKeys = {
  all: (id: number) => ['assessment-report', id] as const,
  attendees: (id: number, query: object) => ['assessment-report', id, 'attendees', query] as const,
  detail: (id: number, query: object) => ['assessment-report', id, 'detail', query] as const,
};

export type AttendeeQuery = ReportDates & {
  search?: string;
  status?: (typeof ATTENDEE_STATUSES)[number];
  page: number;
  page_size: number;
};

export function useAttendees(id: number, query: AttendeeQuery) {
  return useQuery({
    queryKey: reportKeys.attendees(id, query),
    queryFn: ({ signal }) => call(ops.attendees, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

export function useReportDetail(id: number, dates: ReportDates) {
  const query = { assessment: id, ...dates };
  return useQuery({
    queryKey: reportKeys.detail(id, query),
    queryFn: ({ signal }) => call(ops.detail, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

/** The file comes through `call`, so a refusal shows the server's message, not an error page. */
export function useExportReport(id: number) {
  return useMutation({
    mutationFn: async ({ format, dates }: { format: 'csv' | 'xlsx'; dates: ReportDates }) => {
      const blob = await call(ops.export, { query: { assessment: id, format, ...dates } });
      saveBlob(blob, `assessment-${id}-report-${dateStamp()}.${format}`);
    },
    meta: { errorMessage: 'The report could not be exported.' },
  });
}

export function useRegrade(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(assessmentOps.regrade, { params: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all(id) }),
    meta: { errorMessage: 'The attempts could not be regraded.' },
  });
}
