import { COURSE_IMPORT_COLUMNS } from '@atrium/contract';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';

/** Quotes a CSV cell when it needs it (comma, quote or line break). */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The import template: the columns the server expects and two example rows of one course (one
 * row per module; the course columns repeat). Built here because the server offers none.
 */
export function courseImportTemplate(): string {
  const example = [
    ['Safe lifting', '', 'beginner', 'Lifting without injury.', 'Why it matters', 'The basics.'],
    [
      'Safe lifting',
      '',
      'beginner',
      'Lifting without injury.',
      'Technique',
      'Step by step, with practice.',
    ],
  ];
  return `${[[...COURSE_IMPORT_COLUMNS], ...example].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export interface CourseImportRow {
  row: number;
  problems: string[];
}

export interface CourseImportReport {
  headline: string;
  rows: CourseImportRow[];
  /** Problems with the file as a whole (a missing column, no rows). */
  fileProblems: string[];
}

const ROW_KEY = /^row (\d+)$/i;

/** The server's refusal (errors keyed 'row N', or by column/file) shaped for the screen. */
export function courseImportReport(error: unknown): CourseImportReport {
  const report: CourseImportReport = {
    headline: errorMessage(error),
    rows: [],
    fileProblems: [],
  };
  if (!(error instanceof ApiError)) return report;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const match = ROW_KEY.exec(key);
    if (match) report.rows.push({ row: Number(match[1]), problems: messages });
    else report.fileProblems.push(...messages.filter((m) => m !== report.headline));
  }
  for (const note of error.nonFieldErrors)
    if (note !== report.headline) report.fileProblems.push(note);
  report.rows.sort((a, b) => a.row - b.row);
  return report;
}
