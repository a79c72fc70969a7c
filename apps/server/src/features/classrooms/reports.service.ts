import type {
  TClassReport,
  TClassroomLearnerReport,
  TSessionDataCount,
  TSessionReport,
} from '@atrium/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomCompletions,
  classroomSessions,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import {
  attendanceRate,
  HOLDS_SEAT,
  loadReportClass,
  loadReportSession,
  reportScope,
  sessionInScope,
} from './reports.scope.ts';
import { surveyStatsBySession, surveySummary } from './survey.service.ts';

/**
 * The class, session and learner reports and the per-session counts: each list is one aggregate
 * query (bookings grouped by session or by learner), never a query per row.
 */

const n = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
const fullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;
const person = { id: users.id, fullname, email: users.email };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Booking counts per session of a filter, one grouped query. */
async function bookingCounts(db: DbOrTx, where: SQL) {
  const b = classroomBookings;
  return db
    .select({
      session: classroomSessions,
      topicTitle: classroomTopics.title,
      booked: n(sql`${b.status} in ${HOLDS_SEAT}`),
      attended: n(sql`${b.status} = 'attended'`),
      partial: n(sql`${b.status} = 'partial'`),
      noShow: n(sql`${b.status} = 'no_show'`),
      excused: n(sql`${b.status} = 'no_show' and ${b.attendance} = 'excused'`),
      waitlisted: n(sql`${b.status} = 'waitlisted'`),
      requested: n(sql`${b.status} = 'requested'`),
    })
    .from(classroomSessions)
    .innerJoin(classroomTopics, eq(classroomTopics.id, classroomSessions.topicId))
    .leftJoin(b, eq(b.sessionId, classroomSessions.id))
    .where(where)
    .groupBy(classroomSessions.id, classroomTopics.title)
    .orderBy(asc(classroomSessions.startsAt), asc(classroomSessions.id));
}

export async function classReport(
  db: DbOrTx,
  actor: Actor,
  classId: number,
): Promise<TClassReport> {
  const cls = await loadReportClass(db, actor, classId);
  const sessions = await bookingCounts(db, eq(classroomSessions.classId, cls.id));
  const ids = sessions.map((s) => s.session.id);
  const b = classroomBookings;
  const [stats, learners, survey] = await Promise.all([
    surveyStatsBySession(db, ids),
    db
      .select({
        user: person,
        attended: n(sql`${b.status} in ('attended', 'partial')`),
        partial: n(sql`${b.status} = 'partial'`),
        completedAt: classroomCompletions.completedAt,
      })
      .from(b)
      .innerJoin(classroomSessions, eq(classroomSessions.id, b.sessionId))
      .innerJoin(users, eq(users.id, b.userId))
      .leftJoin(
        classroomCompletions,
        and(eq(classroomCompletions.classId, cls.id), eq(classroomCompletions.userId, b.userId)),
      )
      .where(and(eq(classroomSessions.classId, cls.id), sql`${b.status} <> 'cancelled'`))
      .groupBy(users.id, classroomCompletions.completedAt)
      .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, users.id),
    surveySummary(db, ids, cls.surveyQuestions),
  ]);
  const total = sessions.filter((s) => s.session.status !== 'cancelled').length;
  return {
    class: {
      id: cls.id,
      name: cls.name,
      classroom: cls.classroomId,
      classroom_title: cls.classroomTitle,
      completion_percent: cls.completionPercent,
    },
    sessions: sessions.map((s) => ({
      session: s.session.id,
      title: s.session.title,
      topic_title: s.topicTitle,
      starts_at: s.session.startsAt.toISOString(),
      status: s.session.status,
      capacity: s.session.capacity,
      booked: s.booked,
      attended: s.attended,
      partial: s.partial,
      no_show: s.noShow,
      excused: s.excused,
      attendance_rate: attendanceRate(s.attended, s.partial, s.noShow, s.excused),
      survey_average: stats.get(s.session.id)?.average ?? null,
      survey_count: stats.get(s.session.id)?.count ?? 0,
    })),
    learners: learners.map((l) => ({
      user: l.user,
      attended: l.attended,
      partial: l.partial,
      total,
      completed: l.completedAt !== null,
      completed_at: iso(l.completedAt),
    })),
    survey,
  };
}

export async function sessionReport(
  db: DbOrTx,
  actor: Actor,
  sessionId: number,
): Promise<TSessionReport> {
  const row = await loadReportSession(db, actor, sessionId);
  const s = row.session;
  const b = classroomBookings;
  const [attendees, survey] = await Promise.all([
    db
      .select({ b, user: person })
      .from(b)
      .innerJoin(users, eq(users.id, b.userId))
      .where(eq(b.sessionId, s.id))
      .orderBy(
        sql`case ${b.status} when 'cancelled' then 1 else 0 end`,
        asc(b.requestedAt),
        asc(b.id),
      ),
    surveySummary(db, [s.id], row.surveyQuestions),
  ]);
  const count = (f: (x: (typeof attendees)[number]) => boolean) => attendees.filter(f).length;
  const attended = count((x) => x.b.status === 'attended');
  const partial = count((x) => x.b.status === 'partial');
  const noShow = count((x) => x.b.status === 'no_show');
  const excused = count((x) => x.b.status === 'no_show' && x.b.attendance === 'excused');
  return {
    session: {
      id: s.id,
      title: s.title,
      class: s.classId,
      class_name: row.className,
      classroom_title: row.classroomTitle,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      time_zone: s.timeZone,
      status: s.status,
      capacity: s.capacity,
    },
    counts: {
      booked: count((x) => ['booked', 'attended', 'partial', 'no_show'].includes(x.b.status)),
      attended,
      partial,
      no_show: noShow,
      excused,
      attendance_rate: attendanceRate(attended, partial, noShow, excused),
      waitlisted: count((x) => x.b.status === 'waitlisted'),
      requested: count((x) => x.b.status === 'requested'),
    },
    attendees: attendees.map((x) => ({
      booking: x.b.id,
      user: x.user,
      status: x.b.status,
      attendance: x.b.attendance,
      checked_in_at: iso(x.b.checkedInAt),
      checkin_method: x.b.checkinMethod,
      requested_at: x.b.requestedAt.toISOString(),
    })),
    survey,
  };
}

/** The most bookings a learner report lists (newest first). */
const LEARNER_REPORT_LIMIT = 2000;

export async function learnerReport(
  db: DbOrTx,
  actor: Actor,
  query: { user_id?: number | undefined; organisation?: number | undefined },
): Promise<TClassroomLearnerReport> {
  const own = query.user_id === undefined || query.user_id === actor.userId;
  const userId = query.user_id ?? actor.userId;
  // Someone else's report: staff only, and only about a member of the organisation reported on.
  const scope = own ? null : reportScope(actor, query.organisation);
  const [user] = await db
    .select(person)
    .from(users)
    .where(
      scope
        ? sql`${users.id} = ${userId} and exists (select 1 from ${memberships}
            where ${memberships.userId} = ${users.id}
              and ${memberships.organisationId} = ${scope.organisationId})`
        : eq(users.id, userId),
    );
  if (!user) throw notFound('User not found.');

  const b = classroomBookings;
  const bookings = await db
    .select({
      b,
      session: classroomSessions,
      className: classroomClasses.name,
      classroomTitle: classrooms.title,
    })
    .from(b)
    .innerJoin(classroomSessions, eq(classroomSessions.id, b.sessionId))
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(and(eq(b.userId, userId), scope ? sessionInScope(scope) : undefined))
    .orderBy(desc(classroomSessions.startsAt), desc(b.id))
    .limit(LEARNER_REPORT_LIMIT);

  const classIds = [...new Set(bookings.map((x) => x.session.classId))];
  const [totals, completions] = classIds.length
    ? await Promise.all([
        db
          .select({ classId: classroomSessions.classId, total: sql<number>`count(*)::int` })
          .from(classroomSessions)
          .where(
            and(
              inArray(classroomSessions.classId, classIds),
              sql`${classroomSessions.status} <> 'cancelled'`,
            ),
          )
          .groupBy(classroomSessions.classId),
        db
          .select()
          .from(classroomCompletions)
          .where(
            and(
              inArray(classroomCompletions.classId, classIds),
              eq(classroomCompletions.userId, userId),
            ),
          ),
      ])
    : [[], []];
  const totalOf = new Map(totals.map((t) => [t.classId, t.total]));
  const doneOf = new Map(completions.map((c) => [c.classId, c.completedAt]));
  const classes = classIds.map((classId) => {
    const mine = bookings.filter((x) => x.session.classId === classId);
    const done = doneOf.get(classId) ?? null;
    return {
      class: classId,
      class_name: mine[0]!.className,
      classroom_title: mine[0]!.classroomTitle,
      attended: mine.filter((x) => x.b.status === 'attended' || x.b.status === 'partial').length,
      total: totalOf.get(classId) ?? 0,
      completed: done !== null,
      completed_at: iso(done),
    };
  });
  return {
    user,
    bookings: bookings.map((x) => ({
      booking: x.b.id,
      session: x.session.id,
      session_title: x.session.title,
      class: x.session.classId,
      class_name: x.className,
      classroom_title: x.classroomTitle,
      starts_at: x.session.startsAt.toISOString(),
      session_status: x.session.status,
      status: x.b.status,
      attendance: x.b.attendance,
      checked_in_at: iso(x.b.checkedInAt),
    })),
    classes,
  };
}

export async function sessionDataCount(
  db: DbOrTx,
  actor: Actor,
  query: { class_id?: number | undefined; topic_id?: number | undefined },
): Promise<TSessionDataCount[]> {
  let classId = query.class_id;
  if (query.topic_id) {
    const [topic] = await db
      .select({ classId: classroomTopics.classId })
      .from(classroomTopics)
      .where(eq(classroomTopics.id, query.topic_id));
    if (!topic) throw notFound('Topic not found.');
    classId = topic.classId;
  }
  await loadReportClass(db, actor, classId!);
  const rows = await bookingCounts(
    db,
    query.topic_id
      ? eq(classroomSessions.topicId, query.topic_id)
      : eq(classroomSessions.classId, classId!),
  );
  return rows.map((r) => ({
    session: r.session.id,
    booked: r.booked,
    waitlisted: r.waitlisted,
    requested: r.requested,
    attended: r.attended + r.partial,
    capacity: r.session.capacity,
  }));
}
