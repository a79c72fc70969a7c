import type { TScormReportRow } from '@atrium/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { scormAttempts, scormPackages, scormRuntime, scormScos } from '../../schema/scorm.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { canManage, courseFor, managedBy } from '../catalogue/index.ts';
import { scaledScore } from './runtime.service.ts';
import { mayLookUpScormRecordsOf } from './scorm.policy.ts';

type Page = { limit: number; offset: number };

/**
 * The learner's latest attempt that has data, per module file: what a report
 * shows (earlier attempts only count in `attempts`).
 */
const latestWithData = sql`${scormAttempts.number} = (
  select max(a2.number) from scorm_attempts a2
  where a2.enrolment_id = ${scormAttempts.enrolmentId} and a2.module_file_id = ${scormAttempts.moduleFileId}
    and exists (select 1 from scorm_runtime r2 where r2.attempt_id = a2.id))`;
const attemptCount = sql<number>`(select max(a3.number)::int from scorm_attempts a3
  where a3.enrolment_id = ${scormAttempts.enrolmentId} and a3.module_file_id = ${scormAttempts.moduleFileId})`;

async function rows(ctx: AppContext, where: SQL | undefined, page: Page) {
  const filter = and(latestWithData, where);
  const base = ctx.db
    .select({
      r: scormRuntime,
      attempt: scormAttempts.number,
      attempts: attemptCount,
      moduleFile: scormAttempts.moduleFileId,
      user: { id: users.id, first: users.firstName, last: users.lastName, email: users.email },
      course: { id: courses.id, title: courses.title },
      pkg: { id: scormPackages.id, title: scormPackages.title, version: scormPackages.version },
      sco: { identifier: scormScos.identifier, title: scormScos.title },
    })
    .from(scormRuntime)
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormRuntime.attemptId))
    .innerJoin(scormScos, eq(scormScos.id, scormRuntime.scoId))
    .innerJoin(scormPackages, eq(scormPackages.id, scormAttempts.packageId))
    .innerJoin(courseEnrolments, eq(courseEnrolments.id, scormAttempts.enrolmentId))
    .innerJoin(users, eq(users.id, courseEnrolments.userId))
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId));
  const [list, [total]] = await Promise.all([
    base
      .where(filter)
      .orderBy(
        asc(users.lastName),
        asc(users.firstName),
        asc(users.id),
        asc(courses.id),
        asc(scormAttempts.moduleFileId),
        asc(scormScos.position),
      )
      .limit(page.limit)
      .offset(page.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scormRuntime)
      .innerJoin(scormAttempts, eq(scormAttempts.id, scormRuntime.attemptId))
      .innerJoin(courseEnrolments, eq(courseEnrolments.id, scormAttempts.enrolmentId))
      .innerJoin(users, eq(users.id, courseEnrolments.userId))
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(filter),
  ]);
  const results: TScormReportRow[] = list.map((x) => ({
    user: {
      id: x.user.id,
      fullname: `${x.user.first} ${x.user.last}`.trim() || x.user.email,
      email: x.user.email,
    },
    course: x.course,
    module_file: x.moduleFile,
    package: x.pkg,
    sco: x.sco,
    attempt: x.attempt,
    attempts: Number(x.attempts ?? x.attempt),
    status: x.r.status as TScormReportRow['status'],
    completion_status: x.r.completionStatus,
    success_status: x.r.successStatus,
    score: {
      raw: x.r.scoreRaw,
      min: x.r.scoreMin,
      max: x.r.scoreMax,
      scaled: scaledScore(x.r),
    },
    total_seconds: x.r.totalSeconds + x.r.sessionSeconds,
    updated_at: x.r.updatedAt.toISOString(),
  }));
  return { count: total?.n ?? 0, rows: results };
}

const likeText = (s: string) => `%${s.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

export const reports = {
  /** Per learner and SCO of one course, for the course's managers. */
  async course(
    ctx: AppContext,
    auth: AuthContext,
    q: { course: number; module_file?: number; user?: number; status?: string; search?: string },
    page: Page,
  ) {
    const course = await courseFor(ctx.db, auth, q.course);
    if (!canManage(auth, course))
      throw forbidden("Only the course's managers can see its SCORM report.");
    return rows(
      ctx,
      and(
        eq(courseEnrolments.courseId, course.id),
        q.module_file ? eq(scormAttempts.moduleFileId, q.module_file) : undefined,
        q.user ? eq(courseEnrolments.userId, q.user) : undefined,
        q.status ? eq(scormRuntime.status, q.status) : undefined,
        q.search
          ? sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${likeText(q.search)}`
          : undefined,
      ),
      page,
    );
  },

  /**
   * The spec §7 SCORM track lookup by e-mail. Learners may look up only
   * themselves; admins see their organisation's courses; trainers the courses
   * they manage; a superadmin everything. Someone outside the caller's
   * organisation is "not found", as for any other lookup.
   */
  async track(ctx: AppContext, auth: AuthContext, email: string, page: Page) {
    const [user] = await ctx.db
      .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    const self = user?.id === auth.userId;
    // Before the 404 below: whether such an address exists is nobody else's business.
    if (!mayLookUpScormRecordsOf(auth, user && { userId: user.id }))
      throw forbidden('You can only look up your own SCORM records.');
    if (!user) throw notFound('No user with this e-mail address.');
    if (!self && !auth.isSuperadmin) {
      const [member] = await ctx.db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(eq(memberships.userId, user.id), eq(memberships.organisationId, auth.organisationId)),
        );
      if (!member) throw notFound('No user with this e-mail address.');
    }
    // Someone else's records: only on the courses the caller manages (canManage, as SQL).
    const scope = self ? undefined : managedBy(auth);
    const found = await rows(ctx, and(eq(courseEnrolments.userId, user.id), scope), page);
    return {
      ...found,
      user: {
        id: user.id,
        fullname: `${user.first} ${user.last}`.trim() || user.email,
        email: user.email,
      },
    };
  },
};
