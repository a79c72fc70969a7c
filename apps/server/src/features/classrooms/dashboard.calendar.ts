import { ROLE, type TCalendarEntry } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  classroomBookings as b,
  classroomClasses,
  classroomRooms,
  classroomSessionTrainers,
  classrooms,
  classroomSessions as s,
} from '../../schema/classrooms.table.ts';

const DAY = 86_400_000;

/**
 * Sessions between two dates (UTC days, both included) the caller may see: learners, the
 * published classrooms of their organisation; staff, all of their organisation's (a superadmin
 * any organisation's, ?organisation=). Each says whether the caller trains it and their booking.
 */
export async function calendar(
  db: DbOrTx,
  actor: Actor,
  query: { from: string; to: string; organisation?: number | undefined },
): Promise<TCalendarEntry[]> {
  const staff = actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;
  const organisationId =
    actor.isSuperadmin && query.organisation ? query.organisation : actor.organisationId;
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY);
  const rows = await db
    .select({
      s,
      className: classroomClasses.name,
      classroomTitle: classrooms.title,
      classroomId: classrooms.id,
      room: classroomRooms.name,
      myBooking: b.status,
      isTrainer: sql<boolean>`exists (select 1 from ${classroomSessionTrainers}
        where ${classroomSessionTrainers.sessionId} = ${s.id}
          and ${classroomSessionTrainers.userId} = ${actor.userId})`,
    })
    .from(s)
    .innerJoin(classroomClasses, eq(classroomClasses.id, s.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .leftJoin(classroomRooms, eq(classroomRooms.id, s.roomId))
    .leftJoin(
      b,
      and(eq(b.sessionId, s.id), eq(b.userId, actor.userId), sql`${b.status} <> 'cancelled'`),
    )
    .where(
      and(
        eq(s.organisationId, organisationId),
        sql`${s.startsAt} < ${to}`,
        sql`${s.endsAt} > ${from}`,
        staff ? undefined : eq(classrooms.status, 'published'),
      ),
    )
    .orderBy(asc(s.startsAt), asc(s.id))
    .limit(5000);
  return rows.map((r) => ({
    id: r.s.id,
    title: r.s.title,
    class: r.s.classId,
    class_name: r.className,
    classroom: r.classroomId,
    classroom_title: r.classroomTitle,
    date: r.s.date,
    start_time: r.s.startTime,
    end_time: r.s.endTime,
    starts_at: r.s.startsAt.toISOString(),
    ends_at: r.s.endsAt.toISOString(),
    time_zone: r.s.timeZone,
    status: r.s.status,
    online: r.s.meetingProvider !== null,
    room: r.room,
    is_trainer: Boolean(r.isTrainer),
    my_booking_status: r.myBooking,
  }));
}
