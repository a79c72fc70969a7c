import type { Readable } from 'node:stream';
import {
  type TReportFormat,
  type TReportSource,
  ZRecurrence,
  ZReportSource,
} from '@atrium/contract';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { actingAs } from '../../core/auth/acting-as.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors/app-error.ts';
import {
  reportScheduleDeliveries,
  reportSchedules,
  type ScheduleDeliveryStatus,
  type ScheduleRunStatus,
} from '../../schema/report-schedules.table.ts';
import { openReport } from './reports.open.ts';
import { REPORT_CONTENT_TYPES, renderReport, reportFileName } from './reports.render.ts';
import { nextRunAt } from './reports.schedules.recurrence.ts';
import { recipientIdsOf } from './reports.schedules.service.ts';

/**
 * The run of scheduled e-mail reports (the minute job, reports.schedules.module.ts). Each due
 * schedule is claimed with FOR UPDATE SKIP LOCKED and its next_run_at moved on in the same
 * transaction, so of two nodes (or two runs) exactly one sends it; the mails go out after the
 * commit, never holding the lock. A node dying mid-run loses that run (sent at most once, never
 * twice). Missed runs (the app down for a day) are not caught up: the next run is computed from
 * `now`, so a weekly report is never sent three times on start-up.
 *
 * Each recipient gets the report opened with THEIR visibility (actingAs), never the creator's: a
 * trainer their own courses' figures, an admin the organisation's; a learner is refused the
 * staff-only widgets and skipped (a row says why). One delivery row per recipient.
 */

type Row = typeof reportSchedules.$inferSelect;
/** How many schedules one transaction claims; the loop takes the next batch after sending. */
const CLAIM_BATCH = 20;

export interface ScheduleRunResult {
  scheduleId: number;
  status: ScheduleRunStatus;
  deliveries: { userId: number; status: ScheduleDeliveryStatus; error: string | null }[];
}

/** Claims due schedules (as of `now`, which tests control) and sends each; returns what happened. */
export async function runDueSchedules(
  ctx: AppContext,
  now = new Date(),
): Promise<ScheduleRunResult[]> {
  const results: ScheduleRunResult[] = [];
  for (;;) {
    const claimed = await claimDue(ctx, now);
    for (const { row, dueAt } of claimed) results.push(await sendSchedule(ctx, row, dueAt, now));
    if (claimed.length < CLAIM_BATCH) return results;
  }
}

async function claimDue(ctx: AppContext, now: Date): Promise<{ row: Row; dueAt: Date }[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reportSchedules)
      .where(
        and(
          eq(reportSchedules.active, true),
          isNotNull(reportSchedules.nextRunAt),
          lte(reportSchedules.nextRunAt, now),
        ),
      )
      .orderBy(asc(reportSchedules.nextRunAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    for (const row of due) {
      const recurrence = ZRecurrence.safeParse(row.recurrence);
      await tx
        .update(reportSchedules)
        .set({
          // A recurrence no longer valid (a time zone dropped from the runtime) stops the schedule.
          nextRunAt: recurrence.success ? nextRunAt(recurrence.data, now) : null,
          lastRunAt: now,
        })
        .where(eq(reportSchedules.id, row.id));
    }
    return due.map((row) => ({ row, dueAt: row.nextRunAt! }));
  });
}

type Delivery = ScheduleRunResult['deliveries'][number] & { rows: number | null };

async function sendSchedule(
  ctx: AppContext,
  row: Row,
  dueAt: Date,
  now: Date,
): Promise<ScheduleRunResult> {
  const source = ZReportSource.safeParse(row.source);
  const recipients = await recipientIdsOf(ctx.db, row);
  const deliveries: Delivery[] = [];
  for (const userId of recipients) {
    deliveries.push(
      source.success
        ? await deliver(ctx, row, source.data, userId, now)
        : { userId, status: 'failed', error: 'The report is no longer valid.', rows: null },
    );
  }
  if (deliveries.length > 0) {
    await ctx.db.insert(reportScheduleDeliveries).values(
      deliveries.map((d) => ({
        scheduleId: row.id,
        runAt: dueAt,
        userId: d.userId,
        status: d.status,
        rows: d.rows,
        error: d.error,
      })),
    );
  }
  const status = runStatus(deliveries);
  await ctx.db
    .update(reportSchedules)
    .set({ lastStatus: status })
    .where(eq(reportSchedules.id, row.id));
  return {
    scheduleId: row.id,
    status,
    deliveries: deliveries.map(({ rows: _rows, ...d }) => d),
  };
}

/**
 * sent: everyone who could receive it did; partial: some sends failed; skipped_empty: nothing
 * to send (every report empty, send-when-empty off); failed: nobody received it. Recipients
 * skipped on purpose (a learner and a staff-only report) count for none of these.
 */
function runStatus(deliveries: Delivery[]): ScheduleRunStatus {
  const sent = deliveries.filter((d) => d.status === 'sent').length;
  const empty = deliveries.filter((d) => d.status === 'skipped_empty').length;
  const failed = deliveries.filter((d) => d.status === 'failed').length;
  if (sent > 0) return failed > 0 ? 'partial' : 'sent';
  if (failed === 0 && empty > 0) return 'skipped_empty';
  return 'failed';
}

async function deliver(
  ctx: AppContext,
  row: Row,
  source: TReportSource,
  userId: number,
  now: Date,
): Promise<Delivery> {
  const auth = await actingAs(ctx.db, userId, row.organisationId);
  if (!auth) {
    return {
      userId,
      status: 'skipped',
      error: `They cannot sign in to this organisation now (inactive, not approved or no longer a member).`,
      rows: null,
    };
  }
  let report: Awaited<ReturnType<typeof openReport>>;
  try {
    report = await openReport(ctx, auth, source);
  } catch (err) {
    // Their own visibility refuses the report (a learner and a staff-only widget, a saved
    // report not shared with them): they are left out, and the row says why.
    if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404)) {
      return { userId, status: 'skipped', error: err.message, rows: null };
    }
    return failure(ctx, row, userId, err);
  }
  if (report.count === 0 && !row.sendWhenEmpty) {
    return { userId, status: 'skipped_empty', error: null, rows: 0 };
  }
  try {
    const file = await bufferOf(renderReport(report, row.format));
    await ctx.mailer.send({
      to: auth.email,
      subject: `${row.name}: ${report.title}`,
      text: mailText(auth, row, report.title, report.count, now),
      attachments: [
        {
          filename: reportFileName(report, row.format, now),
          contentType: REPORT_CONTENT_TYPES[row.format as TReportFormat],
          content: file.toString('base64'),
          encoding: 'base64',
        },
      ],
    });
    return { userId, status: 'sent', error: null, rows: report.count };
  } catch (err) {
    return failure(ctx, row, userId, err);
  }
}

function failure(ctx: AppContext, row: Row, userId: number, err: unknown): Delivery {
  ctx.log.error({ err, scheduleId: row.id, userId }, 'scheduled report not sent');
  const message = err instanceof Error ? err.message : String(err);
  return { userId, status: 'failed', error: message.slice(0, 500), rows: null };
}

function mailText(auth: AuthContext, row: Row, title: string, rows: number, now: Date): string {
  const hello = auth.firstName ? `Hello ${auth.firstName},` : 'Hello,';
  return [
    hello,
    '',
    `Attached is "${title}" from ${auth.organisationTitle}, as of ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${rows} ${rows === 1 ? 'row' : 'rows'}, with the figures you may see.`,
    '',
    `You receive it as a recipient of the scheduled report "${row.name}". Its owner or an administrator can change or stop it under Reports > Schedules.`,
  ].join('\n');
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}
