import { PassThrough, type Readable } from 'node:stream';
import type { TItemAnalysis } from '@atrium/contract';
import ExcelJS from 'exceljs';
import { csvStream, neutraliseCell, type Sheet } from '../../core/export/spreadsheet.ts';
import type { TAttendee } from './attendees.repository.ts';

/**
 * report/detail/export: the attendees (CSV, or the first sheet of the XLSX) and the item
 * analysis (the XLSX's second sheet). Every cell goes through neutraliseCell, as the core
 * exports do: a learner named "=HYPERLINK(…)" is shown as text, never run as a formula.
 */

const ATTENDEE_COLUMNS: Sheet['columns'] = [
  { header: 'Name', key: 'name', width: 28 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Department', key: 'department' },
  { header: 'Status', key: 'status', width: 14 },
  { header: 'Attempts', key: 'attempts', width: 10 },
  { header: 'Last submitted', key: 'last_submitted_at', width: 24 },
  { header: 'Time taken (s)', key: 'time_taken', width: 14 },
  { header: 'Score', key: 'score', width: 10 },
  { header: 'Percent', key: 'percent', width: 10 },
  { header: 'Passed', key: 'passed', width: 10 },
  { header: 'Awaiting grading', key: 'pending', width: 16 },
];

const ITEM_COLUMNS: Sheet['columns'] = [
  { header: 'Question', key: 'question', width: 40 },
  { header: 'Type', key: 'type', width: 16 },
  { header: 'Version', key: 'version', width: 9 },
  { header: 'Responses', key: 'responses', width: 11 },
  { header: 'Facility', key: 'facility', width: 10 },
  { header: 'Discrimination', key: 'discrimination', width: 15 },
  { header: 'Options (chosen; * correct)', key: 'options', width: 60 },
];

const yesNo = (b: boolean | null) => (b === null ? null : b ? 'Yes' : 'No');

async function* attendeeRows(attendees: AsyncIterable<TAttendee>) {
  for await (const a of attendees)
    yield {
      name: a.user.fullname,
      email: a.user.email,
      department: a.user.department,
      status: a.status,
      attempts: a.attempts_used,
      last_submitted_at: a.last_submitted_at,
      time_taken: a.time_taken_seconds,
      score: a.score,
      percent: a.percent,
      passed: yesNo(a.passed),
      pending: a.pending_manual,
    };
}

function itemRow(i: TItemAnalysis): Record<string, unknown> {
  return {
    question: i.question.title,
    type: i.question.type,
    version: i.version,
    responses: i.responses,
    facility: i.facility,
    discrimination: i.discrimination,
    options: i.options.map((o) => `${o.correct ? '*' : ''}${o.label}: ${o.count}`).join('; '),
  };
}

export function attendeesCsv(attendees: AsyncIterable<TAttendee>): Readable {
  return csvStream({ columns: ATTENDEE_COLUMNS, rows: attendeeRows(attendees) });
}

/** The two-sheet workbook, streamed row by row. */
export function reportXlsx(attendees: AsyncIterable<TAttendee>, items: TItemAnalysis[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = (name: string, columns: Sheet['columns']) => {
    const ws = workbook.addWorksheet(name);
    ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
    ws.getRow(1).font = { bold: true };
    return ws;
  };
  const add = (ws: ExcelJS.Worksheet, columns: Sheet['columns'], row: Record<string, unknown>) => {
    const safe: Record<string, unknown> = {};
    for (const c of columns) safe[c.key] = neutraliseCell(row[c.key]);
    ws.addRow(safe).commit();
  };
  (async () => {
    try {
      const people = sheet('Attendees', ATTENDEE_COLUMNS);
      for await (const row of attendeeRows(attendees)) add(people, ATTENDEE_COLUMNS, row);
      people.commit();
      const analysis = sheet('Item analysis', ITEM_COLUMNS);
      for (const i of items) add(analysis, ITEM_COLUMNS, itemRow(i));
      analysis.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/**
 * The download's name from the assessment's title: an ASCII slug for `filename` (every client
 * reads it, and it cannot break the header), the title itself in `filename*` (RFC 6266).
 */
export function contentDisposition(title: string, ext: 'csv' | 'xlsx', now: Date): string {
  const stamp = now.toISOString().slice(0, 10);
  const slug =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .toLowerCase()
      .slice(0, 60)
      .replace(/^-+|-+$/g, '') || 'assessment';
  const full = `${title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').trim() || 'assessment'} report ${stamp}.${ext}`;
  return `attachment; filename="${slug}-report-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}
