import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { BOOKING_STATUSES, SESSION_STATUSES } from './sessions.ts';

/**
 * Seats (spec §7 /api/classroom/attendee/ and event/): a learner books a seat in a session, joins
 * its waitlist when it is full, or asks for a seat when the class takes bookings by request; a
 * manager books a named learner directly. The waitlist is first come, first served.
 */

const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return v;
}, z.boolean());

/** attendee/ POST: `user` omitted books the caller's own seat. */
export const ZBookingInput = z.strictObject({
  session: zId,
  /** A learner of the organisation, booked by one of the classroom's managers. */
  user: zId.optional(),
});
export type TBookingInput = z.infer<typeof ZBookingInput>;

export const ZBooking = z.object({
  id: z.number().int(),
  session: z.number().int(),
  user: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** 1 for the first in line, while waitlisted. */
  waitlist_position: z.number().int().nullable(),
  requested_at: z.string(),
  booked_at: z.string().nullable(),
  /** The approval request a by-request booking waits on. */
  approval_request: z.number().int().nullable(),
});
export type TBooking = z.infer<typeof ZBooking>;

const BOOKING_ATTENDANCE = ['present', 'late', 'excused', 'absent'] as const;
const CHECKIN_METHODS = ['code', 'meeting', 'trainer'] as const;

/** One learner's booking as the session's managers and trainers see it. */
export const ZSessionAttendee = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }),
  status: z.enum(BOOKING_STATUSES),
  attendance: z.enum(BOOKING_ATTENDANCE).nullable(),
  waitlist_position: z.number().int().nullable(),
  requested_at: z.string(),
  booked_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  checkin_method: z.enum(CHECKIN_METHODS).nullable(),
});
export type TSessionAttendee = z.infer<typeof ZSessionAttendee>;
export const ZSessionAttendeePage = zPage(ZSessionAttendee);

/** attendee/ GET: booked (and attended) first, then the waitlist in its order, then the rest. */
export const ZSessionAttendeeQuery = ZPageQuery.extend({
  session: zIdParam,
  status: z.enum(BOOKING_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type TSessionAttendeeQuery = z.infer<typeof ZSessionAttendeeQuery>;

/** The session a learner's booking is for, as "my sessions" shows it. */
export const ZBookedSession = z.object({
  id: z.number().int(),
  title: z.string(),
  class: z.number().int(),
  class_name: z.string(),
  classroom: z.number().int(),
  classroom_title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  time_zone: z.string(),
  room: z.object({ id: z.number().int(), name: z.string(), location: z.string() }).nullable(),
  online: z.boolean(),
  status: z.enum(SESSION_STATUSES),
});
export type TBookedSession = z.infer<typeof ZBookedSession>;

/** event/ GET: one of the caller's own bookings. */
export const ZMyClassroomEvent = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  waitlist_position: z.number().int().nullable(),
  requested_at: z.string(),
  booked_at: z.string().nullable(),
  session: ZBookedSession,
});
export type TMyClassroomEvent = z.infer<typeof ZMyClassroomEvent>;
export const ZMyClassroomEventPage = zPage(ZMyClassroomEvent);

/**
 * upcoming=true: sessions not yet ended, soonest first; false: past ones, latest first; absent:
 * all, soonest first. Cancelled bookings are listed only when asked for by `status`.
 */
export const ZMyClassroomEventQuery = ZPageQuery.extend({
  upcoming: flag.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
});
export type TMyClassroomEventQuery = z.infer<typeof ZMyClassroomEventQuery>;
