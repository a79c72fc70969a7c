import { CPD_MAX_VALUE } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import type { CpdSourceKind } from '../../schema/cpd.table.ts';
import { cpdCategories, cpdEntries } from '../../schema/cpd.table.ts';

export interface CreditInput {
  userId: number;
  organisationId: number;
  sourceKind: Exclude<CpdSourceKind, 'external'>;
  /** What earned it (`course:7`, `event:12@2026-03-01T09:00:00.000Z`): credited once per user. */
  sourceKey: string;
  title: string;
  value: number;
  unit: 'hours' | 'points';
  /** A category of the organisation; another's (or a deleted one) files it uncategorised. */
  categoryId: number | null;
  completedAt: Date;
}

export type CreditResult =
  | { credited: true; entryId: number }
  | { credited: false; reason: 'already_credited' | 'no_value' };

/**
 * Credits a learner for something they attended or completed, exactly once per source: the
 * unique (user, source key) index makes a second credit of the same source — a redelivered
 * event, a course completed again after being reopened — a no-op, whichever arrives first.
 * Slices call it from their subscribers (through the cpd slice's index). A value outside
 * (0, CPD_MAX_VALUE] is not credited (the ledger refuses it; a course cannot carry more).
 */
export async function creditCpd(db: DbOrTx, input: CreditInput): Promise<CreditResult> {
  if (!(input.value > 0) || input.value > CPD_MAX_VALUE)
    return { credited: false, reason: 'no_value' };
  const categoryId = input.categoryId === null ? null : await ownCategory(db, input);
  const [row] = await db
    .insert(cpdEntries)
    .values({
      organisationId: input.organisationId,
      userId: input.userId,
      categoryId,
      sourceKind: input.sourceKind,
      sourceKey: input.sourceKey.slice(0, 120),
      title: input.title.slice(0, 200),
      value: input.value.toFixed(2),
      unit: input.unit,
      completedAt: input.completedAt,
      status: 'credited',
    })
    .onConflictDoNothing({
      target: [cpdEntries.userId, cpdEntries.sourceKey],
      where: sql`${cpdEntries.sourceKey} is not null`,
    })
    .returning({ id: cpdEntries.id });
  return row
    ? { credited: true, entryId: row.id }
    : { credited: false, reason: 'already_credited' };
}

async function ownCategory(db: DbOrTx, input: CreditInput): Promise<number | null> {
  const [found] = await db
    .select({ id: cpdCategories.id })
    .from(cpdCategories)
    .where(
      and(
        eq(cpdCategories.id, input.categoryId!),
        eq(cpdCategories.organisationId, input.organisationId),
      ),
    );
  return found?.id ?? null;
}
