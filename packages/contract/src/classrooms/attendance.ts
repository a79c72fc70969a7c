import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZClassroomPerson } from './classrooms.ts';

/**
 * Attendance (spec §7 Classrooms): the trainer's bulk marks, and the learner's self check-in with
 * the rotating code the trainer's screen shows (as digits and as a QR code).
 */

export const ATTENDANCE_MARKS = ['present', 'late', 'excused', 'absent'] as const;
export type TAttendanceMark = (typeof ATTENDANCE_MARKS)[number];

/** The booking states attendance leaves (and may change again). */
export const MARKABLE_BOOKING_STATUSES = ['booked', 'attended', 'partial', 'no_show'] as const;

/** How often the check-in code changes. */
export const CHECKIN_PERIOD_SECONDS = 15;
/** The check-in code: six digits. */
export const CHECKIN_CODE = /^\d{6}$/;

export const ZAttendanceInput = z.object({
  session: zId,
  marks: z
    .array(
      z.object({
        booking: zId,
        mark: z.enum(ATTENDANCE_MARKS, {
          message: 'Choose present, late, excused or absent.',
        }),
      }),
    )
    .min(1, 'Mark at least one learner.')
    .max(1000, 'Mark at most 1000 learners at once.'),
});
export type TAttendanceInput = z.infer<typeof ZAttendanceInput>;

/** One learner's booking after attendance. */
export const ZAttendanceRow = z.object({
  booking: z.number().int(),
  user: ZClassroomPerson,
  /** attended (present), partial (late), no_show (absent or excused). */
  status: z.enum(MARKABLE_BOOKING_STATUSES),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  checked_in_at: z.string().nullable(),
  checkin_method: z.enum(['code', 'meeting', 'trainer']).nullable(),
});
export type TAttendanceRow = z.infer<typeof ZAttendanceRow>;

export const ZAttendanceResult = z.object({
  session: z.number().int(),
  results: z.array(ZAttendanceRow),
});
export type TAttendanceResult = z.infer<typeof ZAttendanceResult>;

export const ZCheckinCodeQuery = z.object({ session: zIdParam });

/** What the trainer's check-in screen shows; it fetches again when `expires_at` passes. */
export const ZCheckinCode = z.object({
  code: z.string(),
  /** What the QR code encodes: the app's address that checks the learner in. */
  qr: z.string(),
  period_seconds: z.number().int(),
  /** When this code stops being shown (it is still accepted for one more period). */
  expires_at: z.string(),
  session_starts_at: z.string(),
  session_ends_at: z.string(),
});
export type TCheckinCode = z.infer<typeof ZCheckinCode>;

export const ZCheckinInput = z.object({
  session: zId,
  code: z
    .string({ message: 'Enter the six-digit code.' })
    .trim()
    .regex(CHECKIN_CODE, 'Enter the six-digit code.'),
});
export type TCheckinInput = z.infer<typeof ZCheckinInput>;

export const ZCheckinResult = z.object({
  session: z.number().int(),
  booking: z.number().int(),
  status: z.enum(['attended', 'partial']),
  attendance: z.enum(['present', 'late']),
  checked_in_at: z.string(),
});
export type TCheckinResult = z.infer<typeof ZCheckinResult>;
