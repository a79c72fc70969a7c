import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_INLINE_ROWS,
  EXPORT_RETENTION_DAYS,
  REPORT_EXPORT_PROGRESS,
  type TCreateReportExport,
  type TReportExport,
  type TReportFormat,
  type TReportSource,
} from '@atrium/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import { actingAs } from '../../core/auth/acting-as.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, conflict, notFound } from '../../core/errors/app-error.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { reportExports } from '../../schema/reports.table.ts';
import { openReport } from './reports.open.ts';
import { renderReport, reportFileName } from './reports.render.ts';
import type { TabularReport } from './reports.tabular.ts';
import './reports.exports.events.ts';

/**
 * Report exports (issue 22): a report opened as its owner (openReport: the same figures and
 * visibility as on screen), rendered at once when small, else queued as a job that reports its
 * progress to the owner's open streams and notifies them when the file is ready. Every export
 * is its owner's only: anyone else gets 404, as if it did not exist.
 */

type ExportRow = typeof reportExports.$inferSelect;

/** A report file may not outgrow this (a 100,000-row XLSX is a few MB). */
const MAX_FILE_BYTES = 500 * 1024 * 1024;
/** Progress is written and pushed after this many rows (not per row: it is a hint). */
export const PROGRESS_EVERY = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const FAILED = 'The report could not be generated. Please try again, or narrow its filters.';

export function toExport(row: ExportRow): TReportExport {
  return {
    id: row.id,
    title: row.title,
    format: row.format,
    status: row.status,
    progress: progressOf(row),
    rows_done: row.rowsDone,
    row_count: row.rowCount,
    file_name: row.status === 'done' ? row.fileName : null,
    file_size: row.status === 'done' ? row.fileSize : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}

function progressOf(row: Pick<ExportRow, 'status' | 'rowsDone' | 'rowCount'>): number {
  if (row.status === 'done') return 100;
  if (!row.rowCount) return 0;
  // 100 only once the file is stored: the last rows are still being written.
  return Math.min(99, Math.floor((row.rowsDone * 100) / row.rowCount));
}

/** The report's rows, counted as they pass (for the job's progress). */
function counted(report: TabularReport, onRow: (n: number) => void): TabularReport {
  return {
    ...report,
    async *rows() {
      let n = 0;
      for await (const row of report.rows()) {
        yield row;
        onRow(++n);
      }
    },
  };
}

/** Renders the report into the file store; the stored key and size. */
async function store(ctx: AppContext, report: TabularReport, format: TReportFormat) {
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  const stream = renderReport(report, format);
  const stored = ctx.files.put(measure, {
    originalName: `report.${format}`,
    allowedExtensions: [format],
    maxBytes: MAX_FILE_BYTES,
    prefix: 'reports/exports',
  });
  await Promise.all([pipeline(stream, measure), stored]);
  const { key } = await stored;
  return { key, size };
}

export interface CreateExportOptions {
  /** Reports up to this many rows are rendered within the request (tests lower it). */
  inlineRows?: number;
  now?: Date;
}

/**
 * Opens the report as `auth` (403/404/400 as its own route would answer), then renders it now
 * or queues it. The export remembers the organisation signed in to, so that the job opens it
 * with the same membership.
 */
export async function createExport(
  ctx: AppContext,
  auth: AuthContext,
  input: TCreateReportExport & { source: TReportSource },
  options: CreateExportOptions = {},
): Promise<TReportExport> {
  const report = await openReport(ctx, auth, input.source);
  const now = options.now ?? new Date();
  const base = {
    userId: auth.userId,
    organisationId: auth.organisationId,
    title: report.title.slice(0, 200),
    source: input.source as unknown as Record<string, unknown>,
    format: input.format,
    rowCount: report.count,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
  };
  if (report.count <= (options.inlineRows ?? EXPORT_INLINE_ROWS)) {
    const file = await store(ctx, report, input.format);
    // The export's row and its audit line land together; a refusal leaves no file behind.
    const row = await ctx.db
      .transaction(async (tx) => {
        const [inserted] = await tx
          .insert(reportExports)
          .values({
            ...base,
            status: 'done',
            rowsDone: report.count,
            fileKey: file.key,
            fileName: reportFileName(report, input.format, now),
            fileSize: file.size,
            finishedAt: new Date(),
          })
          .returning();
        await recordAudit(tx, exportAudit(auth, inserted!));
        return inserted!;
      })
      .catch(async (err: unknown) => {
        await ctx.files.delete(file.key).catch(() => undefined);
        throw err;
      });
    return toExport(row);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(reportExports)
      .values({ ...base, status: 'queued' })
      .returning();
    await enqueue(tx, 'reports.export', [{ exportId: inserted!.id }], { maxAttempts: 1 });
    await recordAudit(tx, exportAudit(auth, inserted!));
    return inserted!;
  });
  return toExport(row);
}

/** People's figures leaving the app in a file: who took which report, in what form. */
function exportAudit(auth: AuthContext, row: typeof reportExports.$inferSelect) {
  return {
    action: 'report.exported' as const,
    actorId: auth.userId,
    organisationId: auth.organisationId,
    details: { export_id: row.id, title: row.title, format: row.format, rows: row.rowCount },
  };
}

/** The job: renders a queued export, pushing its progress, and tells its owner when done. */
export async function runExport(
  ctx: AppContext,
  exportId: number,
  options: { progressEvery?: number } = {},
): Promise<void> {
  const every = options.progressEvery ?? PROGRESS_EVERY;
  const [claimed] = await ctx.db
    .update(reportExports)
    .set({ status: 'running' })
    .where(
      and(eq(reportExports.id, exportId), inArray(reportExports.status, ['queued', 'running'])),
    )
    .returning();
  // Deleted or finished meanwhile: nothing to do. ('running': its node died; run it again.)
  if (!claimed) return;
  const row = claimed;
  const push = (patch: Partial<TReportExport>) =>
    ctx.realtime
      .publish([row.userId], {
        type: REPORT_EXPORT_PROGRESS,
        data: { id: row.id, status: 'running', progress: 0, rows_done: 0, ...patch },
      })
      .catch(() => undefined);

  try {
    // The owner as they would sign in now: a person removed since gets no file.
    const auth = await actingAs(ctx.db, row.userId, row.organisationId);
    if (!auth) throw new AppError(403, 'You can no longer open this report.');
    const opened = await openReport(ctx, auth, row.source as unknown as TReportSource);
    let last = 0;
    const report = counted(opened, (n) => {
      if (n - last < every) return;
      last = n;
      const progress = progressOf({ status: 'running', rowsDone: n, rowCount: opened.count });
      void ctx.db
        .update(reportExports)
        .set({ rowsDone: n })
        // Never after the end: a late write must not take a finished export's count back.
        .where(and(eq(reportExports.id, row.id), eq(reportExports.status, 'running')))
        .catch(() => undefined);
      void push({ progress, rows_done: n });
    });
    await push({});
    const file = await store(ctx, report, row.format);
    const done = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const [updated] = await uow.tx
        .update(reportExports)
        .set({
          status: 'done',
          rowCount: opened.count,
          rowsDone: opened.count,
          fileKey: file.key,
          fileName: reportFileName(opened, row.format),
          fileSize: file.size,
          finishedAt: new Date(),
        })
        .where(eq(reportExports.id, row.id))
        .returning();
      if (updated) {
        uow.emit('report_export.ready', {
          exportId: row.id,
          userId: row.userId,
          organisationId: row.organisationId,
          title: row.title,
        });
      }
      return updated;
    });
    // Deleted by its owner while it ran: the file is nobody's.
    if (!done) await ctx.files.delete(file.key).catch(() => undefined);
    else await push({ status: 'done', progress: 100, rows_done: opened.count });
  } catch (err) {
    // People read this message: an AppError's says what was wrong (a filter, a report gone).
    const message = err instanceof AppError && err.statusCode < 500 ? err.message : FAILED;
    if (!(err instanceof AppError)) ctx.log.error({ err, exportId }, 'report export failed');
    await ctx.db
      .update(reportExports)
      .set({ status: 'failed', error: message, finishedAt: new Date() })
      .where(eq(reportExports.id, row.id));
    await push({ status: 'failed' });
  }
}

/** An export of the caller's; anyone else's (or none): 404. */
export async function ownExport(ctx: AppContext, auth: AuthContext, id: number) {
  const [row] = await ctx.db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.id, id), eq(reportExports.userId, auth.userId)));
  if (!row) throw notFound('Export not found.');
  return row;
}

export async function listExports(
  ctx: AppContext,
  auth: AuthContext,
  page: { page: number; page_size: number },
) {
  const mine = eq(reportExports.userId, auth.userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(reportExports)
      .where(mine)
      .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(reportExports).where(mine),
  ]);
  return { count: total?.n ?? 0, rows: rows.map(toExport) };
}

/** The file to send: 409 while it is being made, 404 once it expired. */
export async function exportFile(ctx: AppContext, auth: AuthContext, id: number, now = new Date()) {
  const row = await ownExport(ctx, auth, id);
  if (row.expiresAt <= now) throw notFound('This export has expired. Export the report again.');
  if (row.status === 'failed') throw conflict(row.error ?? FAILED);
  if (row.status !== 'done' || !row.fileKey) {
    throw conflict('The report is still being generated. Try again in a moment.');
  }
  const stat = await ctx.files.stat(row.fileKey);
  if (!stat) throw notFound('This export has expired. Export the report again.');
  return { row, size: stat.size, stream: await ctx.files.open(row.fileKey) };
}

export async function removeExport(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await ownExport(ctx, auth, id);
  await ctx.db.delete(reportExports).where(eq(reportExports.id, row.id));
  if (row.fileKey) await ctx.files.delete(row.fileKey).catch(() => undefined);
}

/** The retention job: expired exports lose their file and their row. How many went. */
export async function deleteExpiredExports(ctx: AppContext, now = new Date()): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = await ctx.db
      .select({ id: reportExports.id, fileKey: reportExports.fileKey })
      .from(reportExports)
      .where(lt(reportExports.expiresAt, now))
      .limit(200);
    for (const e of expired) {
      if (e.fileKey) await ctx.files.delete(e.fileKey).catch(() => undefined);
      await ctx.db.delete(reportExports).where(eq(reportExports.id, e.id));
    }
    deleted += expired.length;
    if (expired.length < 200) return deleted;
  }
}
