import { COURSE_IMPORT_COLUMNS, COURSE_IMPORT_MAX_ROWS } from '@atrium/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../core/errors/app-error.ts';

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

function toRows(header: string[], records: string[][]): CourseImportRow[] {
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
  records.forEach((record, i) => {
    if (record.every((cell) => !cell?.trim())) return;
    const row: CourseImportRow = { line: i + 2 };
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
  if (rows.length > COURSE_IMPORT_MAX_ROWS)
    throw badRequest(`Import at most ${COURSE_IMPORT_MAX_ROWS} rows at a time.`, {
      file: ['Too many rows.'],
    });
  return rows;
}

export function parseCourseCsv(content: Buffer): CourseImportRow[] {
  let records: string[][];
  try {
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (err) {
    throw badRequest('The CSV file could not be read.', { file: [(err as Error).message] });
  }
  const [header, ...rest] = records;
  if (!header) throw badRequest('The file is empty.', { file: ['The file is empty.'] });
  return toRows(header, rest);
}

export async function parseCourseXlsx(content: Buffer): Promise<CourseImportRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The XLSX file could not be read.', {
      file: ['The XLSX file could not be read.'],
    });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0)
    throw badRequest('The file is empty.', { file: ['The file is empty.'] });
  const cellText = (v: ExcelJS.CellValue): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'object') {
      if ('text' in v && typeof v.text === 'string') return v.text;
      if ('result' in v) return String(v.result ?? '');
      if ('richText' in v) return v.richText.map((t) => t.text).join('');
      if (v instanceof Date) return v.toISOString();
    }
    return String(v);
  };
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    records.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText));
  });
  const [header, ...rest] = records;
  return toRows(header ?? [], rest);
}
