import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { proctoringFlags, proctoringSessions } from '../../schema/proctoring.table.ts';
import type { Session } from './proctoring.access.ts';
import './proctoring.events.ts';

/**
 * Records a flag in the caller's transaction (the device's, or the server's own
 * `monitoring_stopped`) and checks the violation budget: the first time the session's flags that
 * no proctor dismissed exceed it, the proctors are told (`proctoring.over_budget`), once. Nothing
 * here changes a result: only a proctor's decision does.
 */
export async function raiseFlag(
  uow: UnitOfWork,
  session: Session,
  budget: { violationBudget: number | null; autoSubmit: boolean },
  flag: { type: string; occurredAt: Date; confidence: number; detail: string },
) {
  const [row] = await uow.tx
    .insert(proctoringFlags)
    .values({ sessionId: session.id, ...flag })
    .returning();
  const base = {
    sessionId: session.id,
    assessmentId: session.assessmentId,
    attemptId: session.attemptId,
    userId: session.userId,
    organisationId: session.organisationId,
  };
  uow.emit('proctoring.flagged', { ...base, flagId: row!.id, type: flag.type });
  if (budget.violationBudget !== null && session.overBudgetAt === null) {
    const [open] = await uow.tx
      .select({ n: count() })
      .from(proctoringFlags)
      .where(
        and(eq(proctoringFlags.sessionId, session.id), ne(proctoringFlags.decision, 'dismissed')),
      );
    const flags = open?.n ?? 0;
    if (flags > budget.violationBudget) {
      // Conditional: of two flags racing past the budget, one tells the proctors.
      const marked = await uow.tx
        .update(proctoringSessions)
        .set({ overBudgetAt: new Date() })
        .where(and(eq(proctoringSessions.id, session.id), isNull(proctoringSessions.overBudgetAt)))
        .returning({ id: proctoringSessions.id });
      if (marked.length > 0)
        uow.emit('proctoring.over_budget', {
          ...base,
          flags,
          budget: budget.violationBudget,
          autoSubmit: budget.autoSubmit,
        });
    }
  }
  return row!;
}
