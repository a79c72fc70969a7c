import type { TSession } from '@atrium/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomRooms,
  classroomSessions,
  classroomSessionTrainers,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';
import { users } from '../../schema/users.table.ts';
import { personName } from './classrooms.access.ts';
import { sessionAbilities } from './classrooms.policy.ts';

/**
 * Sessions as the API answers them: seats, trainers, room and the caller's own booking, for any
 * number of sessions in two queries (the sessions with their counts, then their trainers).
 */

const mine = alias(classroomBookings, 'mine');
const iso = (v: Date | string) => new Date(v).toISOString();

export async function presentSessions(
  db: DbOrTx,
  actor: Actor,
  where: SQL | undefined,
  now = new Date(),
): Promise<TSession[]> {
  const rows = await db
    .select({
      s: classroomSessions,
      topicTitle: classroomTopics.title,
      className: classroomClasses.name,
      classroomId: classrooms.id,
      classroomTitle: classrooms.title,
      classroomStatus: classrooms.status,
      classroomCreator: classrooms.createdBy,
      room: classroomRooms,
      booked: sql<number>`(select count(*)::int from ${classroomBookings} b where b.session_id = ${classroomSessions.id} and b.status in ('booked', 'attended', 'partial', 'no_show'))`,
      waitlisted: sql<number>`(select count(*)::int from ${classroomBookings} b where b.session_id = ${classroomSessions.id} and b.status = 'waitlisted')`,
      mine: {
        id: mine.id,
        status: mine.status,
        checkedInAt: mine.checkedInAt,
        position: sql<
          number | null
        >`case when ${mine.status} = 'waitlisted' then (select count(*)::int + 1 from ${classroomBookings} w where w.session_id = ${mine.sessionId} and w.status = 'waitlisted' and (w.requested_at, w.id) < (${mine.requestedAt}, ${mine.id})) end`,
      },
      trains: sql<boolean>`exists (select 1 from ${classroomSessionTrainers} t where t.session_id = ${classroomSessions.id} and t.user_id = ${actor.userId})`,
    })
    .from(classroomSessions)
    .innerJoin(classroomTopics, eq(classroomTopics.id, classroomSessions.topicId))
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .leftJoin(classroomRooms, eq(classroomRooms.id, classroomSessions.roomId))
    .leftJoin(
      mine,
      and(
        eq(mine.sessionId, classroomSessions.id),
        eq(mine.userId, actor.userId),
        sql`${mine.status} <> 'cancelled'`,
      ),
    )
    .where(where)
    .orderBy(asc(classroomSessions.startsAt), asc(classroomSessions.id));
  if (rows.length === 0) return [];
  const trainers = await db
    .select({ sessionId: classroomSessionTrainers.sessionId, id: users.id, fullname: personName })
    .from(classroomSessionTrainers)
    .innerJoin(users, eq(users.id, classroomSessionTrainers.userId))
    .where(
      inArray(
        classroomSessionTrainers.sessionId,
        rows.map((r) => r.s.id),
      ),
    )
    .orderBy(asc(users.id));
  const bySession = new Map<number, { id: number; fullname: string }[]>();
  for (const t of trainers) {
    const list = bySession.get(t.sessionId) ?? [];
    list.push({ id: t.id, fullname: t.fullname });
    bySession.set(t.sessionId, list);
  }
  return rows.map((r) => {
    const s = r.s;
    const classroom = {
      organisationId: s.organisationId,
      createdBy: r.classroomCreator,
      status: r.classroomStatus,
    };
    return {
      id: s.id,
      uuid: s.uuid,
      organisation: s.organisationId,
      classroom: r.classroomId,
      classroom_title: r.classroomTitle,
      class: s.classId,
      class_name: r.className,
      topic: s.topicId,
      topic_title: r.topicTitle,
      title: s.title,
      date: s.date,
      start_time: s.startTime,
      end_time: s.endTime,
      time_zone: s.timeZone,
      starts_at: iso(s.startsAt),
      ends_at: iso(s.endsAt),
      trainers: bySession.get(s.id) ?? [],
      room: r.room
        ? {
            id: r.room.id,
            organisation: r.room.organisationId,
            name: r.room.name,
            location: r.room.location,
            capacity: r.room.capacity,
          }
        : null,
      online: s.meetingProvider !== null,
      capacity: s.capacity,
      minimum_size: s.minimumSize,
      cut_off_at: s.cutOffAt ? iso(s.cutOffAt) : null,
      keep_below_minimum: s.keepBelowMinimum,
      status: s.status,
      booked_count: r.booked,
      waitlisted_count: r.waitlisted,
      my_booking:
        r.mine?.id != null
          ? {
              id: r.mine.id,
              status: r.mine.status!,
              waitlist_position: r.mine.position,
              checked_in: r.mine.checkedInAt !== null,
            }
          : null,
      abilities: sessionAbilities(actor, classroom, s, {
        isSessionTrainer: r.trains,
        hasLiveBooking: r.mine?.id != null,
        now,
      }),
    };
  });
}
