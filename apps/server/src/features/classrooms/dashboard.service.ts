import type { TClassroomDashboard, TDashboardAdditional } from '@atrium/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomSessions,
  classroomSessionTrainers,
  classroomSurveyResponses,
  classrooms,
} from '../../schema/classrooms.table.ts';
import {
  attendanceRate,
  HOLDS_SEAT,
  type ReportScope,
  reportScope,
  sessionInScope,
} from './reports.scope.ts';

/**
 * The classroom dashboard and its additional panels (the calendar: dashboard.calendar.ts).
 * Every figure is an aggregate over sessions in the caller's scope (reports.scope.ts), filtered
 * by organisation and time on classroom_sessions_org_time_idx.
 */

const DAY = 86_400_000;
const n = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
const b = classroomBookings;
const s = classroomSessions;

const onClass = eq(classroomClasses.id, s.classId);
const onClassroom = eq(classrooms.id, classroomClasses.classroomId);

const upcomingFields = {
  id: s.id,
  title: s.title,
  className: classroomClasses.name,
  classroomTitle: classrooms.title,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  timeZone: s.timeZone,
  capacity: s.capacity,
  minimumSize: s.minimumSize,
  cutOffAt: s.cutOffAt,
  booked: sql<number>`(select count(*)::int from ${b} where ${b.sessionId} = ${s.id} and ${b.status} in ${HOLDS_SEAT})`,
};
interface UpcomingRow {
  id: number;
  title: string;
  className: string;
  classroomTitle: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  capacity: number;
  minimumSize: number | null;
  cutOffAt: Date | null;
  booked: number;
}

const presentUpcoming = (r: UpcomingRow) => ({
  id: r.id,
  title: r.title,
  class_name: r.className,
  classroom_title: r.classroomTitle,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt.toISOString(),
  time_zone: r.timeZone,
  booked: r.booked,
  capacity: r.capacity,
});

/** A trainer's classrooms: created by them, or holding a session they train. */
function classroomInScope(scope: ReportScope): SQL {
  const org = eq(classrooms.organisationId, scope.organisationId);
  if (scope.trainerId === null) return org;
  return sql`${org} and (${classrooms.createdBy} = ${scope.trainerId} or exists (
    select 1 from ${classroomSessionTrainers} st
    join ${s} ss on ss.id = st.session_id
    join ${classroomClasses} cc on cc.id = ss.class_id
    where cc.classroom_id = ${classrooms.id} and st.user_id = ${scope.trainerId}))`;
}

function mondayUtc(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

export async function dashboard(
  db: DbOrTx,
  actor: Actor,
  organisation: number | undefined,
  now = new Date(),
): Promise<TClassroomDashboard> {
  const scope = reportScope(actor, organisation);
  const inScope = sessionInScope(scope);
  const monthAgo = new Date(now.getTime() - 30 * DAY);
  const firstWeek = new Date(mondayUtc(now).getTime() - 11 * 7 * DAY);
  const week = sql<string>`to_char(date_trunc('week', ${s.startsAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [structure, totals, weeks, upcoming] = await Promise.all([
    db
      .select({
        classrooms: sql<number>`count(distinct ${classrooms.id})::int`,
        classes: sql<number>`count(${classroomClasses.id})::int`,
      })
      .from(classrooms)
      .leftJoin(classroomClasses, eq(classroomClasses.classroomId, classrooms.id))
      .where(classroomInScope(scope)),
    db
      .select({
        upcoming: sql<number>`(count(distinct ${s.id}) filter (where ${s.status} = 'scheduled' and ${s.startsAt} > ${now}))::int`,
        bookings: n(sql`${b.status} in ${HOLDS_SEAT} and ${s.status} <> 'cancelled'`),
        waitlisted: n(
          sql`${b.status} = 'waitlisted' and ${s.status} = 'scheduled' and ${s.startsAt} > ${now}`,
        ),
        attended: n(
          sql`${b.status} = 'attended' and ${s.startsAt} > ${monthAgo} and ${s.startsAt} <= ${now}`,
        ),
        partial: n(
          sql`${b.status} = 'partial' and ${s.startsAt} > ${monthAgo} and ${s.startsAt} <= ${now}`,
        ),
        noShow: n(
          sql`${b.status} = 'no_show' and ${s.startsAt} > ${monthAgo} and ${s.startsAt} <= ${now}`,
        ),
        excused: n(
          sql`${b.status} = 'no_show' and ${b.attendance} = 'excused' and ${s.startsAt} > ${monthAgo} and ${s.startsAt} <= ${now}`,
        ),
      })
      .from(s)
      .innerJoin(classroomClasses, onClass)
      .innerJoin(classrooms, onClassroom)
      .leftJoin(b, eq(b.sessionId, s.id))
      .where(inScope),
    db
      .select({
        week,
        attended: n(sql`${b.status} in ('attended', 'partial')`),
        booked: n(sql`${b.status} in ${HOLDS_SEAT}`),
      })
      .from(s)
      .innerJoin(classroomClasses, onClass)
      .innerJoin(classrooms, onClassroom)
      .innerJoin(b, eq(b.sessionId, s.id))
      .where(and(inScope, sql`${s.startsAt} >= ${firstWeek}`, sql`${s.startsAt} <= ${now}`))
      .groupBy(week),
    db
      .select(upcomingFields)
      .from(s)
      .innerJoin(classroomClasses, onClass)
      .innerJoin(classrooms, onClassroom)
      .where(and(inScope, eq(s.status, 'scheduled'), sql`${s.startsAt} > ${now}`))
      .orderBy(asc(s.startsAt), asc(s.id))
      .limit(5),
  ]);
  const t = totals[0]!;
  const byWeek = new Map(weeks.map((w) => [w.week, w]));
  const series = Array.from({ length: 12 }, (_, i) => {
    const key = new Date(firstWeek.getTime() + i * 7 * DAY).toISOString().slice(0, 10);
    const w = byWeek.get(key);
    return { week_start: key, attended: w?.attended ?? 0, booked: w?.booked ?? 0 };
  });
  return {
    counts: {
      classrooms: structure[0]?.classrooms ?? 0,
      classes: structure[0]?.classes ?? 0,
      upcoming_sessions: t.upcoming,
      bookings: t.bookings,
      waitlisted: t.waitlisted,
      attendance_rate_30d: attendanceRate(t.attended, t.partial, t.noShow, t.excused),
    },
    attendance_by_week: series,
    upcoming: upcoming.map(presentUpcoming),
  };
}

export async function dashboardAdditional(
  db: DbOrTx,
  actor: Actor,
  organisation: number | undefined,
  now = new Date(),
): Promise<TDashboardAdditional> {
  const scope = reportScope(actor, organisation);
  const inScope = sessionInScope(scope);
  const attended = n(sql`${b.status} in ('attended', 'partial')`);
  const marked = n(
    sql`${b.status} in ('attended', 'partial') or (${b.status} = 'no_show' and ${b.attendance} is distinct from 'excused')`,
  );
  const average = sql<string>`avg(${classroomSurveyResponses.rating})`;
  const [top, surveys, below] = await Promise.all([
    db
      .select({
        classId: classroomClasses.id,
        className: classroomClasses.name,
        classroomTitle: classrooms.title,
        attended,
        marked,
      })
      .from(s)
      .innerJoin(classroomClasses, onClass)
      .innerJoin(classrooms, onClassroom)
      .innerJoin(b, eq(b.sessionId, s.id))
      .where(inScope)
      .groupBy(classroomClasses.id, classrooms.title)
      .having(sql`${marked} > 0`)
      .orderBy(sql`${attended}::float / ${marked} desc`, desc(attended), asc(classroomClasses.id))
      .limit(5),
    db
      .select({
        classId: classroomClasses.id,
        className: classroomClasses.name,
        classroomTitle: classrooms.title,
        average,
        count: sql<number>`count(*)::int`,
      })
      .from(s)
      .innerJoin(classroomClasses, onClass)
      .innerJoin(classrooms, onClassroom)
      .innerJoin(classroomSurveyResponses, eq(classroomSurveyResponses.sessionId, s.id))
      .where(inScope)
      .groupBy(classroomClasses.id, classrooms.title)
      .orderBy(sql`${average} desc`, asc(classroomClasses.id))
      .limit(10),
    db
      .select(upcomingFields)
      .from(s)
      .innerJoin(classroomClasses, onClass)
      .innerJoin(classrooms, onClassroom)
      .where(
        and(
          inScope,
          eq(s.status, 'scheduled'),
          sql`${s.startsAt} > ${now}`,
          sql`${s.minimumSize} is not null`,
          sql`${upcomingFields.booked} < ${s.minimumSize}`,
        ),
      )
      .orderBy(asc(s.startsAt), asc(s.id))
      .limit(20),
  ]);
  return {
    top_classes: top.map((r) => ({
      class: r.classId,
      class_name: r.className,
      classroom_title: r.classroomTitle,
      attended: r.attended,
      marked: r.marked,
      attendance_rate: Math.round((r.attended / r.marked) * 1000) / 10,
    })),
    survey_averages: surveys.map((r) => ({
      class: r.classId,
      class_name: r.className,
      classroom_title: r.classroomTitle,
      average: Math.round(Number(r.average) * 100) / 100,
      count: r.count,
    })),
    below_minimum: below.map((r) => ({
      ...presentUpcoming(r),
      minimum_size: r.minimumSize!,
      cut_off_at: r.cutOffAt ? r.cutOffAt.toISOString() : null,
    })),
  };
}
