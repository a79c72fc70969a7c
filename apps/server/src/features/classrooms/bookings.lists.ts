import type {
  TMyClassroomEvent,
  TMyClassroomEventQuery,
  TSessionAttendee,
  TSessionAttendeeQuery,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { isSessionTrainer, SESSION_NOT_FOUND, sessionContext } from './bookings.repository.ts';
import { canSeeClassroom, canTakeAttendance } from './classrooms.policy.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Waitlist position of the booking `b` (1 first), null unless waitlisted. */
const POSITION = sql`case when b.status = 'waitlisted' then (
    select count(*) from classroom_bookings w
    where w.session_id = b.session_id and w.status = 'waitlisted'
      and (w.requested_at, w.id) <= (b.requested_at, b.id)) end`;

/**
 * attendee/ GET: a session's bookings for its managers and trainers, booked (and attended)
 * first, then the waitlist in its order, then requests, then cancelled ones.
 */
export async function sessionAttendees(
  db: DbOrTx,
  auth: AuthContext,
  q: TSessionAttendeeQuery,
): Promise<{ count: number; rows: TSessionAttendee[] }> {
  const c = await sessionContext(db, q.session);
  if (!c || !canSeeClassroom(auth, c.classroom)) throw notFound(SESSION_NOT_FOUND);
  const trainer = await isSessionTrainer(db, c.session.id, auth.userId);
  if (!canTakeAttendance(auth, c.classroom, trainer)) {
    throw forbidden('Only the classroom’s managers and the session’s trainers see its bookings.');
  }
  const filters: SQL[] = [sql`b.session_id = ${c.session.id}`];
  if (q.status) filters.push(sql`b.status = ${q.status}`);
  if (q.search) {
    const like = `%${likeEscape(q.search.toLowerCase())}%`;
    filters.push(
      sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(u.email) like ${like} or lower(u.username) like ${like})`,
    );
  }
  const where = sql.join(filters, sql` and `);
  const { limit, offset } = pageBounds(q);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from classroom_bookings b join users u on u.id = b.user_id where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    user_id: number;
    fullname: string;
    email: string;
    status: TSessionAttendee['status'];
    attendance: TSessionAttendee['attendance'];
    position: number | null;
    requested_at: Date | string;
    booked_at: Date | string | null;
    checked_in_at: Date | string | null;
    checkin_method: TSessionAttendee['checkin_method'];
  }>(
    db,
    sql`select b.id, b.user_id,
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as fullname,
          u.email, b.status, b.attendance, ${POSITION} as position, b.requested_at, b.booked_at,
          b.checked_in_at, b.checkin_method
        from classroom_bookings b join users u on u.id = b.user_id
        where ${where}
        order by case b.status when 'waitlisted' then 1 when 'requested' then 2
                               when 'cancelled' then 3 else 0 end,
                 b.requested_at, b.id
        limit ${limit} offset ${offset}`,
  );
  return {
    count: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      user: { id: Number(r.user_id), fullname: r.fullname, email: r.email },
      status: r.status,
      attendance: r.attendance,
      waitlist_position: r.position === null ? null : Number(r.position),
      requested_at: iso(r.requested_at)!,
      booked_at: iso(r.booked_at),
      checked_in_at: iso(r.checked_in_at),
      checkin_method: r.checkin_method,
    })),
  };
}

/**
 * event/ GET: the caller's own bookings in the organisation they signed in to, with their
 * sessions. upcoming=true: not yet ended, soonest first; false: ended, latest first. Cancelled
 * bookings only when asked for by status.
 */
export async function myClassroomEvents(
  db: DbOrTx,
  auth: AuthContext,
  q: TMyClassroomEventQuery,
  now = new Date(),
): Promise<{ count: number; rows: TMyClassroomEvent[] }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const filters: SQL[] = [
    sql`b.user_id = ${auth.userId}`,
    sql`b.organisation_id = ${auth.organisationId}`,
    q.status ? sql`b.status = ${q.status}` : sql`b.status <> 'cancelled'`,
  ];
  if (q.upcoming === true) filters.push(sql`s.ends_at > ${at}`);
  if (q.upcoming === false) filters.push(sql`s.ends_at <= ${at}`);
  const where = sql.join(filters, sql` and `);
  const { limit, offset } = pageBounds(q);
  const from = sql`from classroom_bookings b
    join classroom_sessions s on s.id = b.session_id
    join classroom_classes k on k.id = s.class_id
    join classrooms c on c.id = k.classroom_id
    left join classroom_rooms r on r.id = s.room_id`;
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${from} where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    status: TMyClassroomEvent['status'];
    position: number | null;
    requested_at: Date | string;
    booked_at: Date | string | null;
    session_id: number;
    title: string;
    class_id: number;
    class_name: string;
    classroom_id: number;
    classroom_title: string;
    starts_at: Date | string;
    ends_at: Date | string;
    date: string;
    start_time: string;
    end_time: string;
    time_zone: string;
    room_id: number | null;
    room_name: string | null;
    room_location: string | null;
    meeting_provider: string | null;
    session_status: TMyClassroomEvent['session']['status'];
  }>(
    db,
    sql`select b.id, b.status, ${POSITION} as position, b.requested_at, b.booked_at,
          s.id as session_id, s.title, k.id as class_id, k.name as class_name,
          c.id as classroom_id, c.title as classroom_title, s.starts_at, s.ends_at,
          s.date::text as date, s.start_time, s.end_time, s.time_zone,
          r.id as room_id, r.name as room_name, r.location as room_location,
          s.meeting_provider, s.status as session_status
        ${from} where ${where}
        order by s.starts_at ${q.upcoming === false ? sql`desc` : sql`asc`}, b.id
        limit ${limit} offset ${offset}`,
  );
  return {
    count: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      waitlist_position: r.position === null ? null : Number(r.position),
      requested_at: iso(r.requested_at)!,
      booked_at: iso(r.booked_at),
      session: {
        id: Number(r.session_id),
        title: r.title,
        class: Number(r.class_id),
        class_name: r.class_name,
        classroom: Number(r.classroom_id),
        classroom_title: r.classroom_title,
        starts_at: iso(r.starts_at)!,
        ends_at: iso(r.ends_at)!,
        date: r.date,
        start_time: r.start_time,
        end_time: r.end_time,
        time_zone: r.time_zone,
        room:
          r.room_id === null
            ? null
            : { id: Number(r.room_id), name: r.room_name ?? '', location: r.room_location ?? '' },
        online: r.meeting_provider !== null,
        status: r.session_status,
      },
    })),
  };
}
