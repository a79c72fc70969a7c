import {
  needsAdminApproval,
  type TCourseDashboard,
  type TCourseDetail,
  type TCourseInput,
  type TCoursePatch,
  widensVisibility,
} from '@atrium/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../core/errors/app-error.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { courseCategories, courseReviews, courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';
import { canManage, statusTargets } from './catalogue.policy.ts';
import { courseRow, visibleCourseRow } from './catalogue.repository.ts';
import { COURSE_SEARCH_KIND } from './catalogue.search.ts';
import {
  assertCourseChange,
  type Course,
  courseFor,
  editableCourseFor,
  lockedCourse,
} from './course-access.ts';
import { modulesWithFiles } from './course-modules.service.ts';
import { COURSE_REVIEW, syncReviewRequest } from './course-review.approval.ts';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    'course.published': { courseId: number; organisationId: number; publishedBy: number };
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

export const catalogue = {
  async create(ctx: AppContext, auth: AuthContext, input: TCourseInput, image?: StoredFile) {
    if (input.category) await assertCategory(ctx.db, auth.organisationId, input.category);
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const [created] = await tx
        .insert(courses)
        .values({
          organisationId: auth.organisationId,
          categoryId: input.category ?? null,
          title: input.title,
          description: sanitiseRichText(input.description),
          imageKey: image?.key ?? null,
          level: input.level,
          durationMinutes: input.duration ?? null,
          language: input.language ?? null,
          tags: input.tags,
          visibility: input.visibility,
          selfEnrol: input.self_enrol,
          isCpd: input.is_cpd,
          cpdHours: input.cpd_hours == null ? null : String(input.cpd_hours),
          createdBy: auth.userId,
        })
        .returning({ id: courses.id });
      emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: [created!.id] });
      return created!;
    });
    return courseRow(ctx.db, auth, row.id);
  },

  async detail(ctx: AppContext, auth: AuthContext, id: number): Promise<TCourseDetail> {
    const course = await visibleCourseRow(ctx.db, auth, id);
    const [modules, [counts]] = await Promise.all([
      modulesWithFiles(ctx.db, id),
      ctx.db
        .select({
          enrolled: sql<number>`(select count(*)::int from ${courseEnrolments} where course_id = ${id} and status in ('enrolled', 'completed'))`,
          completed: sql<number>`(select count(*)::int from ${courseEnrolments} where course_id = ${id} and status = 'completed')`,
          reviews: sql<number>`(select count(*)::int from ${courseReviews} where course_id = ${id})`,
        })
        .from(sql`(select 1) as one`),
    ]);
    return {
      course,
      modules,
      counts: {
        modules: modules.length,
        files: modules.reduce((n, m) => n + m.files.length, 0),
        enrolled: counts?.enrolled ?? 0,
        completed: counts?.completed ?? 0,
        reviews: counts?.reviews ?? 0,
      },
    };
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TCoursePatch,
    image?: StoredFile,
    ip?: string,
  ) {
    const course = await editableCourseFor(ctx.db, auth, id);
    // Showing a published course to more people goes past what the admin approved.
    const widensFrom = (c: Course) =>
      input.visibility !== undefined && widensVisibility(c.visibility, input.visibility);
    if (widensFrom(course)) assertCourseChange(auth, course, 'widen_visibility');
    if (input.category) await assertCategory(ctx.db, course.organisationId, input.category);
    const set: Partial<typeof courses.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = sanitiseRichText(input.description);
    if (input.category !== undefined) set.categoryId = input.category;
    if (input.level !== undefined) set.level = input.level;
    if (input.duration !== undefined) set.durationMinutes = input.duration;
    if (input.language !== undefined) set.language = input.language;
    if (input.tags !== undefined) set.tags = input.tags;
    if (input.visibility !== undefined) set.visibility = input.visibility;
    if (input.self_enrol !== undefined) set.selfEnrol = input.self_enrol;
    if (input.is_cpd !== undefined) set.isCpd = input.is_cpd;
    if (input.cpd_hours !== undefined)
      set.cpdHours = input.cpd_hours === null ? null : String(input.cpd_hours);
    if (image) set.imageKey = image.key;
    else if (input.remove_image) set.imageKey = null;
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      // Checked again on the locked row: an admin may have published it meanwhile.
      const current = await lockedCourse(tx, id);
      const widens = widensFrom(current);
      if (widens) assertCourseChange(auth, current, 'widen_visibility');
      await tx.update(courses).set(set).where(eq(courses.id, id));
      emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: [id] });
      // An admin widening a reviewed course stands in for the approval (issue 14): audited.
      if (widens && needsAdminApproval(current.status, 'widen_visibility'))
        await recordAudit(tx, {
          action: 'course.visibility_widened',
          actorId: auth.userId,
          organisationId: current.organisationId,
          ip,
          details: {
            course: id,
            title: current.title,
            status: current.status,
            from: current.visibility,
            to: input.visibility,
          },
        });
    });
    if (course.imageKey && set.imageKey !== undefined) await ctx.files.delete(course.imageKey);
    return courseRow(ctx.db, auth, id);
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number, ip?: string) {
    const course = await editableCourseFor(ctx.db, auth, id);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      await tx.execute(sql`select id from courses where id = ${id} for update`);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(courseEnrolments)
        .where(and(eq(courseEnrolments.courseId, id), ne(courseEnrolments.status, 'rejected')));
      const n = row?.n ?? 0;
      if (n > 0) {
        throw conflict(
          `This course has ${n} enrolled learner${n === 1 ? '' : 's'} (or enrolment request${n === 1 ? '' : 's'}). Unassign them first.`,
        );
      }
      await tx.delete(courses).where(eq(courses.id, id));
      emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: [id] });
      if (course.status === 'pending') {
        await closeApprovalRequestOf(
          ctx,
          { tx, emit },
          {
            kind: COURSE_REVIEW,
            subjectId: id,
            status: 'withdrawn',
            actorId: auth.userId,
            comment: 'The course was deleted.',
            notifyRequester: false,
          },
        );
      }
      await recordAudit(tx, {
        action: 'course.deleted',
        actorId: auth.userId,
        organisationId: course.organisationId,
        ip,
        details: { course: id, title: course.title, status: course.status },
      });
    });
    if (course.imageKey) await ctx.files.delete(course.imageKey);
  },

  /**
   * published/{id}/: a trainer submits their draft (pending) or withdraws it
   * (back to draft); admins publish, unpublish (draft) or send back (pending).
   */
  async setStatus(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    target: 'pending' | 'published' | 'draft',
    ip?: string,
  ) {
    const course = await courseFor(ctx.db, auth, id);
    if (!canManage(auth, course)) throw forbidden();
    if (course.status !== target) {
      // Refused moves keep their own words: what the author tried and who can do it instead.
      if (!statusTargets(auth, course).includes(target)) {
        if (target === 'published') throw forbidden('Only an admin can publish a course.');
        if (target === 'pending')
          throw badRequest(`A ${course.status} course cannot be submitted for approval.`);
        throw forbidden(`A ${course.status} course can be withdrawn by an admin only.`);
      }
      await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
        // The move was allowed from the status read above: hold the course and make sure it is
        // still that (an approver may have published it meanwhile), or the two would disagree.
        const [locked] = await tx
          .select({ status: courses.status })
          .from(courses)
          .where(eq(courses.id, id))
          .for('update');
        if (locked?.status !== course.status) {
          throw conflict('This course changed meanwhile: reload it and try again.');
        }
        await tx
          .update(courses)
          .set({
            status: target,
            updatedAt: new Date(),
            ...(target === 'published' ? { publishedAt: new Date() } : {}),
          })
          .where(eq(courses.id, id));
        await recordAudit(tx, {
          action: 'course.status_changed',
          actorId: auth.userId,
          organisationId: course.organisationId,
          ip,
          details: { course: id, title: course.title, from: course.status, to: target },
        });
        // Who finds it changes with its status (the index is asked at query time; kept current).
        emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: [id] });
        if (target === 'published')
          emit('course.published', {
            courseId: id,
            organisationId: course.organisationId,
            publishedBy: auth.userId,
          });
        await syncReviewRequest(ctx, { tx, emit }, auth, course, target);
      });
    }
    return courseRow(ctx.db, auth, id);
  },

  /** Counts for the admin dashboard, for the organisation the caller signed in to. */
  async dashboard(ctx: AppContext, auth: AuthContext): Promise<TCourseDashboard> {
    const org = auth.organisationId;
    const [byStatus, [others]] = await Promise.all([
      ctx.db
        .select({ status: courses.status, n: sql<number>`count(*)::int` })
        .from(courses)
        .where(eq(courses.organisationId, org))
        .groupBy(courses.status),
      ctx.db
        .select({
          categories: sql<number>`(select count(*)::int from ${courseCategories} where organisation_id = ${org})`,
          enrolments: sql<number>`(select count(*)::int from ${courseEnrolments} e join ${courses} c on c.id = e.course_id where c.organisation_id = ${org} and e.status in ('enrolled', 'completed'))`,
          completions: sql<number>`(select count(*)::int from ${courseEnrolments} e join ${courses} c on c.id = e.course_id where c.organisation_id = ${org} and e.status = 'completed')`,
        })
        .from(sql`(select 1) as one`),
    ]);
    const status = { draft: 0, pending: 0, approved: 0, published: 0 };
    for (const s of byStatus) status[s.status] = s.n;
    return {
      courses: { total: byStatus.reduce((n, s) => n + s.n, 0), ...status },
      categories: others?.categories ?? 0,
      enrolments: others?.enrolments ?? 0,
      completions: others?.completions ?? 0,
    };
  },
};
