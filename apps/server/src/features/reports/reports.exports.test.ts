import { REPORT_EXPORT_PROGRESS } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeReportDataset,
  type ReportDataset,
  reportCalls,
  Y2025,
} from '../../../test/factories/reports.ts';
import { api } from '../../../test/http.ts';
import { actingAs } from '../../core/auth/acting-as.ts';
import type { RealtimeMessage } from '../../core/realtime/realtime.ts';
import { courses } from '../../schema/courses.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { reportExports } from '../../schema/reports.table.ts';
import { createExport, deleteExpiredExports, runExport } from './reports.exports.service.ts';

/*
 * Report exports: the files hold the figures of the widget's own endpoint for the same query
 * (on the dataset of test/factories/reports.ts), every cell is neutralised, exports are their
 * owner's only, and a large one runs as a job that ends with a notification.
 */

let t: TestApp;
let d: ReportDataset;
const pushed: { userIds: readonly number[]; message: RealtimeMessage }[] = [];
const EXPORTS = '/api/report/exports/';
const range = { from: '2025-01-01', to: '2025-12-31' };

beforeAll(async () => {
  t = await createTestApp();
  d = await makeReportDataset(t);
  // A title a spreadsheet would run as a formula.
  await t.database.db
    .update(courses)
    .set({ title: '=HYPERLINK("http://evil","Delta")' })
    .where(eq(courses.id, d.courseIds.delta));
  const publish = t.app.ctx.realtime.publish.bind(t.app.ctx.realtime);
  t.app.ctx.realtime.publish = async (userIds, message) => {
    pushed.push({ userIds, message });
    return publish(userIds, message);
  };
});
afterAll(() => t.close());

const create = (token: string, body: unknown) => api(t).post(EXPORTS, token, body);
const widget = (w: string, query: Record<string, string | number> = {}) => ({
  kind: 'widget',
  widget: w,
  query,
});
async function download(id: number, token: string) {
  return t.app.inject({
    method: 'GET',
    url: `${EXPORTS}${id}/file/`,
    headers: { authorization: `Token ${token}` },
  });
}
const runJobs = () => t.app.ctx.jobs.drain();

/** RFC 4180 CSV (quoted cells with doubled quotes), enough to read our own files back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('report exports', () => {
  it('CSV of course-completion holds the endpoint’s figures, formulas neutralised', async () => {
    const screen = await reportCalls(t).ok(
      `/api/report/course-completion/?${Y2025}&page_size=100`,
      d.acme.admin.token,
    );
    const res = await create(d.acme.admin.token, {
      source: widget('course-completion', range),
      format: 'csv',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: 'done', progress: 100, format: 'csv' });
    expect(created.row_count).toBe(screen.count);
    expect(created.file_name).toMatch(/^course-completion-\d{4}-\d{2}-\d{2}\.csv$/);

    const file = await download(created.id, d.acme.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${created.file_name}"`);
    const [header, ...rows] = parseCsv(file.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Course',
      'Enrolled',
      'Completed',
      'Completion rate',
      'Not started',
      'In progress',
      'Average progress',
    ]);
    // One line per course of the screen, in its order, with its numbers.
    type Row = {
      course: { title: string };
      enrolled: number;
      completed: number;
      not_started: number;
      in_progress: number;
    };
    expect(rows.map((r) => [r[0], ...[1, 2, 4, 5].map((i) => Number(r[i]))])).toEqual(
      screen.results.map((r: Row) => [
        r.course.title.startsWith('=') ? `'${r.course.title}` : r.course.title,
        r.enrolled,
        r.completed,
        r.not_started,
        r.in_progress,
      ]),
    );
    // The formula-looking title is text in the file.
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil"",""Delta"")"`);
    expect(file.body).not.toMatch(/(^|\n)=HYPERLINK/);
  });

  it('XLSX of top-course reads back with the endpoint’s numbers', async () => {
    const screen = await reportCalls(t).ok(`/api/report/top-course/?${Y2025}`, d.acme.admin.token);
    const res = await create(d.acme.admin.token, {
      source: widget('top-course', range),
      format: 'xlsx',
    });
    expect(res.statusCode).toBe(201);
    const file = await download(res.json().id, d.acme.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Course', 'Enrolled', 'Completed', 'Completion rate']);
    expect(rows.slice(1)).toEqual(
      screen.results.map(
        (r: {
          course: { title: string };
          enrolled: number;
          completed: number;
          completion_rate: number | null;
        }) => [
          r.course.title.startsWith('=') ? `'${r.course.title}` : r.course.title,
          r.enrolled,
          r.completed,
          ...(r.completion_rate === null ? [] : [r.completion_rate]),
        ],
      ),
    );
  });

  it('PDF starts with %PDF and carries the title', async () => {
    const res = await create(d.acme.admin.token, {
      source: widget('top-learner', range),
      format: 'pdf',
    });
    expect(res.statusCode).toBe(201);
    const file = await download(res.json().id, d.acme.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document's info dictionary holds the title as a literal string.
    expect(file.rawPayload.toString('latin1')).toContain('Top Learners');
  });

  it('a bad widget query is a 400; a learner is refused', async () => {
    const bad = await create(d.acme.admin.token, {
      source: widget('top-course', { limit: 500 }),
      format: 'csv',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.limit).toBeDefined();
    const learner = await create(d.acme.learner.token, {
      source: widget('top-course'),
      format: 'csv',
    });
    expect(learner.statusCode).toBe(403);
    const format = await create(d.acme.admin.token, {
      source: widget('top-course'),
      format: 'doc',
    });
    expect(format.statusCode).toBe(400);
  });

  it('an export is its owner’s only: others get 404 for it, its file and its deletion', async () => {
    const res = await create(d.acme.trainer.token, {
      source: widget('user-status'),
      format: 'csv',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    for (const token of [d.acme.admin.token, d.globex.admin.token, d.acme.superadmin.token]) {
      expect((await api(t).get(`${EXPORTS}${id}/`, token)).statusCode).toBe(404);
      expect((await download(id, token)).statusCode).toBe(404);
      expect((await api(t).del(`${EXPORTS}${id}/`, token)).statusCode).toBe(404);
    }
    const mine = await api(t).get(EXPORTS, d.acme.trainer.token);
    expect(mine.json().results.map((e: { id: number }) => e.id)).toEqual([id]);
    const theirs = await api(t).get(EXPORTS, d.globex.admin.token);
    expect(theirs.json().count).toBe(0);
    // The owner deletes it: gone.
    expect((await api(t).del(`${EXPORTS}${id}/`, d.acme.trainer.token)).statusCode).toBe(204);
    expect((await api(t).get(`${EXPORTS}${id}/`, d.acme.trainer.token)).statusCode).toBe(404);
  });

  it('a large export runs as a job with progress, then is done with a notification', async () => {
    const admin = d.acme.admin;
    const auth = await actingAs(t.database.db, admin.user.id, d.acme.org.id);
    const queued = await createExport(
      t.app.ctx,
      auth!,
      { source: { kind: 'widget', widget: 'course-completion', query: range }, format: 'csv' },
      { inlineRows: 1 },
    );
    expect(queued).toMatchObject({ status: 'queued', progress: 0, file_name: null });
    // Not done yet: the file is a conflict, not a missing file.
    expect((await download(queued.id, admin.token)).statusCode).toBe(409);

    // The job's work, with progress after every row (the dataset is small), then the rest of
    // the queue (the job itself finds it done; the notification subscriber runs).
    await runExport(t.app.ctx, queued.id, { progressEvery: 1 });
    await runJobs();
    const done = (await api(t).get(`${EXPORTS}${queued.id}/`, admin.token)).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, rows_done: queued.row_count });
    const file = await download(queued.id, admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Alpha');
    // The owner's streams heard the progress, ending with done.
    const mine = pushed.filter(
      (p) => p.message.type === REPORT_EXPORT_PROGRESS && p.userIds.includes(admin.user.id),
    );
    const steps = mine.map((p) => p.message.data as { status: string; rows_done: number });
    expect(steps.map((p) => p.status)).toEqual([
      'running',
      ...Array.from({ length: queued.row_count! }, () => 'running'),
      'done',
    ]);
    expect(steps.slice(1, -1).map((p) => p.rows_done)).toEqual(
      Array.from({ length: queued.row_count! }, (_, i) => i + 1),
    );
    expect(steps.at(-1)).toMatchObject({ id: queued.id, status: 'done', progress: 100 });
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, admin.user.id), eq(notifications.type, 'report_ready')),
      );
    expect(note).toMatchObject({
      subjectKind: 'report_export',
      subjectId: queued.id,
      link: `/download-report/${queued.id}`,
    });
  });

  it('an expired export is 404 and the retention job deletes it', async () => {
    const res = await create(d.acme.admin.token, { source: widget('user-status'), format: 'csv' });
    const id = res.json().id;
    await t.database.db
      .update(reportExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportExports.id, id));
    expect((await download(id, d.acme.admin.token)).statusCode).toBe(404);
    expect(await deleteExpiredExports(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await api(t).get(`${EXPORTS}${id}/`, d.acme.admin.token)).statusCode).toBe(404);
  });
});
