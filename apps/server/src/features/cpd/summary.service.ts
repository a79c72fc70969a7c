import type { TCpdSummary } from '@atrium/contract';
import { and, gte, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { cpdEntries } from '../../schema/cpd.table.ts';
import { cycleAt, cycleIndex, cycleTotals, roundCents } from './cpd.cycles.ts';
import { type Ledger, ledgerFor, ledgerWhere } from './ledger.repository.ts';
import { activeScheme, listCategories, presentScheme, type SchemeRow } from './schemes.service.ts';

/** The chart shows this many cycles, the current one last. */
export const HISTORY_CYCLES = 5;

type Entry = Pick<
  typeof cpdEntries.$inferSelect,
  'completedAt' | 'value' | 'unit' | 'categoryId' | 'status'
>;

/** A ledger's entries completed in [from, to) (all of them without bounds), credited or pending. */
export async function ledgerEntries(db: DbOrTx, ledger: Ledger, from?: Date, to?: Date) {
  return db
    .select({
      completedAt: cpdEntries.completedAt,
      value: cpdEntries.value,
      unit: cpdEntries.unit,
      categoryId: cpdEntries.categoryId,
      status: cpdEntries.status,
    })
    .from(cpdEntries)
    .where(
      and(
        ledgerWhere(ledger),
        inArray(cpdEntries.status, ['credited', 'pending']),
        from ? gte(cpdEntries.completedAt, from) : undefined,
        to ? lt(cpdEntries.completedAt, to) : undefined,
      ),
    );
}

const sum = (entries: readonly Entry[]) =>
  roundCents(entries.reduce((total, e) => total + Number(e.value), 0));

/**
 * Progress against the scheme in the current cycle (UTC). Only credit in the scheme's unit counts
 * toward the target and the categories' minimums; credit in the other unit is shown beside
 * them (no conversion is defined). Without a scheme, everything credited is shown, in hours.
 */
export async function cpdSummary(
  ctx: AppContext,
  actor: Actor,
  userId?: number,
  now = new Date(),
): Promise<TCpdSummary> {
  const ledger = await ledgerFor(ctx.db, actor, userId);
  const [scheme, categories] = await Promise.all([
    activeScheme(ctx.db, ledger.organisationId),
    listCategories(ctx.db, ledger.organisationId),
  ]);
  const unit = scheme?.unit ?? 'hours';
  const k = scheme ? cycleIndex(scheme, now) : 0;
  // One cycle before the chart's first: what it carried into it.
  const from = scheme ? cycleAt(scheme, k - HISTORY_CYCLES).start : undefined;
  const current = scheme ? cycleAt(scheme, k) : null;
  const entries: Entry[] = await ledgerEntries(ctx.db, ledger, from, current?.end);
  const inCurrent = current
    ? entries.filter((e) => e.completedAt >= current.start && e.completedAt < current.end)
    : entries;
  const credited = inCurrent.filter((e) => e.status === 'credited');
  const counted = credited.filter((e) => e.unit === unit);
  const other = credited.filter((e) => e.unit !== unit);
  const history = scheme ? historyOf(scheme, entries, k) : [];
  const earned = sum(counted);
  const carried = history.at(-1)?.carried_over ?? 0;
  return {
    user: { id: ledger.userId, name: ledger.name },
    scheme: scheme ? presentScheme(scheme) : null,
    cycle: current ? { start: current.start.toISOString(), end: current.end.toISOString() } : null,
    unit,
    target: scheme ? Number(scheme.target) : null,
    earned,
    carried_over: carried,
    total: roundCents(earned + carried),
    pending: sum(inCurrent.filter((e) => e.status === 'pending' && e.unit === unit)),
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      minimum: c.minimum,
      earned: sum(counted.filter((e) => e.categoryId === c.id)),
    })),
    uncategorised: sum(counted.filter((e) => e.categoryId === null)),
    other_unit: other.length > 0 ? { unit: other[0]!.unit, earned: sum(other) } : null,
    history,
  };
}

function historyOf(scheme: SchemeRow, entries: readonly Entry[], k: number) {
  const counted = entries
    .filter((e) => e.status === 'credited' && e.unit === scheme.unit)
    .map((e) => ({ completedAt: e.completedAt, value: Number(e.value) }));
  return cycleTotals(
    {
      cycleMonths: scheme.cycleMonths,
      startMonth: scheme.startMonth,
      target: Number(scheme.target),
      carryOverMax: Number(scheme.carryOverMax),
    },
    counted,
    k,
    HISTORY_CYCLES,
  ).map((c) => ({ ...c, start: c.start.toISOString(), end: c.end.toISOString() }));
}
