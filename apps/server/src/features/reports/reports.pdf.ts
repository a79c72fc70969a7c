import type { Readable } from 'node:stream';
import type { TReportColumn } from '@atrium/contract';
import PDFDocument from 'pdfkit';
import type { TabularReport } from './reports.tabular.ts';

/**
 * A report as a PDF (issue 22): the title, the lines saying what narrowed it, a bar chart when the
 * report names one, then the table, its header repeated on every page. Only pdfkit's built-in
 * Helvetica (nothing downloaded or bundled), so text is limited to what WinAnsi encodes: other
 * characters print as '?' rather than as garbage. The rows are read once, as they stream.
 */

const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
/** The chart shows at most this many bars (the first rows: "top" reports come sorted). */
const CHART_BARS = 20;
const CHART_HEIGHT = 170;
const BAR_COLOUR = '#1976d2';

export function pdfStream(report: TabularReport): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: report.columns.length > 5 ? 'landscape' : 'portrait',
    margin: MARGIN,
    info: { Title: printable(report.title), Producer: 'Atrium' },
  });
  draw(doc, report).then(
    () => doc.end(),
    (err: unknown) => doc.destroy(err as Error),
  );
  return doc;
}

async function draw(doc: PDFKit.PDFDocument, report: TabularReport): Promise<void> {
  doc.font('Helvetica-Bold').fontSize(16).text(printable(report.title));
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  for (const line of report.subtitle) doc.text(printable(line));
  doc.text(`Generated ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  doc.fillColor('black').moveDown(0.8);

  const rows = report.rows()[Symbol.asyncIterator]();
  // The chart's bars are the first rows; they are kept to be printed in the table after it.
  const head: Record<string, unknown>[] = [];
  if (report.chart) {
    while (head.length < CHART_BARS) {
      const next = await rows.next();
      if (next.done) break;
      head.push(next.value);
    }
    if (head.length > 0) drawChart(doc, report.chart, head);
  }

  const table = new TableWriter(doc, report.columns);
  table.header();
  for (const row of head) table.row(row);
  for (let next = await rows.next(); !next.done; next = await rows.next()) table.row(next.value);
  if (report.count === 0 && head.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(FONT_SIZE)
      .text('No data.', MARGIN, table.y + 4);
  }
}

function drawChart(
  doc: PDFKit.PDFDocument,
  chart: NonNullable<TabularReport['chart']>,
  rows: Record<string, unknown>[],
): void {
  const values = rows.map((r) => Number(r[chart.value]) || 0);
  const max = Math.max(...values, 0);
  const left = MARGIN + 30;
  const width = doc.page.width - left - MARGIN;
  const top = doc.y;
  const base = top + CHART_HEIGHT - 40;
  const slot = width / rows.length;
  const barWidth = Math.max(2, slot * 0.6);

  doc.fontSize(7).fillColor('#555555');
  // The value axis: zero and the maximum.
  doc
    .moveTo(left, top)
    .lineTo(left, base)
    .lineTo(left + width, base)
    .strokeColor('#999999')
    .stroke();
  doc.text('0', MARGIN, base - 4, { width: 26, align: 'right' });
  doc.text(formatNumber(max), MARGIN, top - 4, { width: 26, align: 'right' });

  rows.forEach((row, i) => {
    const value = values[i] ?? 0;
    const height = max > 0 ? ((base - top) * value) / max : 0;
    const x = left + i * slot + (slot - barWidth) / 2;
    if (height > 0) doc.rect(x, base - height, barWidth, height).fill(BAR_COLOUR);
    doc.fillColor('#333333');
    if (height > 0) {
      doc.text(formatNumber(value), x - 10, base - height - 9, {
        width: barWidth + 20,
        align: 'center',
      });
    }
    doc.text(printable(String(row[chart.label] ?? '')), left + i * slot, base + 3, {
      width: slot,
      height: 30,
      align: 'center',
      ellipsis: true,
    });
  });
  doc.fillColor('black');
  doc.y = top + CHART_HEIGHT;
  doc.x = MARGIN;
}

/** The table: fixed-height rows, a new page (with the header again) when one would not fit. */
class TableWriter {
  y: number;
  private readonly widths: number[];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: TReportColumn[],
  ) {
    this.y = doc.y;
    const width = doc.page.width - 2 * MARGIN;
    // Text columns get twice the room of figures.
    const weights = columns.map((c) => (c.type === 'text' ? 2 : 1));
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    this.widths = weights.map((w) => (width * w) / total);
  }

  header(): void {
    this.doc.rect(MARGIN, this.y, this.doc.page.width - 2 * MARGIN, ROW_HEIGHT).fill('#e3e8ef');
    this.doc.fillColor('black').font('Helvetica-Bold');
    this.cells(this.columns.map((c) => c.label));
  }

  row(row: Record<string, unknown>): void {
    if (this.y + ROW_HEIGHT > this.doc.page.height - MARGIN) {
      this.doc.addPage();
      this.y = MARGIN;
      this.header();
    }
    this.doc.font('Helvetica');
    this.cells(this.columns.map((c) => formatCell(c, row[c.key])));
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(this.doc.page.width - MARGIN, this.y)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  }

  private cells(texts: string[]): void {
    let x = MARGIN;
    this.doc.fontSize(FONT_SIZE);
    texts.forEach((text, i) => {
      const width = this.widths[i] ?? 0;
      const numeric = this.columns[i]?.type !== 'text';
      this.doc.text(printable(text), x + 3, this.y + 4, {
        width: width - 6,
        height: ROW_HEIGHT - 4,
        lineBreak: false,
        ellipsis: true,
        align: numeric ? 'right' : 'left',
      });
      x += width;
    });
    this.y += ROW_HEIGHT;
  }
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A cell as people read it: percentages with %, durations in hours and minutes, days as days. */
export function formatCell(column: TReportColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'percent':
      return `${formatNumber(Number(value))}%`;
    case 'duration': {
      const seconds = Number(value);
      const h = Math.floor(seconds / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      return h > 0 ? `${h}h ${m}m` : `${m}m`;
    }
    case 'date':
      return String(value).slice(0, 10);
    case 'datetime':
      return String(value).slice(0, 16).replace('T', ' ');
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    default:
      return String(value);
  }
}

/** What Helvetica's WinAnsi encoding can print; anything else becomes '?'. */
function printable(text: string): string {
  return text.replace(
    /[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g,
    '?',
  );
}
