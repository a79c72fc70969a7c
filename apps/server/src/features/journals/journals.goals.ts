import type { TGoal, TGoalCreate, TGoalPage, TGoalUpdate, ZGoalQuery } from '@atrium/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { courses } from '../../schema/courses.table.ts';
import { learningGoals } from '../../schema/journals.table.ts';
import { assertCourseLink } from './journals.links.ts';
import { canManageGoal } from './journals.policy.ts';

/**
 * User planning (`user_planning/`): the caller's learning goals. Only their owner ever reads or
 * changes one (anyone else: 404); dated goals reach the owner's calendar (journals.calendar.ts).
 */

const NOT_FOUND = 'Goal not found.';

const selectGoals = (db: DbOrTx) =>
  db
    .select({ goal: learningGoals, courseTitle: courses.title })
    .from(learningGoals)
    .leftJoin(courses, eq(courses.id, learningGoals.courseId));

type Row = Awaited<ReturnType<ReturnType<typeof selectGoals>['where']>>[number];

const present = ({ goal: g, courseTitle }: Row): TGoal => ({
  id: g.id,
  title: g.title,
  description: g.description,
  target_date: g.targetDate,
  status: g.status,
  course:
    g.courseId !== null && courseTitle !== null ? { id: g.courseId, title: courseTitle } : null,
  created_at: g.createdAt.toISOString(),
  updated_at: g.updatedAt.toISOString(),
});

export async function myGoals(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZGoalQuery>,
  requestUrl: string,
): Promise<TGoalPage> {
  const filter = and(
    eq(learningGoals.userId, actor.userId),
    eq(learningGoals.organisationId, actor.organisationId),
    q.status ? eq(learningGoals.status, q.status) : undefined,
  );
  const { limit, offset } = pageBounds(q);
  const [rows, counted] = await Promise.all([
    selectGoals(db)
      .where(filter)
      .orderBy(sql`${learningGoals.targetDate} asc nulls last`, asc(learningGoals.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(learningGoals)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  return toPage(requestUrl, q, boundedCount(Number(counted[0]?.n ?? 0)), rows.map(present));
}

async function ownGoal(db: DbOrTx, actor: Actor, id: number) {
  const [goal] = await db.select().from(learningGoals).where(eq(learningGoals.id, id));
  if (!goal || !canManageGoal(actor, goal)) throw notFound(NOT_FOUND);
  return goal;
}

async function presentOne(db: DbOrTx, id: number): Promise<TGoal> {
  const [row] = await selectGoals(db).where(eq(learningGoals.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return present(row);
}

export async function createGoal(ctx: AppContext, actor: Actor, input: TGoalCreate) {
  return ctx.db.transaction(async (tx) => {
    if (input.course_id !== null) await assertCourseLink(tx, actor, input.course_id);
    const [row] = await tx
      .insert(learningGoals)
      .values({
        userId: actor.userId,
        organisationId: actor.organisationId,
        title: input.title,
        description: input.description,
        targetDate: input.target_date,
        status: input.status,
        courseId: input.course_id,
      })
      .returning({ id: learningGoals.id });
    return presentOne(tx, row!.id);
  });
}

export async function updateGoal(ctx: AppContext, actor: Actor, id: number, input: TGoalUpdate) {
  return ctx.db.transaction(async (tx) => {
    const current = await ownGoal(tx, actor, id);
    // A link kept as it was is not checked again: the enrolment may have ended since.
    if (input.course_id != null && input.course_id !== current.courseId)
      await assertCourseLink(tx, actor, input.course_id);
    await tx
      .update(learningGoals)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.target_date !== undefined ? { targetDate: input.target_date } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.course_id !== undefined ? { courseId: input.course_id } : {}),
        updatedAt: new Date(),
      })
      .where(eq(learningGoals.id, current.id));
    return presentOne(tx, current.id);
  });
}

export async function removeGoal(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await ownGoal(tx, actor, id);
    await tx.delete(learningGoals).where(eq(learningGoals.id, current.id));
  });
}
