import { parse } from 'csv-parse/sync';
import { AppError, badRequest } from '../errors/app-error.ts';
import { formatBytes } from '../storage/local-file-store.ts';
import { readXlsxRows, unpackedTooLarge } from './xlsx-read.ts';

/** Limits of an uploaded spreadsheet: its bytes once unpacked and its zip's directory (XLSX). */
export interface SpreadsheetLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

/** A non-blank row and its line in the spreadsheet (1 is the first). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** Cells past this column are refused when they hold a value (imports use a dozen). */
export const MAX_COLUMNS = 256;
/** One CSV record (a row, quoted line breaks included) may not exceed this. */
const MAX_CSV_RECORD_BYTES = 1024 * 1024;

export const tooManyRows = (maxRows: number) =>
  badRequest(`The file has more than ${maxRows} rows; import at most ${maxRows} at a time.`, {
    file: ['Too many rows.'],
  });

export const tooManyColumns = (line: number) =>
  badRequest(`Row ${line} has values past column ${MAX_COLUMNS}.`, {
    file: [`The file has more than ${MAX_COLUMNS} columns.`],
  });

const isBlank = (cells: string[]) => cells.every((c) => !c?.trim());

/**
 * Collects the header (the first non-blank row) and the non-blank data rows,
 * refusing the file as soon as it holds more than `maxRows` data rows.
 */
export class RowCollector {
  header: string[] | undefined;
  readonly rows: SheetRow[] = [];

  constructor(private readonly maxRows: number) {}

  add(line: number, cells: string[]): void {
    if (isBlank(cells)) return;
    let end = cells.length;
    while (end > 0 && !cells[end - 1]?.trim()) end -= 1;
    if (end > MAX_COLUMNS) throw tooManyColumns(line);
    const kept = end === cells.length ? cells : cells.slice(0, end);
    if (!this.header) {
      this.header = kept;
      return;
    }
    if (this.rows.length >= this.maxRows) throw tooManyRows(this.maxRows);
    this.rows.push({ line, cells: kept });
  }
}

/**
 * CSV through csv-parse's state machine, each record handed to the collector
 * as it is parsed and none kept by the parser, so the row limit stops it at
 * the first row past the limit. The bytes are limited before parsing (the
 * upload itself is already capped) and so is one record.
 */
function readCsv(content: Buffer, maxBytes: number, rows: RowCollector): void {
  if (content.length > maxBytes) throw unpackedTooLarge(maxBytes);
  let line = 0;
  try {
    parse(content, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: MAX_CSV_RECORD_BYTES,
      on_record: (record: string[]) => {
        line += 1;
        rows.add(line, record);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as Error & { code?: string };
    if (e.code === 'CSV_MAX_RECORD_SIZE')
      throw badRequest(
        `A row of the CSV file is longer than ${formatBytes(MAX_CSV_RECORD_BYTES)}.`,
        { file: [`Row ${line + 1} is too long.`] },
      );
    throw badRequest('The CSV file could not be read.', { file: [e.message] });
  }
}

/**
 * The header and the non-blank data rows of an uploaded CSV or XLSX file
 * (first sheet), every cell as text, each row with its line in the file.
 * Bombs are refused before they cost anything: the XLSX's zip directory is
 * checked (entries, declared sizes, compression ratio) before inflating, the
 * inflated bytes are counted while streaming, and reading stops at the first
 * row past `maxRows`. Unreadable or empty files are a 400, too large ones 413.
 */
export async function readSpreadsheet(
  content: Buffer,
  format: 'csv' | 'xlsx',
  limits: SpreadsheetLimits & { maxRows: number },
): Promise<{ header: string[]; rows: SheetRow[] }> {
  const rows = new RowCollector(limits.maxRows);
  if (format === 'csv') readCsv(content, limits.maxUnpackedBytes, rows);
  else await readXlsxRows(content, limits, (line, cells) => rows.add(line, cells));
  if (!rows.header) throw badRequest('The file is empty.', { file: ['The file is empty.'] });
  return { header: rows.header, rows: rows.rows };
}
