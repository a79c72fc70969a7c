import type { TCpdExportQuery } from '@atrium/contract';
import { and, asc, gte, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { neutraliseCell } from '../../core/export/spreadsheet.ts';
import { cpdEntries } from '../../schema/cpd.table.ts';
import { type Cycle, cycleAt, cycleIndex, cycleTotals, roundCents } from './cpd.cycles.ts';
import {
  type EntryRow,
  entriesWithCategory,
  flatten,
  type Ledger,
  ledgerFor,
  ledgerWhere,
} from './ledger.repository.ts';
import { activeScheme, listCategories, type SchemeRow } from './schemes.service.ts';

/**
 * The ledger of one cycle for auditors, as XLSX or PDF: who, under which scheme, the cycle, every
 * entry completed in it (whatever its status) and the totals (earned, carried over, against the
 * target, per category against its minimum). Without a scheme: every entry, no cycle.
 */

export interface CycleReport {
  ledger: Ledger;
  scheme: SchemeRow | null;
  cycle: Cycle | null;
  entries: EntryRow[];
  earned: number;
  carriedOver: number;
  total: number;
  categories: { name: string; minimum: number; earned: number }[];
}

export async function cycleReport(
  ctx: AppContext,
  actor: Actor,
  q: Pick<TCpdExportQuery, 'user' | 'cycle'>,
  now = new Date(),
): Promise<CycleReport> {
  const ledger = await ledgerFor(ctx.db, actor, q.user);
  const scheme = await activeScheme(ctx.db, ledger.organisationId);
  const k = scheme ? cycleIndex(scheme, q.cycle ? new Date(`${q.cycle}T00:00:00Z`) : now) : 0;
  const cycle = scheme ? cycleAt(scheme, k) : null;
  const previous = scheme ? cycleAt(scheme, k - 1) : null;
  const rows = await entriesWithCategory(ctx.db)
    .where(
      and(
        ledgerWhere(ledger),
        previous ? gte(cpdEntries.completedAt, previous.start) : undefined,
        cycle ? lt(cpdEntries.completedAt, cycle.end) : undefined,
      ),
    )
    .orderBy(asc(cpdEntries.completedAt), asc(cpdEntries.id));
  const all = rows.map(flatten);
  const entries = cycle ? all.filter((e) => e.completedAt >= cycle.start) : all;
  const unit = scheme?.unit ?? 'hours';
  const counts = (e: EntryRow) => e.status === 'credited' && e.unit === unit;
  const [totals] = scheme
    ? cycleTotals(
        {
          cycleMonths: scheme.cycleMonths,
          startMonth: scheme.startMonth,
          target: Number(scheme.target),
          carryOverMax: Number(scheme.carryOverMax),
        },
        all.filter(counts).map((e) => ({ completedAt: e.completedAt, value: Number(e.value) })),
        k,
        1,
      )
    : [];
  const earned = roundCents(entries.filter(counts).reduce((s, e) => s + Number(e.value), 0));
  const categories = (await listCategories(ctx.db, ledger.organisationId)).map((c) => ({
    name: c.name,
    minimum: c.minimum,
    earned: roundCents(
      entries
        .filter((e) => counts(e) && e.categoryId === c.id)
        .reduce((s, e) => s + Number(e.value), 0),
    ),
  }));
  return {
    ledger,
    scheme,
    cycle,
    entries,
    earned,
    carriedOver: totals?.carried_over ?? 0,
    total: totals?.total ?? earned,
    categories,
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
/** The cycle's last day, as people read it ([start, end) ends the day before `end`). */
const lastDay = (c: Cycle) => day(new Date(c.end.getTime() - 86_400_000));

function headerLines(r: CycleReport): [string, string][] {
  return [
    ['User', `${r.ledger.name} (id ${r.ledger.userId})`],
    [
      'Scheme',
      r.scheme
        ? `${r.scheme.name}: ${Number(r.scheme.target)} ${r.scheme.unit} per ${r.scheme.cycleMonths}-month cycle, carry-over up to ${Number(r.scheme.carryOverMax)}`
        : 'No scheme',
    ],
    ['Cycle (UTC)', r.cycle ? `${day(r.cycle.start)} to ${lastDay(r.cycle)}` : 'All entries'],
    ['Earned', String(r.earned)],
    ['Carried over', String(r.carriedOver)],
    [
      'Total',
      r.scheme ? `${r.total} of ${Number(r.scheme.target)} ${r.scheme.unit}` : `${r.total}`,
    ],
    ...r.categories.map((c): [string, string] => [
      `Category: ${c.name}`,
      `${c.earned} (minimum ${c.minimum})`,
    ]),
  ];
}

const ENTRY_COLUMNS = [
  { header: 'Completed', key: 'completed', width: 12 },
  { header: 'Title', key: 'title', width: 40 },
  { header: 'Source', key: 'source', width: 10 },
  { header: 'Category', key: 'category', width: 18 },
  { header: 'Value', key: 'value', width: 8 },
  { header: 'Unit', key: 'unit', width: 8 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Evidence', key: 'evidence', width: 24 },
];

const entryCells = (e: EntryRow) => ({
  completed: day(e.completedAt),
  title: e.title,
  source: e.sourceKind,
  category: e.categoryName ?? '',
  value: Number(e.value),
  unit: e.unit,
  status: e.status,
  evidence: e.evidenceName ?? '',
});

/** Two sheets: the summary (who, scheme, cycle, totals) and the entries, every cell neutralised. */
export async function ledgerXlsx(r: CycleReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Item', key: 'item', width: 24 },
    { header: 'Value', key: 'value', width: 70 },
  ];
  summary.getRow(1).font = { bold: true };
  for (const [item, value] of headerLines(r))
    summary.addRow({ item: neutraliseCell(item), value: neutraliseCell(value) });
  const sheet = workbook.addWorksheet('Entries');
  sheet.columns = ENTRY_COLUMNS;
  sheet.getRow(1).font = { bold: true };
  for (const e of r.entries) {
    const cells = entryCells(e);
    sheet.addRow(Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, neutraliseCell(v)])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The standard PDF fonts (built into pdfkit, nothing downloaded) encode WinAnsi only: any other
 * character is written as '?' rather than as a wrong glyph.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return ch;
      return WIN_ANSI_EXTRA.has(ch) ? ch : '?';
    })
    .join('');

export function ledgerPdf(r: CycleReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: printable(`CPD ledger: ${r.ledger.name}`), Producer: 'Atrium' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text('CPD ledger');
  doc.moveDown(0.5);
  for (const [item, value] of headerLines(r)) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${printable(item)}: `, { continued: true });
    doc.font('Helvetica').text(printable(value));
  }
  doc.moveDown();
  // Columns: completed, title, category, value + unit, status.
  const x = [48, 118, 318, 418, 488];
  const widths = [66, 196, 96, 66, 60];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 72) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(printable(cell), x[i]!, y, { width: widths[i]!, lineBreak: true });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 48;
    doc.y = bottom + 3;
  };
  row(['Completed', 'Title', 'Category', 'Value', 'Status'], true);
  for (const e of r.entries) {
    const c = entryCells(e);
    row([c.completed, c.title, c.category || '-', `${c.value} ${c.unit}`, c.status]);
  }
  if (r.entries.length === 0) row(['', 'No entries.', '', '', '']);
  doc.end();
  return done;
}

/** The export as an attachment; the audit trail records who exported whose ledger. */
export async function exportLedger(
  ctx: AppContext,
  actor: Actor,
  q: TCpdExportQuery,
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  const report = await cycleReport(ctx, actor, q);
  const body = q.format === 'pdf' ? await ledgerPdf(report) : await ledgerXlsx(report);
  await recordAudit(ctx.db, {
    action: 'cpd.ledger_exported',
    actorId: actor.userId,
    targetUserId: report.ledger.userId,
    organisationId: report.ledger.organisationId,
    details: { format: q.format, cycle: report.cycle ? day(report.cycle.start) : null },
  });
  const suffix = report.cycle ? `-${day(report.cycle.start)}` : '';
  return {
    body,
    contentType:
      q.format === 'pdf'
        ? 'application/pdf'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `cpd-ledger-${report.ledger.userId}${suffix}.${q.format}`,
  };
}
