import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@atrium/contract';
import { badRequest } from '../../core/errors/app-error.ts';
import {
  readSpreadsheet,
  type SheetRow,
  type SpreadsheetLimits,
} from '../../core/export/spreadsheet-read.ts';

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

function toRows(header: string[], records: SheetRow[]): ImportRow[] {
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
  records.forEach(({ line, cells: record }) => {
    const row: ImportRow = { line };
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
  return rows;
}

/**
 * Rows of an uploaded CSV or XLSX file, checked for their columns. The reader
 * refuses bombs and stops at the first row past IMPORT_MAX_ROWS.
 */
export async function parseUserSheet(
  content: Buffer,
  format: 'csv' | 'xlsx',
  limits: SpreadsheetLimits,
): Promise<ImportRow[]> {
  const { header, rows } = await readSpreadsheet(content, format, {
    ...limits,
    maxRows: IMPORT_MAX_ROWS,
  });
  return toRows(header, rows);
}
