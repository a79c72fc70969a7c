import type { TPointRuleKey } from '@atrium/contract';
import { and, asc, count, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { pointEntries, pointMonthly, pointTotals } from '../../schema/gamification.table.ts';
import { memberships } from '../../schema/users.table.ts';
import './gamification.events.ts';
import { levelOf, levelRows } from './gamification.levels.ts';
import { ruleFor } from './gamification.rules.ts';

export interface AwardInput {
  /** The source's organisation (the ledger's, when the person belongs to it). */
  organisationId: number;
  userId: number;
  rule: TPointRuleKey;
  /** What earned it (`course:7`, `2026-12-06`): counted once per person and rule. */
  sourceKey: string;
  /** assessment_passed: the attempt's score, the rule's points × percent / 100. */
  percent?: number;
  /** When it happened (the event's time): cool-downs, caps, the day and the month. */
  at: Date;
}

export type AwardResult =
  | { awarded: true; entryId: number; points: number; total: number }
  | {
      awarded: false;
      reason: 'disabled' | 'no_points' | 'not_member' | 'duplicate' | 'cooldown' | 'daily_cap';
    };

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The organisation whose ledger gets the points: the source's when the person belongs to it; a
 * course of the shared catalogue taken from another organisation counts in their own (their
 * first membership), as CPD does. Nobody's: not a member anywhere (a deleted membership).
 */
async function ledgerOrganisation(
  db: DbOrTx,
  userId: number,
  sourceOrganisationId: number,
): Promise<number | null> {
  const rows = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  if (rows.some((r) => r.organisationId === sourceOrganisationId)) return sourceOrganisationId;
  return rows[0]?.organisationId ?? null;
}

/**
 * Awards a rule's points for a source, once: every subscriber goes through here. Inside one
 * transaction, under a lock per person and organisation (so parallel events are judged one
 * after the other): the rule as the organisation set it, the source not yet counted, the
 * cool-down (no other award of the rule within that many minutes either side of `at`: events
 * may arrive out of order) and the daily cap (awards of the rule in `at`'s UTC day). Then the
 * ledger row (its unique source key and `on conflict do nothing` as the last word), the totals
 * the boards read, `points.awarded`, and `level.reached` when the total crosses into a level.
 */
export async function award(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  input: AwardInput,
): Promise<AwardResult> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }): Promise<AwardResult> => {
    const organisationId = await ledgerOrganisation(tx, input.userId, input.organisationId);
    if (organisationId === null) return { awarded: false, reason: 'not_member' };
    const rule = await ruleFor(tx, organisationId, input.rule);
    if (!rule.enabled) return { awarded: false, reason: 'disabled' };
    const percent = Math.min(100, Math.max(0, input.percent ?? 100));
    const points =
      input.rule === 'assessment_passed' ? Math.round((rule.points * percent) / 100) : rule.points;
    if (points <= 0) return { awarded: false, reason: 'no_points' };
    const sourceKey = input.sourceKey.slice(0, 200);

    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`gamification.points:${organisationId}:${input.userId}`}, 0))`,
    );
    const mine = and(
      eq(pointEntries.organisationId, organisationId),
      eq(pointEntries.userId, input.userId),
      eq(pointEntries.rule, input.rule),
    );
    const [seen] = await tx
      .select({ id: pointEntries.id })
      .from(pointEntries)
      .where(and(mine, eq(pointEntries.sourceKey, sourceKey)));
    if (seen) return { awarded: false, reason: 'duplicate' };
    const at = input.at.getTime();
    if (rule.cooldown_minutes > 0) {
      const window = rule.cooldown_minutes * MINUTE;
      const [recent] = await tx
        .select({ id: pointEntries.id })
        .from(pointEntries)
        .where(
          and(
            mine,
            gt(pointEntries.createdAt, new Date(at - window)),
            lt(pointEntries.createdAt, new Date(at + window)),
          ),
        )
        .limit(1);
      if (recent) return { awarded: false, reason: 'cooldown' };
    }
    if (rule.daily_cap !== null) {
      const dayStart = Math.floor(at / DAY) * DAY;
      const [today] = await tx
        .select({ n: count() })
        .from(pointEntries)
        .where(
          and(
            mine,
            gte(pointEntries.createdAt, new Date(dayStart)),
            lt(pointEntries.createdAt, new Date(dayStart + DAY)),
          ),
        );
      if ((today?.n ?? 0) >= rule.daily_cap) return { awarded: false, reason: 'daily_cap' };
    }

    const [entry] = await tx
      .insert(pointEntries)
      .values({
        organisationId,
        userId: input.userId,
        rule: input.rule,
        sourceKey,
        points,
        createdAt: input.at,
      })
      .onConflictDoNothing()
      .returning({ id: pointEntries.id });
    if (!entry) return { awarded: false, reason: 'duplicate' };
    const [totals] = await tx
      .insert(pointTotals)
      .values({ organisationId, userId: input.userId, points })
      .onConflictDoUpdate({
        target: [pointTotals.organisationId, pointTotals.userId],
        set: { points: sql`${pointTotals.points} + excluded.points`, updatedAt: sql`now()` },
      })
      .returning({ points: pointTotals.points });
    await tx
      .insert(pointMonthly)
      .values({
        organisationId,
        userId: input.userId,
        month: `${input.at.toISOString().slice(0, 7)}-01`,
        points,
      })
      .onConflictDoUpdate({
        target: [pointMonthly.organisationId, pointMonthly.userId, pointMonthly.month],
        set: { points: sql`${pointMonthly.points} + excluded.points` },
      });
    const total = totals!.points;
    emit('points.awarded', {
      entryId: entry.id,
      organisationId,
      userId: input.userId,
      rule: input.rule,
      sourceKey,
      points,
      total,
    });
    const rows = await levelRows(tx, organisationId);
    const before = levelOf(rows, total - points);
    const after = levelOf(rows, total);
    if (after && after.id !== before?.id) {
      emit('level.reached', {
        organisationId,
        userId: input.userId,
        levelId: after.id,
        levelName: after.name,
        minPoints: after.minPoints,
      });
    }
    return { awarded: true, entryId: entry.id, points, total };
  });
}
