import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { TIME_24H } from '../core/validators.ts';

/**
 * Classrooms (spec §7 /api/classroom/ and /api/classrooms/): a classroom is a programme, its
 * classes are cohorts, a class has topics and a topic has sessions. This file holds the
 * structure; bookings, attendance, meetings and reports have their own files beside it.
 */

export const ZClassroomPerson = z.object({ id: z.number().int(), fullname: z.string() });
export type TClassroomPerson = z.infer<typeof ZClassroomPerson>;

const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());
const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
const name = plainText().trim().min(1, 'This field may not be blank.').max(200);
const text = plainText().max(5000);
/** Spec §6 approver mode: the listing shows what waits for the caller's decision. */
const isApprover = flag.optional();

export const CLASSROOM_STATUSES = ['draft', 'pending', 'published'] as const;
export type TClassroomStatus = (typeof CLASSROOM_STATUSES)[number];

// ── Classrooms (programmes) ───────────────────────────────────────────

export const ZClassroomAbilities = z.object({
  /** Change it, its classes, topics, sessions and rooms' use. */
  edit: z.boolean(),
  delete: z.boolean(),
  /** Publish directly (admins) or submit for approval (its trainer). */
  publish: z.boolean(),
});
export type TClassroomAbilities = z.infer<typeof ZClassroomAbilities>;

export const ZClassroom = z.object({
  id: z.number().int(),
  organisation: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(CLASSROOM_STATUSES),
  created_by: ZClassroomPerson.nullable(),
  published_at: z.string().nullable(),
  class_count: z.number().int(),
  session_count: z.number().int(),
  /** The next scheduled session's start (ISO), if any. */
  next_session_at: z.string().nullable(),
  /** The open publication request, while pending (for the approvals page). */
  approval_request: z.number().int().nullable(),
  abilities: ZClassroomAbilities,
});
export type TClassroom = z.infer<typeof ZClassroom>;
export const ZClassroomPage = zPage(ZClassroom);

export const ZClassroomQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  status: z.enum(CLASSROOM_STATUSES).optional(),
  is_approver: isApprover,
});
export type TClassroomQuery = z.infer<typeof ZClassroomQuery>;

export const ZClassroomInput = z.strictObject({
  title: name,
  description: text.default(''),
  /** Superadmins choose the organisation (list-org); everyone else schedules for their own. */
  organisation: zId.optional(),
});
export type TClassroomInput = z.infer<typeof ZClassroomInput>;
export const ZClassroomUpdate = z.strictObject({
  title: name.optional(),
  description: text.optional(),
});
export type TClassroomUpdate = z.infer<typeof ZClassroomUpdate>;

/** publish-classroom: publish (or submit for approval), or withdraw to draft. */
export const ZClassroomPublish = z.strictObject({
  classroom: zId,
  action: z.enum(['publish', 'withdraw']).default('publish'),
});
export type TClassroomPublish = z.infer<typeof ZClassroomPublish>;

// ── Classes (cohorts) ─────────────────────────────────────────────────

export const CLASS_BOOKING_MODES = ['open', 'request'] as const;

const classFields = {
  name,
  description: text.default(''),
  /** open: learners book a seat; request: a booking waits for the approval flow. */
  booking_mode: z.enum(CLASS_BOOKING_MODES).default('open'),
  /** The waitlist closes this many hours before each session. */
  waitlist_closes_hours: z.coerce.number().int().min(0).max(720).default(2),
  /** Share of the sessions attended (present or late) that completes the class. */
  completion_percent: z.coerce.number().int().min(1).max(100).default(100),
  /** The post-session survey's questions (a 1–5 rating is always asked). */
  survey_questions: z.array(plainText().trim().min(1).max(300)).max(20).default([]),
  /** Counts for CPD: each session attended (present or late) credits its length in hours. */
  is_cpd: flag.default(false),
};
export const ZClassInput = z.strictObject({ classroom: zId, ...classFields });
export type TClassInput = z.infer<typeof ZClassInput>;
export const ZClassUpdate = z.strictObject({
  name: name.optional(),
  description: text.optional(),
  booking_mode: z.enum(CLASS_BOOKING_MODES).optional(),
  waitlist_closes_hours: z.coerce.number().int().min(0).max(720).optional(),
  completion_percent: z.coerce.number().int().min(1).max(100).optional(),
  survey_questions: z.array(plainText().trim().min(1).max(300)).max(20).optional(),
  is_cpd: flag.optional(),
});
export type TClassUpdate = z.infer<typeof ZClassUpdate>;

export const ZClass = z.object({
  id: z.number().int(),
  classroom: z.number().int(),
  classroom_title: z.string(),
  classroom_status: z.enum(CLASSROOM_STATUSES),
  organisation: z.number().int(),
  name: z.string(),
  description: z.string(),
  booking_mode: z.enum(CLASS_BOOKING_MODES),
  waitlist_closes_hours: z.number().int(),
  completion_percent: z.number().int(),
  survey_questions: z.array(z.string()),
  is_cpd: z.boolean(),
  topic_count: z.number().int(),
  session_count: z.number().int(),
  abilities: ZClassroomAbilities,
});
export type TClass = z.infer<typeof ZClass>;
export const ZClassPage = zPage(ZClass);
export const ZClassQuery = ZPageQuery.extend({
  classroom_id: zIdParam.optional(),
  search: z.string().trim().max(200).optional(),
  is_approver: isApprover,
});
export type TClassQuery = z.infer<typeof ZClassQuery>;

// ── Topics ────────────────────────────────────────────────────────────

export const ZTopicInput = z.strictObject({
  class: zId,
  title: name,
  description: text.default(''),
  position: z.coerce.number().int().min(0).max(10_000).optional(),
});
export type TTopicInput = z.infer<typeof ZTopicInput>;
export const ZTopicUpdate = z.strictObject({
  title: name.optional(),
  description: text.optional(),
  position: z.coerce.number().int().min(0).max(10_000).optional(),
});
export type TTopicUpdate = z.infer<typeof ZTopicUpdate>;
export const ZTopic = z.object({
  id: z.number().int(),
  class: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  session_count: z.number().int(),
});
export type TTopic = z.infer<typeof ZTopic>;
/**
 * topics?classroom_id=: in spec §7 the parameter names the class whose topics are listed (the
 * original called a class a classroom); `class_id` says the same in this API's words.
 */
export const ZTopicQuery = z.object({
  classroom_id: zIdParam.optional(),
  class_id: zIdParam.optional(),
  is_approver: isApprover,
});
export type TTopicQuery = z.infer<typeof ZTopicQuery>;
export const ZTopicList = z.array(ZTopic);

// ── Rooms ─────────────────────────────────────────────────────────────

export const ZRoomInput = z.strictObject({
  name: plainText().trim().min(1, 'This field may not be blank.').max(120),
  location: plainText().trim().max(300).default(''),
  capacity: z.coerce.number().int().min(1).max(100_000),
  organisation: zId.optional(),
});
export type TRoomInput = z.infer<typeof ZRoomInput>;
export const ZRoomUpdate = z.strictObject({
  name: plainText().trim().min(1, 'This field may not be blank.').max(120).optional(),
  location: plainText().trim().max(300).optional(),
  capacity: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type TRoomUpdate = z.infer<typeof ZRoomUpdate>;
export const ZRoom = z.object({
  id: z.number().int(),
  organisation: z.number().int(),
  name: z.string(),
  location: z.string(),
  capacity: z.number().int(),
});
export type TRoom = z.infer<typeof ZRoom>;
export const ZRoomPage = zPage(ZRoom);
export const ZRoomQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  organisation: zIdParam.optional(),
});

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

// ── Pickers ───────────────────────────────────────────────────────────

export const ZPickerQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  organisation: zIdParam.optional(),
});
export type TPickerQuery = z.infer<typeof ZPickerQuery>;
export const ZPickerPerson = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.string(),
});
export const ZPickerPersonPage = zPage(ZPickerPerson);
export const ZPickerOrganisation = z.object({ id: z.number().int(), name: z.string() });
export const ZPickerOrganisationList = z.array(ZPickerOrganisation);
