import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { TIME_24H } from '../core/validators.ts';
import { ZClass, ZClassroomPerson, ZRoom, ZTopic } from './classrooms.ts';
import { blankToNull, flag, isApprover, name } from './fields.ts';

/**
 * A topic's sessions (spec §5 dates and times in their own zone), their bookings' states as a
 * learner sees them, the class editor's page, and the trainer and room conflicts check-session
 * answers.
 */

// ── Sessions ──────────────────────────────────────────────────────────

export const SESSION_STATUSES = ['scheduled', 'cancelled', 'completed'] as const;
export type TSessionStatus = (typeof SESSION_STATUSES)[number];

/** Spec §5 time. */
export const zTime = z
  .string()
  .trim()
  .regex(TIME_24H, 'Enter a time as HH:MM or HH:MM:SS (24-hour).');
export const zDate = z.iso.date('Enter a date as YYYY-MM-DD.');
/** An IANA time zone name the runtime knows (Europe/London). */
export const zTimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Enter a valid time zone, such as Europe/London.');

/** Seconds since midnight of a §5 time. */
export function timeSeconds(value: string): number {
  const [h = '0', m = '0', s = '0'] = value.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

const sessionFields = z.strictObject({
  title: name,
  date: zDate,
  start_time: zTime,
  end_time: zTime,
  time_zone: zTimeZone,
  trainers: z.array(zId).min(1, 'Choose at least one trainer.').max(10),
  room: z.preprocess(blankToNull, zId.nullable()).default(null),
  /** Held online through the organisation's meeting provider. */
  online: flag.default(false),
  capacity: z.coerce.number().int().min(1).max(100_000),
  minimum_size: z.preprocess(blankToNull, z.coerce.number().int().min(1).nullable()).default(null),
  /** ISO time: below minimum_size then, the session is cancelled (unless kept). */
  cut_off_at: z.preprocess(blankToNull, z.iso.datetime({ offset: true }).nullable()).default(null),
  keep_below_minimum: flag.default(false),
});

function checkSession(
  s: {
    start_time?: string;
    end_time?: string;
    room?: number | null;
    online?: boolean;
    minimum_size?: number | null;
    capacity?: number;
  },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (s.start_time && s.end_time && timeSeconds(s.end_time) <= timeSeconds(s.start_time)) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'end_time'],
      message: 'The end time must be after the start time.',
    });
  }
  if (s.room === null && s.online === false) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'room'],
      message: 'Choose a room, or hold the session online.',
    });
  }
  if (s.minimum_size != null && s.capacity != null && s.minimum_size > s.capacity) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'minimum_size'],
      message: 'The minimum size cannot be more than the capacity.',
    });
  }
}

export const ZSessionFields = sessionFields.superRefine((s, ctx) => checkSession(s, ctx));
export type TSessionFields = z.infer<typeof ZSessionFields>;

/**
 * sessions POST: one topic's sessions from one form. Spec §5: the list is invalid if any two of
 * its sessions on one date overlap (each one's end after the other's start).
 */
export const ZSessionCreate = z
  .strictObject({
    topic: zId,
    sessions: z.array(sessionFields).min(1).max(50),
  })
  .superRefine((body, ctx) => {
    body.sessions.forEach((s, i) => {
      checkSession(s, ctx, ['sessions', i]);
    });
    for (let i = 0; i < body.sessions.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = body.sessions[i]!;
        const b = body.sessions[j]!;
        if (a.date !== b.date || a.time_zone !== b.time_zone) continue;
        if (
          timeSeconds(a.end_time) > timeSeconds(b.start_time) &&
          timeSeconds(b.end_time) > timeSeconds(a.start_time)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['sessions', i, 'start_time'],
            message: `This session overlaps session ${j + 1} of the form.`,
          });
        }
      }
    }
  });
export type TSessionCreate = z.infer<typeof ZSessionCreate>;

export const ZSessionUpdate = z
  .strictObject({
    title: name.optional(),
    date: zDate.optional(),
    start_time: zTime.optional(),
    end_time: zTime.optional(),
    time_zone: zTimeZone.optional(),
    trainers: z.array(zId).min(1, 'Choose at least one trainer.').max(10).optional(),
    room: z.preprocess(blankToNull, zId.nullable()).optional(),
    online: flag.optional(),
    capacity: z.coerce.number().int().min(1).max(100_000).optional(),
    minimum_size: z.preprocess(blankToNull, z.coerce.number().int().min(1).nullable()).optional(),
    cut_off_at: z.preprocess(blankToNull, z.iso.datetime({ offset: true }).nullable()).optional(),
    keep_below_minimum: flag.optional(),
    /** completed: the trainer closes the session (attendance stays editable). */
    status: z.enum(['scheduled', 'completed']).optional(),
  })
  .superRefine((s, ctx) => checkSession(s, ctx));
export type TSessionUpdate = z.infer<typeof ZSessionUpdate>;

export const ZSessionAbilities = z.object({
  edit: z.boolean(),
  cancel: z.boolean(),
  /** See the attendees, mark attendance, show the check-in code. */
  attendance: z.boolean(),
  /** Book a seat (or join the waitlist, or ask) now. */
  book: z.boolean(),
});
export type TSessionAbilities = z.infer<typeof ZSessionAbilities>;

export const BOOKING_STATUSES = [
  'requested',
  'booked',
  'waitlisted',
  'attended',
  'partial',
  'no_show',
  'cancelled',
] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];

export const ZMyBooking = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** 1 for the first in line, while waitlisted. */
  waitlist_position: z.number().int().nullable(),
  checked_in: z.boolean(),
});
export type TMyBooking = z.infer<typeof ZMyBooking>;

export const ZSession = z.object({
  id: z.number().int(),
  uuid: z.string(),
  organisation: z.number().int(),
  classroom: z.number().int(),
  classroom_title: z.string(),
  class: z.number().int(),
  class_name: z.string(),
  topic: z.number().int(),
  topic_title: z.string(),
  title: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  trainers: z.array(ZClassroomPerson),
  room: ZRoom.nullable(),
  online: z.boolean(),
  capacity: z.number().int(),
  minimum_size: z.number().int().nullable(),
  cut_off_at: z.string().nullable(),
  keep_below_minimum: z.boolean(),
  status: z.enum(SESSION_STATUSES),
  booked_count: z.number().int(),
  waitlisted_count: z.number().int(),
  my_booking: ZMyBooking.nullable(),
  abilities: ZSessionAbilities,
});
export type TSession = z.infer<typeof ZSession>;
export const ZSessionList = z.array(ZSession);
export const ZSessionQuery = z.object({
  topic_id: zIdParam.optional(),
  class_id: zIdParam.optional(),
  is_approver: isApprover,
});
export type TSessionQuery = z.infer<typeof ZSessionQuery>;

/** class-update-delete/{id} GET: the class editor's one page (topics with their sessions). */
export const ZClassDetail = ZClass.extend({
  topics: z.array(ZTopic.extend({ sessions: z.array(ZSession) })),
});
export type TClassDetail = z.infer<typeof ZClassDetail>;

// ── Conflicts (check-session) ─────────────────────────────────────────

export const ZCheckSessionQuery = z
  .object({
    trainer_id: zIdParam.optional(),
    room_id: zIdParam.optional(),
    date: zDate,
    /** With both times (and the zone), each session says whether it overlaps that range. */
    start_time: zTime.optional(),
    end_time: zTime.optional(),
    time_zone: zTimeZone.optional(),
    /** The session being edited: not a conflict with itself. */
    exclude_session: zIdParam.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.trainer_id && !q.room_id) {
      ctx.addIssue({ code: 'custom', path: ['trainer_id'], message: 'Name a trainer or a room.' });
    }
    if (q.start_time && q.end_time && timeSeconds(q.end_time) <= timeSeconds(q.start_time)) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_time'],
        message: 'The end time must be after the start time.',
      });
    }
  });
export type TCheckSessionQuery = z.infer<typeof ZCheckSessionQuery>;

export const ZSessionConflict = z.object({
  session: z.number().int(),
  title: z.string(),
  class_name: z.string(),
  resource: z.enum(['trainer', 'room']),
  resource_id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Overlaps the asked range (false when no range was asked: merely the same day). */
  overlaps: z.boolean(),
});
export type TSessionConflict = z.infer<typeof ZSessionConflict>;
export const ZCheckSessionResult = z.object({
  conflict: z.boolean(),
  sessions: z.array(ZSessionConflict),
});
export type TCheckSessionResult = z.infer<typeof ZCheckSessionResult>;
