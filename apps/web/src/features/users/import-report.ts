import { IMPORT_COLUMNS } from '@atrium/contract';
import { ApiError, errorMessage } from '../../shared/api/api-error.ts';

/** One problem of one row: the column it is about (when it names one) and what is wrong. */
export interface RowProblem {
  column: string | null;
  message: string;
}

export interface RowErrors {
  /** The line of the file, as the server counts it (the header is line 1). */
  row: number;
  problems: RowProblem[];
}

/** A refused import, shaped for the screen. */
export interface ImportReport {
  /** The server's headline, e.g. '1 of 3 rows have errors. Nothing was imported.' */
  headline: string;
  /** Row errors in file order. */
  rows: RowErrors[];
  /** Problems with the file as a whole (its type, its size, a missing column). */
  fileProblems: string[];
  /** Notes such as '12 more rows with errors are not listed.' */
  notes: string[];
}

const ROW_KEY = /^row (\d+)$/i;
const COLUMN_PREFIX = /^([a-z_]+):\s*(.+)$/s;
const KNOWN_COLUMNS: ReadonlySet<string> = new Set(IMPORT_COLUMNS);

function toProblem(text: string): RowProblem {
  const match = COLUMN_PREFIX.exec(text);
  if (match && KNOWN_COLUMNS.has(match[1]!)) {
    const rest = match[2]!;
    return { column: match[1]!, message: rest.charAt(0).toUpperCase() + rest.slice(1) };
  }
  return { column: null, message: text };
}

/**
 * Turns the server's refusal of an import (spec §8 shape: message, errors keyed 'row N', and
 * non-field notes) into the report the page shows: every row's problems by column, file-level
 * problems apart. Any other failure (network, 5xx) is just its message.
 */
export function importReport(error: unknown): ImportReport {
  const report: ImportReport = {
    headline: errorMessage(error),
    rows: [],
    fileProblems: [],
    notes: [],
  };
  if (!(error instanceof ApiError)) return report;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const row = ROW_KEY.exec(key);
    if (row) report.rows.push({ row: Number(row[1]), problems: messages.map(toProblem) });
    else
      report.fileProblems.push(
        ...messages.map((message) => (key === 'file' ? message : `${key}: ${message}`)),
      );
  }
  report.rows.sort((a, b) => a.row - b.row);
  report.notes = error.nonFieldErrors.filter((note) => note !== report.headline);
  return report;
}

/** Whether the refusal concerned rows (nothing was imported) rather than the upload itself. */
export function hasRowErrors(report: ImportReport): boolean {
  return report.rows.length > 0;
}
