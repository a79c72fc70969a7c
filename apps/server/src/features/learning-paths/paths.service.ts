import type {
  TLearningPath,
  TLearningPathInput,
  TLearningPathQuery,
  TLearningPathStatus,
  TLearningPathUpdate,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { courseCategories, courses } from '../../schema/courses.table.ts';
import {
  learningPathEnrolments,
  learningPathItems,
  learningPaths,
} from '../../schema/learning-paths.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';
import { LEARNING_PATH_ENROLMENT } from './learning-paths.approval.ts';
import { canCreatePath, pathStatusTargets } from './learning-paths.policy.ts';
import { PATH_SEARCH_KIND } from './learning-paths.search.ts';
import { listPaths, managedPathFor, type Path, pathRow } from './paths.repository.ts';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A path became published (from draft or archived): its learners can take it now. */
    'learning_path.published': { pathId: number; organisationId: number; publishedBy: number };
  }
}

async function assertCategory(db: DbOrTx, organisationId: number, categoryId: number) {
  const [row] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(
      and(eq(courseCategories.id, categoryId), eq(courseCategories.organisationId, organisationId)),
    );
  if (!row) throw fieldError('category', 'Choose a category of your organisation.');
}

type DueSettings = Pick<Path, 'dueMode' | 'dueAt' | 'dueDays'>;

/**
 * The due rule the path ends up with, checked whole: a fixed rule needs a date (a new one in the
 * future), a relative one a number of days; the fields the mode does not use are cleared so an
 * old value never comes back when the mode changes again.
 */
function dueSettings(
  current: DueSettings,
  input: Pick<TLearningPathUpdate, 'due_mode' | 'due_at' | 'due_days'>,
  now = new Date(),
): DueSettings {
  const mode = input.due_mode ?? current.dueMode;
  const dueAt =
    input.due_at !== undefined ? (input.due_at ? new Date(input.due_at) : null) : current.dueAt;
  const dueDays = input.due_days !== undefined ? input.due_days : current.dueDays;
  if (mode === 'fixed') {
    if (!dueAt) throw fieldError('due_at', 'Choose the due date.');
    // A date given now (or a mode switched to fixed now) must lie ahead; one set earlier stands.
    const fresh = input.due_at !== undefined || input.due_mode === 'fixed';
    if (fresh && dueAt <= now) throw fieldError('due_at', 'The due date must be in the future.');
    return { dueMode: mode, dueAt, dueDays: null };
  }
  if (mode === 'relative') {
    if (!dueDays) throw fieldError('due_days', 'Choose how many days after enrolment it is due.');
    return { dueMode: mode, dueAt: null, dueDays };
  }
  return { dueMode: 'none', dueAt: null, dueDays: null };
}

export const paths = {
  async list(ctx: AppContext, auth: AuthContext, q: TLearningPathQuery) {
    return listPaths(
      ctx.db,
      auth,
      { scope: q.scope, search: q.search, status: q.status, category: q.category },
      pageBounds(q),
    );
  },

  /** A draft of the organisation signed in to, owned by its creator. */
  async create(
    ctx: AppContext,
    auth: AuthContext,
    input: TLearningPathInput,
    image?: StoredFile,
  ): Promise<TLearningPath> {
    if (!canCreatePath(auth)) throw forbidden('Only admins and trainers create learning paths.');
    if (input.category) await assertCategory(ctx.db, auth.organisationId, input.category);
    const due = dueSettings({ dueMode: 'none', dueAt: null, dueDays: null }, input);
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const [created] = await tx
        .insert(learningPaths)
        .values({
          organisationId: auth.organisationId,
          title: input.title,
          description: sanitiseRichText(input.description),
          imageKey: image?.key ?? null,
          categoryId: input.category ?? null,
          visibility: input.visibility,
          enrolment: input.enrolment,
          strictSequence: input.strict_sequence,
          estimatedMinutes: input.estimated_minutes ?? null,
          ...due,
          dueSoonDays: input.due_soon_days,
          validityMonths: input.validity_months ?? null,
          cpdHours: input.cpd_hours == null ? null : input.cpd_hours.toFixed(2),
          createdBy: auth.userId,
        })
        .returning({ id: learningPaths.id });
      emit('search.changed', { kind: PATH_SEARCH_KIND, ids: [created!.id] });
      return created!;
    });
    return pathRow(ctx.db, auth, row.id);
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TLearningPathUpdate,
    image?: StoredFile,
  ): Promise<TLearningPath> {
    const path = await managedPathFor(ctx.db, auth, id);
    if (input.category) await assertCategory(ctx.db, path.organisationId, input.category);
    const set: Partial<typeof learningPaths.$inferInsert> = {
      updatedAt: new Date(),
      ...dueSettings(path, input),
    };
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = sanitiseRichText(input.description);
    if (input.category !== undefined) set.categoryId = input.category;
    if (input.visibility !== undefined) set.visibility = input.visibility;
    if (input.enrolment !== undefined) set.enrolment = input.enrolment;
    if (input.strict_sequence !== undefined) set.strictSequence = input.strict_sequence;
    if (input.estimated_minutes !== undefined) set.estimatedMinutes = input.estimated_minutes;
    if (input.due_soon_days !== undefined) set.dueSoonDays = input.due_soon_days;
    if (input.validity_months !== undefined) set.validityMonths = input.validity_months;
    if (input.cpd_hours !== undefined)
      set.cpdHours = input.cpd_hours === null ? null : input.cpd_hours.toFixed(2);
    if (image) set.imageKey = image.key;
    else if (input.remove_image) set.imageKey = null;
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      await tx.update(learningPaths).set(set).where(eq(learningPaths.id, id));
      emit('search.changed', { kind: PATH_SEARCH_KIND, ids: [id] });
    });
    // The old image goes once the row no longer names it.
    if (path.imageKey && set.imageKey !== undefined) await ctx.files.delete(path.imageKey);
    return pathRow(ctx.db, auth, id);
  },

  /**
   * Deleting a path takes its items, enrolments and reviews with it, so one with learners (or
   * requests) must be archived first: a deliberate step that already closed it to them.
   */
  async remove(ctx: AppContext, auth: AuthContext, id: number, ip?: string) {
    const path = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { tx } = uow;
      const locked = await managedPathFor(tx, auth, id, { lock: true });
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(learningPathEnrolments)
        .where(eq(learningPathEnrolments.pathId, id));
      const n = row?.n ?? 0;
      if (n > 0 && locked.status !== 'archived') {
        throw conflict(
          `This learning path has ${n} learner${n === 1 ? '' : 's'} (or request${n === 1 ? '' : 's'}). Archive it before deleting it.`,
        );
      }
      // Requests to join go with the path: their approval requests close with it, rather than
      // wait for approvers on an item that no longer exists.
      const requests = await tx
        .select({ id: learningPathEnrolments.id })
        .from(learningPathEnrolments)
        .where(
          and(
            eq(learningPathEnrolments.pathId, id),
            eq(learningPathEnrolments.status, 'requested'),
          ),
        );
      for (const r of requests) {
        await closeApprovalRequestOf(ctx, uow, {
          kind: LEARNING_PATH_ENROLMENT,
          subjectId: r.id,
          status: 'rejected',
          actorId: auth.userId,
          comment: 'The learning path was deleted.',
        });
      }
      await tx.delete(learningPaths).where(eq(learningPaths.id, id));
      uow.emit('search.changed', { kind: PATH_SEARCH_KIND, ids: [id] });
      await recordAudit(tx, {
        action: 'learning_path.deleted',
        actorId: auth.userId,
        organisationId: locked.organisationId,
        ip,
        details: { learning_path: id, title: locked.title, status: locked.status, learners: n },
      });
      return locked;
    });
    if (path.imageKey) await ctx.files.delete(path.imageKey);
  },

  /**
   * learning_path_published/{id}/: publish a draft (it needs a published course to take),
   * archive or unpublish a published path, republish an archived one. Asking for the status it
   * has is a no-op.
   */
  async setStatus(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    target: TLearningPathStatus,
    ip?: string,
  ): Promise<TLearningPath> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      // Held until the commit: two managers moving it at once take turns, each from what it is.
      const path = await managedPathFor(tx, auth, id, { lock: true });
      if (path.status === target) return;
      if (!pathStatusTargets(auth, path).includes(target)) {
        throw badRequest(`A ${path.status} learning path cannot be made ${target}.`, {
          status: [`A ${path.status} learning path cannot be made ${target}.`],
        });
      }
      if (target === 'published') {
        const [ready] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(learningPathItems)
          .innerJoin(courses, eq(courses.id, learningPathItems.courseId))
          .where(and(eq(learningPathItems.pathId, id), eq(courses.status, 'published')));
        if (!ready?.n) {
          throw badRequest('Add at least one published course before publishing the path.', {
            status: ['Add at least one published course before publishing the path.'],
          });
        }
      }
      const now = new Date();
      await tx
        .update(learningPaths)
        .set({
          status: target,
          updatedAt: now,
          ...(target === 'published' ? { publishedAt: now } : {}),
        })
        .where(eq(learningPaths.id, id));
      await recordAudit(tx, {
        action: 'learning_path.status_changed',
        actorId: auth.userId,
        organisationId: path.organisationId,
        ip,
        details: { learning_path: id, title: path.title, from: path.status, to: target },
      });
      emit('search.changed', { kind: PATH_SEARCH_KIND, ids: [id] });
      if (target === 'published') {
        emit('learning_path.published', {
          pathId: id,
          organisationId: path.organisationId,
          publishedBy: auth.userId,
        });
      }
    });
    return pathRow(ctx.db, auth, id);
  },
};
