import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@atrium/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../core/errors/app-error.ts';

export type ImportRow = { line: number } & Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

const HEADER_ALIASES: Record<string, (typeof IMPORT_COLUMNS)[number]> = {
  'user name': 'username',
  'e-mail': 'email',
  'email address': 'email',
  'first name': 'first_name',
  'last name': 'last_name',
};

function headerKey(raw: string): string {
  const h = raw.trim().toLowerCase();
  return HEADER_ALIASES[h] ?? h.replace(/\s+/g, '_');
}

function toRows(header: string[], records: string[][], firstLine: number): ImportRow[] {
  const keys = header.map(headerKey);
  const missing = ['username', 'email', 'role'].filter((c) => !keys.includes(c));
  if (missing.length > 0) {
    throw badRequest(`The file has no ${missing.join(', ')} column. Start from the template.`, {
      file: [`Missing columns: ${missing.join(', ')}.`],
    });
  }
  const unknown = keys.filter((k) => k && !(IMPORT_COLUMNS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw badRequest(`Unknown columns: ${unknown.join(', ')}.`, {
      file: [`Unknown columns: ${unknown.join(', ')}.`],
    });
  }
  const rows: ImportRow[] = [];
  records.forEach((record, i) => {
    if (record.every((cell) => !cell?.trim())) return;
    const row: ImportRow = { line: firstLine + i };
    keys.forEach((key, c) => {
      const value = record[c]?.trim();
      if (key && value) row[key as (typeof IMPORT_COLUMNS)[number]] = value;
    });
    rows.push(row);
  });
  if (rows.length === 0)
    throw badRequest('The file has no rows to import.', {
      file: ['The file has no rows to import.'],
    });
  if (rows.length > IMPORT_MAX_ROWS) {
    throw badRequest(
      `The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`,
      { file: ['Too many rows.'] },
    );
  }
  return rows;
}

export function parseCsv(content: Buffer): ImportRow[] {
  let records: string[][];
  try {
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (err) {
    throw badRequest('The CSV file could not be read.', { file: [(err as Error).message] });
  }
  const [header, ...rest] = records;
  if (!header) throw badRequest('The file is empty.', { file: ['The file is empty.'] });
  return toRows(header, rest, 2);
}

export async function parseXlsx(content: Buffer): Promise<ImportRow[]> {
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
    const values = row.values as ExcelJS.CellValue[];
    records.push(values.slice(1).map(cellText));
  });
  const [header, ...rest] = records;
  return toRows(header ?? [], rest, 2);
}
