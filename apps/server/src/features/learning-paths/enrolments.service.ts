import type { TLearningPathAssign, TLearningPathEnrolment } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, fieldError, notFound } from '../../core/errors/app-error.ts';
import {
  learningPathAudiences,
  learningPathEnrolments,
  learningPathExclusions,
} from '../../schema/learning-paths.table.ts';
import { whoIsNamed } from './enrolments.named.ts';
import { ENROLMENT_NOT_FOUND, enrolmentRow, toEnrolment } from './enrolments.repository.ts';
import { settlePathRequests } from './learning-paths.approval.ts';
import { managedPathFor, type Path } from './paths.repository.ts';
import { dueDateFor } from './progress.service.ts';
import { pathProgress } from './structure.graph.ts';
import { loadPathGraph } from './structure.repository.ts';
import './learning-paths.events.ts';

const CHUNK = 1_000;
const NOT_PUBLISHED = 'Only published learning paths can be assigned.';

/** Units a learner of the path must complete (the progress table's required_items). */
export async function requiredUnitsOf(db: DbOrTx, path: Path) {
  return pathProgress(await loadPathGraph(db, path), new Set()).requiredUnits;
}

/** The enrolment as the progress table shows it (after a change the caller made). */
export async function enrolmentAnswer(db: DbOrTx, path: Path, id: number) {
  const row = await enrolmentRow(db, id);
  if (!row) throw notFound(ENROLMENT_NOT_FOUND);
  return toEnrolment(row, await requiredUnitsOf(db, path), new Date());
}

function futureDue(value: string | null | undefined, now: Date): Date | null {
  if (!value) return null;
  const due = new Date(value);
  if (due <= now) throw fieldError('due_at', 'Choose a due date in the future.');
  return due;
}

/** Deletes enrolments of the path (already checked as the caller's to manage) and audits it. */
async function removeEnrolments(
  ctx: AppContext,
  uow: UnitOfWork,
  auth: AuthContext,
  path: Path,
  ids: readonly number[],
  ip: string | undefined,
) {
  const { tx } = uow;
  const removed = await tx
    .delete(learningPathEnrolments)
    .where(
      and(eq(learningPathEnrolments.pathId, path.id), inArray(learningPathEnrolments.id, [...ids])),
    )
    .returning({
      id: learningPathEnrolments.id,
      userId: learningPathEnrolments.userId,
      status: learningPathEnrolments.status,
    });
  if (removed.length === 0) return 0;
  // Their course enrolments stay: each is the learner's own record of that course (progress,
  // completion, what certificates will be issued on), possibly assigned directly or shared with
  // another path; taking a course away is the course's unassign, not this.
  await tx
    .insert(learningPathExclusions)
    .values(removed.map((r) => ({ pathId: path.id, userId: r.userId, removedBy: auth.userId })))
    .onConflictDoNothing();
  await settlePathRequests(
    ctx,
    uow,
    removed.filter((r) => r.status === 'requested').map((r) => r.id),
    'rejected',
    auth.userId,
  );
  await recordAudit(tx, {
    action: 'learning_path.learners_removed',
    actorId: auth.userId,
    organisationId: path.organisationId,
    ip,
    details: { path: path.id, title: path.title, users: removed.map((r) => r.userId) },
  });
  return removed.length;
}

export const pathEnrolments = {
  /**
   * Enrols the named users now, and the departments' and designations' current members; those
   * departments and designations are kept as the path's audience, whose later members the sync
   * job enrols. A learner waiting on a request is enrolled by this (the request closes as
   * approved); enrolled and completed learners are left as they are. Their progress and course
   * enrolments follow `learning_path.enrolled`.
   */
  async assign(ctx: AppContext, auth: AuthContext, input: TLearningPathAssign, ip?: string) {
    return runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { tx, emit } = uow;
      const path = await managedPathFor(tx, auth, input.learning_path, { lock: true });
      if (path.status !== 'published') throw badRequest(NOT_PUBLISHED, undefined, [NOT_PUBLISHED]);
      const now = new Date();
      const override = futureDue(input.due_at, now);
      const named = await whoIsNamed(tx, path, input);
      const audiences = [
        ...named.deptIds.map((departmentId) => ({ departmentId })),
        ...named.desigIds.map((designationId) => ({ designationId })),
      ];
      if (audiences.length > 0) {
        await tx
          .insert(learningPathAudiences)
          .values(
            audiences.map((a) => ({
              ...a,
              pathId: path.id,
              dueAt: override,
              assignedBy: auth.userId,
            })),
          )
          .onConflictDoNothing();
      }
      if (named.userIds.length > 0) {
        // Named again by a manager: no longer kept out of the path.
        await tx
          .delete(learningPathExclusions)
          .where(
            and(
              eq(learningPathExclusions.pathId, path.id),
              inArray(learningPathExclusions.userId, named.userIds),
            ),
          );
      }
      const people = [...named.sources];
      const requested = new Set(
        (
          await tx
            .select({ id: learningPathEnrolments.id, userId: learningPathEnrolments.userId })
            .from(learningPathEnrolments)
            .where(
              and(
                eq(learningPathEnrolments.pathId, path.id),
                eq(learningPathEnrolments.status, 'requested'),
              ),
            )
        )
          .filter((r) => named.sources.has(r.userId))
          .map((r) => r.id),
      );
      const enrolled: { id: number; userId: number }[] = [];
      const dueAt = dueDateFor(path, now, override);
      for (let i = 0; i < people.length; i += CHUNK) {
        const rows = await tx
          .insert(learningPathEnrolments)
          .values(
            people.slice(i, i + CHUNK).map(([userId, source]) => ({
              pathId: path.id,
              userId,
              status: 'enrolled' as const,
              source,
              assignedBy: auth.userId,
              enrolledAt: now,
              dueAt,
            })),
          )
          .onConflictDoUpdate({
            target: [learningPathEnrolments.pathId, learningPathEnrolments.userId],
            set: { status: 'enrolled', assignedBy: auth.userId, enrolledAt: now, dueAt },
            setWhere: sql`${learningPathEnrolments.status} = 'requested'`,
          })
          .returning({ id: learningPathEnrolments.id, userId: learningPathEnrolments.userId });
        enrolled.push(...rows);
      }
      await settlePathRequests(
        ctx,
        uow,
        enrolled.filter((r) => requested.has(r.id)).map((r) => r.id),
        'approved',
        auth.userId,
      );
      if (enrolled.length > 0) {
        emit('learning_path.enrolled', {
          pathId: path.id,
          organisationId: path.organisationId,
          userIds: enrolled.map((r) => r.userId),
          assignedBy: auth.userId,
          reason: 'assigned',
        });
      }
      await recordAudit(tx, {
        action: 'learning_path.learners_assigned',
        actorId: auth.userId,
        organisationId: path.organisationId,
        ip,
        details: {
          path: path.id,
          users: named.userIds,
          departments: named.deptIds,
          designations: named.desigIds,
          enrolled: enrolled.length,
        },
      });
      return { enrolled: enrolled.length, unchanged: people.length - enrolled.length };
    });
  },

  /** A learner's due date; the reminders start over from the new date. */
  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: { due_at: string | null },
  ): Promise<TLearningPathEnrolment> {
    const path = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [row] = await tx
        .select()
        .from(learningPathEnrolments)
        .where(eq(learningPathEnrolments.id, id))
        .for('update');
      if (!row) throw notFound(ENROLMENT_NOT_FOUND);
      const path = await managedPathFor(tx, auth, row.pathId);
      if (row.status === 'requested') {
        throw fieldError(
          'due_at',
          'This learner has only asked to join: decide the request first.',
        );
      }
      await tx
        .update(learningPathEnrolments)
        .set({
          dueAt: futureDue(input.due_at, new Date()),
          dueSoonNotifiedAt: null,
          overdueNotifiedAt: null,
        })
        .where(eq(learningPathEnrolments.id, id));
      return path;
    });
    return enrolmentAnswer(ctx.db, path, id);
  },

  /** One learner out of the path (learning-path-user/{id}/ DELETE). */
  async remove(ctx: AppContext, auth: AuthContext, id: number, ip?: string) {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const [row] = await uow.tx
        .select({ pathId: learningPathEnrolments.pathId })
        .from(learningPathEnrolments)
        .where(eq(learningPathEnrolments.id, id));
      if (!row) throw notFound(ENROLMENT_NOT_FOUND);
      const path = await managedPathFor(uow.tx, auth, row.pathId);
      await removeEnrolments(ctx, uow, auth, path, [id], ip);
    });
  },

  /**
   * Several learners out of one path (delete-multiple-user/). Every id must be an enrolment of
   * that path, else a 400 naming the others and nothing removed.
   */
  async removeMany(
    ctx: AppContext,
    auth: AuthContext,
    input: { learning_path: number; ids: number[] },
    ip?: string,
  ) {
    return runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const path = await managedPathFor(uow.tx, auth, input.learning_path);
      const ids = [...new Set(input.ids)];
      const found = new Set(
        (
          await uow.tx
            .select({ id: learningPathEnrolments.id })
            .from(learningPathEnrolments)
            .where(
              and(
                eq(learningPathEnrolments.pathId, path.id),
                inArray(learningPathEnrolments.id, ids),
              ),
            )
        ).map((r) => r.id),
      );
      const others = ids.filter((id) => !found.has(id));
      if (others.length > 0) {
        throw fieldError('ids', `Not enrolments of this learning path: ${others.join(', ')}.`);
      }
      return { removed: await removeEnrolments(ctx, uow, auth, path, ids, ip) };
    });
  },
};
