import { classroomReportOps as ops } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { CLASSROOM_MESSAGES } from '../labels.ts';
import { classroomKeys, useRefreshClassrooms } from './classrooms.api.ts';

/* Reports, the dashboard, the calendar and the learner import. */

export function useClassroomDashboard(enabled = true) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'dashboard'],
    queryFn: ({ signal }) => call(ops.dashboard, { signal }),
    enabled,
  });
}

export function useDashboardAdditional(enabled = true) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'dashboard-additional'],
    queryFn: ({ signal }) => call(ops.dashboardAdditional, { signal }),
    enabled,
  });
}

export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'calendar', from, to],
    queryFn: ({ signal }) => call(ops.calendar, { query: { from, to }, signal }),
  });
}

export function useSessionReport(sessionId: number, enabled = true) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'session-report', sessionId],
    queryFn: ({ signal }) => call(ops.sessionReport, { query: { session_id: sessionId }, signal }),
    enabled,
  });
}

export function useExportSessionReport(sessionId: number) {
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob = await call(ops.sessionReportExport, {
        query: { session_id: sessionId, format },
      });
      saveBlob(blob, `session-${sessionId}-report-${dateStamp()}.${format}`);
    },
    meta: { errorMessage: CLASSROOM_MESSAGES.detailFailed },
  });
}

export function useClassReport(classId: number, enabled = true) {
  return useQuery({
    queryKey: [...classroomKeys.all, 'class-report', classId],
    queryFn: ({ signal }) => call(ops.classReport, { query: { class_id: classId }, signal }),
    enabled,
  });
}

/** The class report's learners as a file (the server names the columns). */
export function useExportClassReport(classId: number) {
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob = await call(ops.classReportExport, { query: { class_id: classId, format } });
      saveBlob(blob, `class-${classId}-report-${dateStamp()}.${format}`);
    },
    meta: { errorMessage: CLASSROOM_MESSAGES.detailFailed },
  });
}

/** A learner's bookings and classes; without a user, the caller's own (what a learner sees). */
export function useLearnerReport(userId?: number, enabled = true) {
  const query = userId === undefined ? {} : { user_id: userId };
  return useQuery({
    queryKey: [...classroomKeys.all, 'learner-report', userId ?? 'me'],
    queryFn: ({ signal }) => call(ops.learnerReport, { query, signal }),
    enabled,
  });
}

export function useExportLearnerReport(userId?: number) {
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const query = userId === undefined ? { format } : { user_id: userId, format };
      const blob = await call(ops.learnerReportExport, { query });
      saveBlob(
        blob,
        `${userId === undefined ? 'my-attendance' : `learner-${userId}-report`}-${dateStamp()}.${format}`,
      );
    },
    meta: { errorMessage: CLASSROOM_MESSAGES.detailFailed },
  });
}

export function useLearnerSample() {
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob = await call(ops.learnerSample, { query: { format } });
      saveBlob(blob, `learner-import-sample.${format}`);
    },
    meta: { errorMessage: CLASSROOM_MESSAGES.detailFailed },
  });
}

/** Books learners from a file: all rows valid or nothing; the dialog shows the outcome. */
export function useImportLearners() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: ({
      session,
      file,
      onProgress,
    }: {
      session: number;
      file: File;
      onProgress: (p: UploadProgress) => void;
    }) => {
      const form = new FormData();
      form.append('session', String(session));
      form.append('file', file);
      return call(ops.importLearners, { body: form, onProgress });
    },
    onSuccess: refresh,
  });
}
