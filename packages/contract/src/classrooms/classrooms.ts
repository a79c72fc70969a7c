import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { flag, isApprover, name, text } from './fields.ts';

/**
 * Classrooms (spec §7 /api/classroom/ and /api/classrooms/): a classroom is a programme, its
 * classes are cohorts, a class has topics and a topic has sessions. This file holds the
 * structure above the sessions (sessions.ts); bookings, attendance, meetings and reports have
 * their own files beside it.
 */

export const ZClassroomPerson = z.object({ id: z.number().int(), fullname: z.string() });
export type TClassroomPerson = z.infer<typeof ZClassroomPerson>;

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
  /** The class's name: given when topics are searched across classes (no class named). */
  class_name: z.string().optional(),
});
export type TTopic = z.infer<typeof ZTopic>;
/**
 * topics?classroom_id=: in spec §7 the parameter names the class whose topics are listed (the
 * original called a class a classroom); `class_id` says the same in this API's words.
 * `search` filters by title; without a class it searches the topics of every classroom the
 * caller may see, TOPIC_SEARCH_LIMIT at most, each with its class's name (a picker's search).
 */
export const ZTopicQuery = z.object({
  classroom_id: zIdParam.optional(),
  class_id: zIdParam.optional(),
  search: z.string().trim().max(200).optional(),
  is_approver: isApprover,
});
export const TOPIC_SEARCH_LIMIT = 20;
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
