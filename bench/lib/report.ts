import { mkdirSync, writeFileSync } from 'node:fs';
import type { Measurement } from './measure.ts';

export interface Skipped {
  name: string;
  reason: string;
}

export interface Report {
  startedAt: string;
  finishedAt: string;
  machine: Record<string, string | number>;
  settings: Record<string, string | number>;
  dataset: Record<string, number>;
  baseline: {
    runs: Measurement[];
    meanRequestsPerSecond: number;
    /** How far the last baseline run moved from the first, in percent. */
    driftPercent: number;
  };
  journeys: (Measurement & { ratio: number })[];
  skipped: Skipped[];
}

export function buildReport(
  parts: Omit<Report, 'baseline' | 'journeys' | 'finishedAt'>,
  baselineRuns: Measurement[],
  atrium: Measurement[],
): Report {
  const mean =
    baselineRuns.reduce((sum, r) => sum + r.requestsPerSecond, 0) / (baselineRuns.length || 1);
  const first = baselineRuns[0]?.requestsPerSecond ?? 0;
  const last = baselineRuns.at(-1)?.requestsPerSecond ?? 0;
  return {
    ...parts,
    finishedAt: new Date().toISOString(),
    baseline: {
      runs: baselineRuns,
      meanRequestsPerSecond: mean,
      driftPercent: first > 0 ? ((last - first) / first) * 100 : 0,
    },
    journeys: atrium.map((m) => ({ ...m, ratio: mean > 0 ? m.requestsPerSecond / mean : 0 })),
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  // First column left-aligned (names), numbers right-aligned.
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatReport(report: Report): string {
  const mean = report.baseline.meanRequestsPerSecond;
  const row = (label: string, m: Measurement, ratio: string): string[] => [
    `${m.flagged ? '! ' : '  '}${label}`,
    fmt(m.requestsPerSecond),
    fmt(m.latencyP50Ms),
    fmt(m.latencyP975Ms),
    fmt(m.latencyP99Ms),
    fmt(m.connections),
    fmt(m.non2xx),
    fmt(m.errors),
    ratio,
  ];
  const [firstRun, ...otherRuns] = report.baseline.runs;
  const rows: string[][] = [];
  if (firstRun) rows.push(row('baseline (first)', firstRun, '-'));
  for (const j of report.journeys) rows.push(row(j.name, j, `${j.ratio.toFixed(2)}x`));
  for (const s of report.skipped) rows.push([`  ${s.name}`, 'skipped', '', '', '', '', '', '', '']);
  for (const m of otherRuns) rows.push(row('baseline (last)', m, '-'));
  rows.push(['  baseline (mean)', fmt(mean), '', '', '', '', '', '', '1.00x']);

  const lines = [
    table(
      [
        '  journey',
        'req/s',
        'p50 ms',
        'p97.5 ms',
        'p99 ms',
        'conns',
        'non-2xx',
        'errors',
        'vs baseline',
      ],
      rows,
    ),
    '',
    'vs baseline = req/s divided by the mean of both baseline runs. Latency in whole ms.',
    `Baseline drift between first and last run: ${report.baseline.driftPercent >= 0 ? '+' : ''}${report.baseline.driftPercent.toFixed(1)}%` +
      (Math.abs(report.baseline.driftPercent) > 10
        ? ' (noisy machine: treat ratios with care)'
        : ''),
  ];
  for (const s of report.skipped) lines.push(`Skipped ${s.name}: ${s.reason}`);
  const flagged = [...report.baseline.runs, ...report.journeys].filter((m) => m.flagged);
  for (const m of flagged) {
    const codes = Object.entries(m.statusCodes)
      .map(([code, count]) => `${code}: ${fmt(count)}`)
      .join(', ');
    lines.push(
      `! ${m.name}: ${fmt(m.non2xx)} non-2xx (${codes || 'none'}), ${fmt(m.errors)} connection errors, ` +
        `${fmt(m.timeouts)} timeouts. Its figures do not describe a working route.`,
    );
  }
  return lines.join('\n');
}

/** Writes bench/results/<timestamp>.json and returns its path. */
export function saveReport(report: Report, resultsDir: URL): string {
  mkdirSync(resultsDir, { recursive: true });
  // ISO timestamp, with the characters some file systems refuse replaced.
  const file = new URL(`${report.startedAt.replace(/:/g, '-')}.json`, resultsDir);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file.pathname;
}
