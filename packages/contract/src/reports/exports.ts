import { z } from 'zod';
import { zPage } from '../core/pagination.ts';
import { ZReportFormat, ZReportSource } from './report-source.ts';

/**
 * Report exports (issue 22): a report (any ZReportSource) rendered as CSV, XLSX or PDF for the
 * person who asked. A small report is rendered within the request (`done` at once); a large one
 * runs as a job with `progress`, lands in /download-report/{id} and notifies its owner
 * (`report_ready`). Files are kept for EXPORT_RETENTION_DAYS days, then deleted.
 */

/** Reports up to this many rows are rendered within the request; larger ones as a job. */
export const EXPORT_INLINE_ROWS = 2000;
export const EXPORT_RETENTION_DAYS = 7;

export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

export const ZCreateReportExport = z.strictObject({
  source: ZReportSource,
  format: ZReportFormat,
});
export type TCreateReportExport = z.input<typeof ZCreateReportExport>;

export const ZReportExport = z.object({
  id: z.number().int(),
  title: z.string(),
  format: ZReportFormat,
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** 0–100; 100 once done. */
  progress: z.number().int().min(0).max(100),
  /** Rows rendered so far, of `row_count` (null until the report was opened). */
  rows_done: z.number().int().min(0),
  row_count: z.number().int().min(0).nullable(),
  /** The download's file name, once done. */
  file_name: z.string().nullable(),
  file_size: z.number().int().min(0).nullable(),
  /** Why it failed, for people (never a stack trace). */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file is deleted (ISO 8601). */
  expires_at: z.string(),
});
export type TReportExport = z.infer<typeof ZReportExport>;
export const ZReportExportPage = zPage(ZReportExport);
export type TReportExportPage = z.infer<typeof ZReportExportPage>;

/** The realtime message the owner's streams get while an export runs and when it ends. */
export const REPORT_EXPORT_PROGRESS = 'report_export.progress';
export const ZReportExportProgress = ZReportExport.pick({
  id: true,
  status: true,
  progress: true,
  rows_done: true,
});
