import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import type { DomainEvents } from '../../core/events/event-bus.ts';
import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { classroomClasses, classroomSessions } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { type CreditResult, creditCpd } from './cpd.credit.ts';

/**
 * Automatic credits, from course.completed (learning), learning_path.completed (learning paths),
 * session.attended (classrooms) and event.attended (events). Each source is credited once per
 * learner (creditCpd's unique source key), so a redelivered event or a source reached twice
 * credits nothing more. A path's CPD hours and a class's CPD flag are read from the shared
 * schema, as a course's are: the sources publish what happened, the ledger decides what it is
 * worth.
 */

/**
 * The organisation whose ledger gets a learner's credit: the source's, when they belong to it; a
 * course of the shared catalogue taken from another organisation counts in their own (their
 * first membership), where their scheme is.
 */
async function ledgerOrganisation(
  db: DbOrTx,
  userId: number,
  sourceOrganisationId: number,
): Promise<number | null> {
  const [member] = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(
      and(eq(memberships.userId, userId), eq(memberships.organisationId, sourceOrganisationId)),
    );
  if (member) return member.organisationId;
  const [first] = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return first?.organisationId ?? null;
}

/**
 * A CPD course completed: its CPD hours, under the source `course:<id>`. Always recorded in hours
 * (the course's unit), even under a scheme in points: the summary shows credit in the other unit
 * beside the target rather than converting it.
 */
export async function creditCourseCompletion(
  db: DbOrTx,
  p: { courseId: number; userId: number; organisationId: number; completedAt: string },
): Promise<CreditResult | null> {
  const [course] = await db
    .select({ title: courses.title, isCpd: courses.isCpd, cpdHours: courses.cpdHours })
    .from(courses)
    .where(eq(courses.id, p.courseId));
  if (!course?.isCpd || course.cpdHours === null) return null;
  const organisationId = await ledgerOrganisation(db, p.userId, p.organisationId);
  if (organisationId === null) return null;
  return creditCpd(db, {
    userId: p.userId,
    organisationId,
    sourceKind: 'course',
    sourceKey: `course:${p.courseId}`,
    title: course.title,
    value: Number(course.cpdHours),
    unit: 'hours',
    categoryId: null,
    completedAt: new Date(p.completedAt),
  });
}

/**
 * A learning path with CPD hours completed: `learning_path:<id>`, and `#<cycle>` after a
 * recertification (a new cycle is new learning; a redelivery of the same cycle is not). Its
 * courses are credited on their own when they are CPD courses.
 */
export async function creditPathCompletion(
  db: DbOrTx,
  p: DomainEvents['learning_path.completed'],
): Promise<CreditResult | null> {
  const [path] = await db
    .select({ title: learningPaths.title, cpdHours: learningPaths.cpdHours })
    .from(learningPaths)
    .where(eq(learningPaths.id, p.pathId));
  if (!path || path.cpdHours === null) return null;
  const organisationId = await ledgerOrganisation(db, p.userId, p.organisationId);
  if (organisationId === null) return null;
  return creditCpd(db, {
    userId: p.userId,
    organisationId,
    sourceKind: 'learning_path',
    sourceKey: `learning_path:${p.pathId}${p.cycle > 0 ? `#${p.cycle}` : ''}`,
    title: path.title,
    value: Number(path.cpdHours),
    unit: 'hours',
    categoryId: null,
    completedAt: new Date(p.completedAt),
  });
}

/**
 * A session of a CPD class attended (present or late): its length in hours, to two decimals,
 * under `classroom_session:<id>`, dated at the session's start. A mark corrected later keeps
 * the credit, as for events.
 */
export async function creditSessionAttendance(
  db: DbOrTx,
  p: DomainEvents['session.attended'],
): Promise<CreditResult | null> {
  const [session] = await db
    .select({
      title: classroomSessions.title,
      className: classroomClasses.name,
      startsAt: classroomSessions.startsAt,
      endsAt: classroomSessions.endsAt,
      isCpd: classroomClasses.isCpd,
    })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .where(eq(classroomSessions.id, p.sessionId));
  if (!session?.isCpd) return null;
  const organisationId = await ledgerOrganisation(db, p.userId, p.organisationId);
  if (organisationId === null) return null;
  const hours = Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 36_000) / 100;
  return creditCpd(db, {
    userId: p.userId,
    organisationId,
    sourceKind: 'classroom',
    sourceKey: `classroom_session:${p.sessionId}`,
    title: `${session.className}: ${session.title}`,
    value: hours,
    unit: 'hours',
    categoryId: null,
    completedAt: session.startsAt,
  });
}

/** What the events slice publishes as `event.attended` (features/events). */
export type EventAttended = DomainEvents['event.attended'];

/**
 * An occurrence attended by someone enrolled for CPD credit (cpd_event_enroll/, `forCpd`) of an
 * event with a CPD value: `event:<id>@<occurrence start>`, in the event's unit and category. An
 * ordinary enrolment asked for no credit and gets none; attendance unmarked later keeps the
 * credit (a ledger entry is never taken back by the source).
 */
export async function creditEventAttendance(
  db: DbOrTx,
  p: EventAttended,
): Promise<CreditResult | null> {
  if (!p.forCpd || p.cpdValue === null) return null;
  const organisationId = await ledgerOrganisation(db, p.userId, p.organisationId);
  if (organisationId === null) return null;
  const start = new Date(p.occurrenceStart);
  return creditCpd(db, {
    userId: p.userId,
    organisationId,
    sourceKind: 'event',
    sourceKey: `event:${p.eventId}@${start.toISOString()}`,
    title: p.title,
    value: Number(p.cpdValue),
    unit: p.cpdUnit ?? 'hours',
    categoryId: p.cpdCategoryId,
    completedAt: start,
  });
}

export const cpdSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'course.completed',
    name: 'credit-cpd-course',
    async handle(ctx, p) {
      await creditCourseCompletion(ctx.db, p);
    },
  }),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'credit-cpd-learning-path',
    async handle(ctx, p) {
      await creditPathCompletion(ctx.db, p);
    },
  }),
  defineSubscriber({
    event: 'session.attended',
    name: 'credit-cpd-classroom-session',
    async handle(ctx, p) {
      await creditSessionAttendance(ctx.db, p);
    },
  }),
  defineSubscriber({
    event: 'event.attended',
    name: 'credit-cpd-event',
    when: (p) => p.forCpd && p.cpdValue !== null,
    async handle(ctx, p) {
      await creditEventAttendance(ctx.db, p);
    },
  }),
];
