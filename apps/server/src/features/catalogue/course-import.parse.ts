import { COURSE_IMPORT_COLUMNS, COURSE_IMPORT_MAX_ROWS } from '@atrium/contract';
import { badRequest } from '../../core/errors/app-error.ts';
import {
  readSpreadsheet,
  type SheetRow,
  type SpreadsheetLimits,
} from '../../core/export/spreadsheet-read.ts';

type Column = (typeof COURSE_IMPORT_COLUMNS)[number];
export type CourseImportRow = { line: number } & Partial<Record<Column, string>>;

const REQUIRED: Column[] = ['course_title', 'module_title'];
const ALIASES: Record<string, Column> = {
  course: 'course_title',
  title: 'course_title',
  'category name': 'category',
  module: 'module_title',
};

function headerKey(raw: string): string {
  const h = raw.trim().toLowerCase();
  return ALIASES[h] ?? h.replace(/\s+/g, '_');
}

function toRows(header: string[], records: SheetRow[]): CourseImportRow[] {
  const keys = header.map(headerKey);
  const missing = REQUIRED.filter((c) => !keys.includes(c));
  if (missing.length > 0)
    throw badRequest(`The file has no ${missing.join(', ')} column.`, {
      file: [`Missing columns: ${missing.join(', ')}.`],
    });
  const unknown = keys.filter(
    (k) => k && !(COURSE_IMPORT_COLUMNS as readonly string[]).includes(k),
  );
  if (unknown.length > 0)
    throw badRequest(`Unknown columns: ${unknown.join(', ')}.`, {
      file: [`Unknown columns: ${unknown.join(', ')}.`],
    });
  const rows: CourseImportRow[] = [];
  records.forEach(({ line, cells: record }) => {
    const row: CourseImportRow = { line };
    keys.forEach((key, c) => {
      const value = record[c]?.trim();
      if (key && value) row[key as Column] = value;
    });
    rows.push(row);
  });
  if (rows.length === 0)
    throw badRequest('The file has no rows to import.', {
      file: ['The file has no rows to import.'],
    });
  return rows;
}

/**
 * Rows of an uploaded CSV or XLSX file, checked for their columns. The reader
 * refuses bombs and stops at the first row past COURSE_IMPORT_MAX_ROWS.
 */
export async function parseCourseSheet(
  content: Buffer,
  format: 'csv' | 'xlsx',
  limits: SpreadsheetLimits,
): Promise<CourseImportRow[]> {
  const { header, rows } = await readSpreadsheet(content, format, {
    ...limits,
    maxRows: COURSE_IMPORT_MAX_ROWS,
  });
  return toRows(header, rows);
}
