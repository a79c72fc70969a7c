import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage
 * return) is prefixed with an apostrophe: shown as text, never executed.
 */
export function neutraliseCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export interface Sheet {
  columns: { header: string; key: string; width?: number }[];
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
}

/** A CSV stream of the sheet, every cell neutralised. */
export function csvStream(sheet: Sheet): Readable {
  const out = stringify({
    header: true,
    columns: sheet.columns.map((c) => ({ key: c.key, header: c.header })),
    bom: true,
  });
  (async () => {
    try {
      for await (const row of sheet.rows) {
        const safe: Record<string, unknown> = {};
        for (const c of sheet.columns) safe[c.key] = neutraliseCell(row[c.key]);
        if (!out.write(safe)) await new Promise((r) => out.once('drain', r));
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** An XLSX workbook stream of the sheet, streamed row by row, every cell neutralised. */
export function xlsxStream(sheet: Sheet, title: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = workbook.addWorksheet(title.slice(0, 31));
  ws.columns = sheet.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
  ws.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const row of sheet.rows) {
        const safe: Record<string, unknown> = {};
        for (const c of sheet.columns) safe[c.key] = neutraliseCell(row[c.key]);
        ws.addRow(safe).commit();
      }
      ws.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
