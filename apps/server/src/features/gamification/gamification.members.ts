import { and, eq } from 'drizzle-orm';
import type { Db } from '../../core/db/database.ts';
import { pointEntries, pointMonthly, pointTotals } from '../../schema/gamification.table.ts';

/**
 * A person removed from an organisation leaves its boards with their points there: the ledger
 * and both totals, in one transaction, so the boards' counts and ranks read the totals alone
 * (no membership check per row over 100,000 people) and a person added back starts from zero,
 * as a new member does. Their points in other organisations stay.
 */
export async function forgetMember(db: Db, organisationId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(pointEntries)
      .where(and(eq(pointEntries.organisationId, organisationId), eq(pointEntries.userId, userId)));
    await tx
      .delete(pointTotals)
      .where(and(eq(pointTotals.organisationId, organisationId), eq(pointTotals.userId, userId)));
    await tx
      .delete(pointMonthly)
      .where(and(eq(pointMonthly.organisationId, organisationId), eq(pointMonthly.userId, userId)));
  });
}
