import type { Readable } from 'node:stream';
import type { TReportFormat } from '@atrium/contract';
import { csvStream, xlsxStream } from '../../core/export/spreadsheet.ts';
import { pdfStream } from './reports.pdf.ts';
import type { TabularReport } from './reports.tabular.ts';

export const REPORT_CONTENT_TYPES: Record<TReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** A download's file name: the report's title made safe, the day, the format's extension. */
export function reportFileName(report: TabularReport, format: TReportFormat, at = new Date()) {
  const base = report.title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${base || 'report'}-${at.toISOString().slice(0, 10)}.${format}`;
}

/**
 * The report as a file stream in the format asked for. Every cell of CSV and XLSX is neutralised
 * (a value starting =, +, -, @ reads as text, never as a formula); the PDF draws the chart above
 * the table.
 */
export function renderReport(report: TabularReport, format: TReportFormat): Readable {
  const sheet = {
    columns: report.columns.map((c) => ({ header: c.label, key: c.key })),
    rows: report.rows(),
  };
  switch (format) {
    case 'csv':
      return csvStream(sheet);
    case 'xlsx':
      return xlsxStream(sheet, report.title);
    case 'pdf':
      return pdfStream(report);
  }
}
