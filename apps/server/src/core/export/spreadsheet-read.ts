import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../errors/app-error.ts';

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return String(v.result ?? '');
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if (v instanceof Date) return v.toISOString();
  }
  return String(v);
}

/**
 * The header and the data rows of an uploaded CSV or XLSX file (first sheet),
 * every cell as text. Blank rows are kept, so a row's index + 2 is its line
 * in the spreadsheet; callers skip them. Unreadable or empty files are a 400.
 */
export async function readSpreadsheet(
  content: Buffer,
  format: 'csv' | 'xlsx',
): Promise<{ header: string[]; rows: string[][] }> {
  let records: string[][];
  if (format === 'csv') {
    try {
      records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
    } catch (err) {
      throw badRequest('The CSV file could not be read.', { file: [(err as Error).message] });
    }
  } else {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
    } catch {
      throw badRequest('The XLSX file could not be read.', {
        file: ['The XLSX file could not be read.'],
      });
    }
    const sheet = workbook.worksheets[0];
    records = [];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      records.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText));
    });
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest('The file is empty.', { file: ['The file is empty.'] });
  return { header, rows };
}
