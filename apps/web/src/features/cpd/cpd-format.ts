import {
  CPD_EVIDENCE_MAX_BYTES,
  CPD_EVIDENCE_TYPES,
  type TCpdSummary,
  type TCpdUnit,
} from '@atrium/contract';
import { type FileRule, fileProblem } from '../../shared/files/file-rules.ts';
import { isAdmin } from '../../shared/session/roles.ts';
import type { CpdTab } from './labels.ts';

/* Pure helpers of the CPD screens: numbers, cycles, the evidence rule, the page's tabs. */

export interface Cycle {
  start: string;
  end: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far `value` is toward `target`, in whole percent (floored: 99.6 % is not done), at most 100. */
export function progressPercent(value: number, target: number | null): number | null {
  if (target === null || !(target > 0)) return null;
  return Math.max(0, Math.min(100, Math.floor((value / target) * 100)));
}

/** What is still missing to reach `target` (never negative), rounded to cents. */
export function remaining(value: number, target: number): number {
  return Math.max(0, Math.round((target - value) * 100) / 100);
}

/** 1 → '1 hour', 2.5 → '2.5 hours', 1 point / 3 points (two decimals at most). */
export function formatAmount(value: number, unit: TCpdUnit): string {
  const number = value.toLocaleString(undefined, { maximumFractionDigits: 2 });
  const one = unit === 'hours' ? 'hour' : 'point';
  return `${number} ${value === 1 ? one : `${one}s`}`;
}

/**
 * A date of the ledger. Cycles and completions are instants the server counts in UTC (a date
 * alone is midnight UTC): shown in UTC too, so an entry never seems to fall in another cycle.
 */
export function formatDay(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A cycle's last day: its end is exclusive (midnight UTC on the first of a month). */
export function cycleLastDay(cycle: Cycle): string {
  return new Date(new Date(cycle.end).getTime() - DAY_MS).toISOString();
}

/** '1 Apr 2026 – 31 Mar 2027'. */
export function cycleLabel(cycle: Cycle, locale?: string): string {
  return `${formatDay(cycle.start, locale)} – ${formatDay(cycleLastDay(cycle), locale)}`;
}

/** A chart tick: the year for a calendar year, else the first month ('Apr 2026'). */
export function shortCycleLabel(cycle: Cycle, locale?: string): string {
  const start = new Date(cycle.start);
  const last = new Date(cycleLastDay(cycle));
  if (
    start.getUTCMonth() === 0 &&
    last.getUTCMonth() === 11 &&
    start.getUTCFullYear() === last.getUTCFullYear()
  ) {
    return String(start.getUTCFullYear());
  }
  return start.toLocaleDateString(locale, { timeZone: 'UTC', month: 'short', year: 'numeric' });
}

/** The `cycle` query parameter naming a cycle: its first day, YYYY-MM-DD. */
export const cycleParam = (cycle: Cycle) => cycle.start.slice(0, 10);

/** Today in the user's own calendar, YYYY-MM-DD (the latest completion date a form offers). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const EVIDENCE_RULE: FileRule = {
  allowed: CPD_EVIDENCE_TYPES,
  maxBytes: CPD_EVIDENCE_MAX_BYTES,
};

/** What is wrong with a chosen evidence file, or null (the server checks the content again). */
export const evidenceProblem = (file: Pick<File, 'name' | 'size'>) =>
  fileProblem(file, EVIDENCE_RULE);

export type CategoryRow = TCpdSummary['categories'][number];

/** A category's state for its table row: met, or how much is still missing. */
export function categoryProgress(c: Pick<CategoryRow, 'earned' | 'minimum'>) {
  return {
    percent: progressPercent(c.earned, c.minimum),
    met: c.earned >= c.minimum,
    missing: remaining(c.earned, c.minimum),
  };
}

// ── The /cpd page's tabs ──

export const CPD_TABS: { key: CpdTab; label: string; adminOnly: boolean }[] = [
  { key: 'mine', label: 'My CPD', adminOnly: false },
  { key: 'events', label: 'Events', adminOnly: false },
  { key: 'types', label: 'Event types', adminOnly: true },
  { key: 'scheme', label: 'CPD scheme', adminOnly: true },
  { key: 'people', label: 'People', adminOnly: true },
];

export function visibleTabs(roleId: number): CpdTab[] {
  const admin = isAdmin(roleId);
  return CPD_TABS.filter((t) => admin || !t.adminOnly).map((t) => t.key);
}

/**
 * The tab to show: links to an event (`?event=`) open the Events tab; otherwise `?tab=` when the
 * user may see it, else My CPD.
 */
export function pickTab(
  params: { tab: string | null; event: string | null },
  roleId: number,
): CpdTab {
  const tabs = visibleTabs(roleId);
  if (params.event) return 'events';
  const asked = tabs.find((t) => t === params.tab);
  return asked ?? 'mine';
}
