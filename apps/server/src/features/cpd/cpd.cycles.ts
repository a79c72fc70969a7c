/**
 * CPD cycles, computed from the scheme and never stored. Every boundary is midnight UTC on the
 * first of a month: an entry completed at 2027-03-31T23:59:59Z belongs to the cycle that ends
 * 2027-04-01T00:00Z, one completed at that instant to the next. UTC (not the organisation's
 * zone) so that a completion's cycle never depends on who looks at it.
 *
 * Cycles are aligned to ANCHOR_YEAR: a yearly cycle starting in April runs April to April of
 * every year; a three-year cycle starting in April runs April 2000–2003, 2003–2006, and so on.
 */

export interface CycleRule {
  /** Cycle length in months, 1–60. */
  cycleMonths: number;
  /** The month (1–12) cycles start in. */
  startMonth: number;
}

/** [start, end) in UTC. */
export interface Cycle {
  start: Date;
  end: Date;
}

const ANCHOR_YEAR = 2000;

const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
const monthStart = (m: number) => new Date(Date.UTC(Math.floor(m / 12), ((m % 12) + 12) % 12, 1));
const anchorOf = (rule: CycleRule) => ANCHOR_YEAR * 12 + (rule.startMonth - 1);

/** The number of the cycle holding the instant (0: the one starting at the anchor). */
export function cycleIndex(rule: CycleRule, instant: Date): number {
  return Math.floor((monthIndex(instant) - anchorOf(rule)) / rule.cycleMonths);
}

/** The cycle numbered `index`. */
export function cycleAt(rule: CycleRule, index: number): Cycle {
  const first = anchorOf(rule) + index * rule.cycleMonths;
  return { start: monthStart(first), end: monthStart(first + rule.cycleMonths) };
}

/** The cycle [start, end) containing the instant: the cycle an entry completed then counts in. */
export function cycleContaining(rule: CycleRule, instant: Date): Cycle {
  return cycleAt(rule, cycleIndex(rule, instant));
}

export const roundCents = (n: number) => Math.round(n * 100) / 100;

/**
 * What a cycle brings into the next: its credit above the target, up to the scheme's maximum.
 * Only what was earned in the cycle carries: credit carried into it does not carry again.
 */
export function carryOver(earned: number, target: number, carryOverMax: number): number {
  return roundCents(Math.min(carryOverMax, Math.max(0, earned - target)));
}

export interface CycleTotal extends Cycle {
  earned: number;
  carried_over: number;
  total: number;
}

/**
 * The totals of `count` cycles ending with the one numbered `last`, oldest first: what was
 * earned in each (credited entries, by completion), what the cycle before carried into it,
 * and their sum.
 */
export function cycleTotals(
  rule: CycleRule & { target: number; carryOverMax: number },
  entries: readonly { completedAt: Date; value: number }[],
  last: number,
  count: number,
): CycleTotal[] {
  const earnedIn = new Map<number, number>();
  for (const e of entries) {
    const k = cycleIndex(rule, e.completedAt);
    earnedIn.set(k, (earnedIn.get(k) ?? 0) + e.value);
  }
  const totals: CycleTotal[] = [];
  for (let k = last - count + 1; k <= last; k++) {
    const earned = roundCents(earnedIn.get(k) ?? 0);
    const carried = carryOver(earnedIn.get(k - 1) ?? 0, rule.target, rule.carryOverMax);
    totals.push({
      ...cycleAt(rule, k),
      earned,
      carried_over: carried,
      total: roundCents(earned + carried),
    });
  }
  return totals;
}

/** The latest offset in use (UTC+14): a date alone is not future while it is that day somewhere. */
const LATEST_OFFSET_MS = 14 * 3_600_000;

/** Whether a completion lies ahead: an instant by the clock, a date alone by the world's dates. */
export function isFutureCompletion(value: string, now: Date): boolean {
  if (value.length === 10)
    return value > new Date(now.getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(value).getTime() > now.getTime();
}
