import { ROLE, type TRoleId } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { courses } from '../../schema/courses.table.ts';
import { assignments, courseEnrolments } from '../../schema/enrolments.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { canManage } from '../catalogue/index.ts';
import { notify } from './notify.ts';

/**
 * Every notification is written here, from the domain events (never inline in a use case).
 * Each subscriber reads current state: the course's status now, not at the event, so a course
 * taken back to draft since notifies nobody.
 */

async function publishedCourse(ctx: AppContext, courseId: number) {
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, courseId));
  return course?.status === 'published' ? course : undefined;
}

/** The course's managers as catalogue's rule has them: its organisation's admins and its author. */
async function managersOf(ctx: AppContext, course: typeof courses.$inferSelect): Promise<Actor[]> {
  const candidates = await ctx.db
    .select({ userId: memberships.userId, roleId: memberships.roleId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organisationId, course.organisationId),
        course.createdBy === null
          ? eq(memberships.roleId, ROLE.ADMIN)
          : inArray(memberships.roleId, [ROLE.ADMIN, ROLE.TRAINER]),
      ),
    );
  return candidates
    .filter((m) => m.roleId === ROLE.ADMIN || m.userId === course.createdBy)
    .map((m) => ({
      userId: m.userId,
      organisationId: course.organisationId,
      roleId: m.roleId as TRoleId,
      isSuperadmin: false,
    }))
    .filter((actor) => canManage(actor, course));
}

const courseSubject = (course: typeof courses.$inferSelect) => ({
  kind: 'course' as const,
  id: course.id,
  title: course.title,
});

export const notificationSubscribers = [
  defineSubscriber({
    event: 'enrolment.assigned',
    name: 'notify-assigned',
    async handle(ctx, e, meta) {
      const course = await publishedCourse(ctx, e.courseId);
      if (!course) return;
      await notify(ctx, meta, {
        type: 'enrolment_assigned',
        organisationId: e.organisationId,
        actorId: e.assignedBy,
        subject: courseSubject(course),
        link: `/course/${course.id}`,
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'enrolment.unassigned',
    name: 'notify-unassigned',
    async handle(ctx, e, meta) {
      const course = await publishedCourse(ctx, e.courseId);
      if (!course) return;
      await notify(ctx, meta, {
        type: 'enrolment_unassigned',
        organisationId: e.organisationId,
        actorId: e.unassignedBy,
        subject: courseSubject(course),
        link: '/asssigned_course',
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'course.published',
    name: 'notify-published',
    async handle(ctx, e, meta) {
      const course = await publishedCourse(ctx, e.courseId);
      if (!course) return;
      // Only the learners already enrolled (assigned while it was in review): they were waiting
      // for it. The rest of the organisation finds it in the catalogue; telling everyone is an
      // announcement, which an admin chooses to send, not a side effect of publishing.
      const enrolled = await ctx.db
        .select({ userId: courseEnrolments.userId })
        .from(courseEnrolments)
        .where(
          and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.status, 'enrolled')),
        );
      await notify(ctx, meta, {
        type: 'course_published',
        organisationId: e.organisationId,
        actorId: e.publishedBy,
        subject: courseSubject(course),
        link: `/course/${course.id}`,
        recipients: enrolled.map((r) => r.userId),
      });
    },
  }),
  defineSubscriber({
    event: 'assignment.graded',
    name: 'notify-graded',
    async handle(ctx, e, meta) {
      const found = await assignmentInPublishedCourse(ctx, e.assignmentId);
      if (!found) return;
      await notify(ctx, meta, {
        type: 'assignment_graded',
        organisationId: found.course.organisationId,
        actorId: e.gradedBy,
        subject: { kind: 'assignment', id: found.assignment.id, title: found.assignment.title },
        link: `/course/${found.course.id}`,
        recipients: [e.userId],
      });
    },
  }),
  defineSubscriber({
    event: 'assignment.submitted',
    name: 'notify-submitted',
    async handle(ctx, e, meta) {
      const found = await assignmentInPublishedCourse(ctx, e.assignmentId);
      if (!found) return;
      await notify(ctx, meta, {
        type: 'submission_received',
        organisationId: found.course.organisationId,
        actorId: e.userId,
        subject: { kind: 'submission', id: e.submissionId, title: found.assignment.title },
        link: `/course/${found.course.id}`,
        recipients: (await managersOf(ctx, found.course)).map((m) => m.userId),
      });
    },
  }),
  defineSubscriber({
    event: 'review.created',
    name: 'notify-reviewed',
    async handle(ctx, e, meta) {
      const course = await publishedCourse(ctx, e.courseId);
      if (!course?.createdBy) return;
      await notify(ctx, meta, {
        type: 'review_received',
        organisationId: course.organisationId,
        actorId: e.userId,
        subject: courseSubject(course),
        link: `/courses/course-review/${course.id}`,
        recipients: [course.createdBy],
      });
    },
  }),
  defineSubscriber({
    event: 'user.approved',
    name: 'notify-user-approved',
    async handle(ctx, e, meta) {
      const [org] = await ctx.db
        .select({ title: organisations.title })
        .from(organisations)
        .where(eq(organisations.id, e.organisationId));
      if (!org) return;
      await notify(ctx, meta, {
        type: 'user_approved',
        organisationId: e.organisationId,
        actorId: e.approvedBy,
        subject: { kind: 'user', id: e.userId, title: org.title },
        link: '/dashboard',
        recipients: [e.userId],
      });
    },
  }),
];

async function assignmentInPublishedCourse(ctx: AppContext, assignmentId: number) {
  const [assignment] = await ctx.db
    .select()
    .from(assignments)
    .where(eq(assignments.id, assignmentId));
  if (!assignment) return undefined;
  const course = await publishedCourse(ctx, assignment.courseId);
  return course ? { assignment, course } : undefined;
}
