import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomCompletions,
  classroomSessions,
} from '../../schema/classrooms.table.ts';
import './classrooms.events.ts';

/**
 * Completing a class by attendance: a learner completes it when the sessions they attended
 * (present or late) make up at least the class's `completionPercent` of its sessions that take
 * place (scheduled or completed; cancelled ones do not count). The completion is recorded once
 * (`on conflict do nothing`) and `classroom.completed` is published only by the insert that
 * took, so a redelivered event or two concurrent evaluations announce it once.
 */

/** The rule itself: attended ÷ held ≥ percent / 100, in integers. */
export function meetsCompletion(attended: number, held: number, percent: number): boolean {
  return held > 0 && attended * 100 >= percent * held;
}

async function attendanceCount(ctx: AppContext, classId: number, userId: number) {
  const [row] = await ctx.db
    .select({
      held: sql<number>`count(distinct ${classroomSessions.id})::int`,
      attended: sql<number>`count(distinct ${classroomBookings.sessionId})::int`,
    })
    .from(classroomSessions)
    .leftJoin(
      classroomBookings,
      and(
        eq(classroomBookings.sessionId, classroomSessions.id),
        eq(classroomBookings.userId, userId),
        inArray(classroomBookings.status, ['attended', 'partial']),
      ),
    )
    .where(and(eq(classroomSessions.classId, classId), ne(classroomSessions.status, 'cancelled')));
  return { held: row?.held ?? 0, attended: row?.attended ?? 0 };
}

/** Evaluates the rule for each learner; records and announces the completions it finds. */
export async function evaluateCompletion(
  ctx: AppContext,
  classId: number,
  userIds: readonly number[],
): Promise<number[]> {
  const [cls] = await ctx.db
    .select()
    .from(classroomClasses)
    .where(eq(classroomClasses.id, classId));
  if (!cls || userIds.length === 0) return [];
  const done = await ctx.db
    .select({ userId: classroomCompletions.userId })
    .from(classroomCompletions)
    .where(
      and(
        eq(classroomCompletions.classId, classId),
        inArray(classroomCompletions.userId, [...userIds]),
      ),
    );
  const already = new Set(done.map((d) => d.userId));
  const completed: number[] = [];
  for (const userId of new Set(userIds)) {
    if (already.has(userId)) continue;
    const { held, attended } = await attendanceCount(ctx, classId, userId);
    if (!meetsCompletion(attended, held, cls.completionPercent)) continue;
    const took = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const [row] = await uow.tx
        .insert(classroomCompletions)
        .values({ classId, userId })
        .onConflictDoNothing()
        .returning();
      if (!row) return false;
      uow.emit('classroom.completed', {
        classId,
        classroomId: cls.classroomId,
        userId,
        organisationId: cls.organisationId,
        completedAt: row.completedAt.toISOString(),
      });
      return true;
    });
    if (took) completed.push(userId);
  }
  return completed;
}
