import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { httpUrl } from '../core/validators.ts';
import { ROLE } from '../users/roles.ts';

/**
 * The event engine (spec §7 Events, /api/events/): typed events of an organisation, one-off or
 * recurring (an RFC 5545 RRULE with exceptions, expanded in the event's own time zone), with an
 * audience, seats, enrolment (open, closed, or by approval) and a CPD value credited to those
 * who attended an occurrence.
 */

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_ENROLMENT_MODES = ['open', 'closed', 'approval'] as const;
export type TEventEnrolmentMode = (typeof EVENT_ENROLMENT_MODES)[number];
export const EVENT_CPD_UNITS = ['hours', 'points'] as const;
export type TEventCpdUnit = (typeof EVENT_CPD_UNITS)[number];
export const EVENT_ENROLMENT_STATUSES = ['requested', 'enrolled', 'cancelled'] as const;
export type TEventEnrolmentStatus = (typeof EVENT_ENROLMENT_STATUSES)[number];
/** At most this many occurrences in one recurring event (a year of daily ones). */
export const MAX_EVENT_OCCURRENCES = 366;

const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return v;
}, z.boolean());
const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
/** An instant (ISO 8601 with its offset), within years the database and calendars agree on. */
const instant = z.iso
  .datetime({
    offset: true,
    error: 'Enter a date and time such as 2026-07-01T09:00:00Z.',
  })
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1970 && year <= 2999;
  }, 'Enter a date between 1970 and 2999.');

/** An IANA time zone name the runtime knows (Europe/London). */
const zEventTimeZone = z
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

// ── Event types ───────────────────────────────────────────────────────

export const ZEventType = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
});
export type TEventType = z.infer<typeof ZEventType>;
export const ZEventTypeList = z.array(ZEventType);

const typeName = plainText().trim().min(1, 'Enter the name.').max(100);
const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour such as #1976d2.');

export const ZEventTypeInput = z.strictObject({ name: typeName, colour: colour.optional() });
export type TEventTypeInput = z.infer<typeof ZEventTypeInput>;
export const ZEventTypeUpdate = z.strictObject({
  name: typeName.optional(),
  colour: colour.optional(),
});
export type TEventTypeUpdate = z.infer<typeof ZEventTypeUpdate>;

// ── Events ────────────────────────────────────────────────────────────

/** Roles an audience may name (a superadmin is no member to reach). */
const AUDIENCE_ROLES = [ROLE.ADMIN, ROLE.TRAINER, ROLE.LEARNER, ROLE.HIRING_MANAGER] as const;

/** Who an event is for: members in any of these departments, designations or roles. */
export const ZEventAudience = z.strictObject({
  departments: z.array(zId).max(500).default([]),
  designations: z.array(zId).max(500).default([]),
  roles: z
    .array(
      z
        .number()
        .int()
        .refine((r) => (AUDIENCE_ROLES as readonly number[]).includes(r), 'Choose a valid role.'),
    )
    .max(4)
    .default([]),
});
export type TEventAudience = z.infer<typeof ZEventAudience>;

const eventFields = {
  title: plainText().trim().min(1, 'This field may not be blank.').max(200),
  /** Rich text, sanitised on the server. */
  description: z.string().max(100_000, 'The description is too long.'),
  type: z.preprocess(blankToNull, zId.nullable()),
  /** The first occurrence (DTSTART), as an instant. */
  starts_at: instant,
  ends_at: instant,
  /** Where the wall clock of the event lives: recurrence keeps its local time across DST. */
  time_zone: zEventTimeZone,
  /**
   * An RFC 5545 RRULE without DTSTART (`FREQ=WEEKLY;COUNT=10`), bounded by COUNT or UNTIL, at
   * most 366 occurrences; null: a one-off event.
   */
  rrule: z.preprocess(blankToNull, z.string().trim().max(500).nullable()),
  /** Occurrence starts (instants) left out of the recurrence. */
  exdates: z.array(instant).max(MAX_EVENT_OCCURRENCES),
  location: plainText().trim().max(300),
  online_url: z.preprocess(blankToNull, httpUrl.nullable()),
  /** Seats (enrolled learners); null: unlimited. */
  capacity: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(100_000).nullable()),
  /** null: the whole organisation. */
  audience: ZEventAudience.nullable(),
  /** CPD credit per occurrence attended; null: none. */
  cpd_value: z.preprocess(
    blankToNull,
    z.coerce
      .number()
      .positive('The CPD value must be more than 0.')
      .max(1000, 'The CPD value must be at most 1000.')
      .multipleOf(0.01, 'Use at most two decimals.')
      .nullable(),
  ),
  cpd_unit: z.preprocess(blankToNull, z.enum(EVENT_CPD_UNITS).nullable()),
  cpd_category: z.preprocess(blankToNull, zId.nullable()),
  enrolment: z.enum(EVENT_ENROLMENT_MODES),
  /** Cancelling is DELETE's (it tells the enrolled). */
  status: z.enum(['draft', 'published']),
};

type TimeFields = {
  starts_at?: string;
  ends_at?: string;
  cpd_value?: number | null;
  cpd_unit?: string | null;
};
function checkEvent(e: TimeFields, ctx: z.RefinementCtx) {
  if (e.starts_at && e.ends_at && Date.parse(e.ends_at) <= Date.parse(e.starts_at)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ends_at'],
      message: 'The end must be after the start.',
    });
  }
  if (e.cpd_value != null && e.cpd_unit === null) {
    ctx.addIssue({ code: 'custom', path: ['cpd_unit'], message: 'Choose hours or points.' });
  }
}

export const ZEventInput = z
  .strictObject({
    ...eventFields,
    description: eventFields.description.default(''),
    type: eventFields.type.default(null),
    rrule: eventFields.rrule.default(null),
    exdates: eventFields.exdates.default([]),
    location: eventFields.location.default(''),
    online_url: eventFields.online_url.default(null),
    capacity: eventFields.capacity.default(null),
    audience: eventFields.audience.default(null),
    cpd_value: eventFields.cpd_value.default(null),
    cpd_unit: eventFields.cpd_unit.default(null),
    cpd_category: eventFields.cpd_category.default(null),
    enrolment: eventFields.enrolment.default('open'),
    status: eventFields.status.default('draft'),
  })
  .superRefine((e, ctx) => checkEvent(e, ctx));
export type TEventInput = z.infer<typeof ZEventInput>;

export const ZEventUpdate = z
  .strictObject({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    type: eventFields.type.optional(),
    starts_at: eventFields.starts_at.optional(),
    ends_at: eventFields.ends_at.optional(),
    time_zone: eventFields.time_zone.optional(),
    rrule: eventFields.rrule.optional(),
    exdates: eventFields.exdates.optional(),
    location: eventFields.location.optional(),
    online_url: eventFields.online_url.optional(),
    capacity: eventFields.capacity.optional(),
    audience: eventFields.audience.optional(),
    cpd_value: eventFields.cpd_value.optional(),
    cpd_unit: eventFields.cpd_unit.optional(),
    cpd_category: eventFields.cpd_category.optional(),
    enrolment: eventFields.enrolment.optional(),
    status: eventFields.status.optional(),
  })
  .superRefine((e, ctx) => checkEvent(e, ctx));
export type TEventUpdate = z.infer<typeof ZEventUpdate>;

export const ZEventAbilities = z.object({
  edit: z.boolean(),
  /** Delete it (no enrolments) or cancel it (telling the enrolled). */
  delete: z.boolean(),
  /** Enrol (or ask to) now. */
  enrol: z.boolean(),
  /** Enrol for CPD credit (cpd_event_enroll/): anew, or turning a plain enrolment into one. */
  enrol_for_cpd: z.boolean(),
  /** Cancel one's own enrolment or withdraw one's request (until the event is over). */
  cancel_enrolment: z.boolean(),
  /** See its enrolments, remove one, mark attendance. */
  manage_enrolments: z.boolean(),
});
export type TEventAbilities = z.infer<typeof ZEventAbilities>;

export const ZMyEventEnrolment = z.object({
  id: z.number().int(),
  status: z.enum(EVENT_ENROLMENT_STATUSES),
  for_cpd: z.boolean(),
  /** The approval request a by-approval enrolment waits on. */
  approval_request: z.number().int().nullable(),
});
export type TMyEventEnrolment = z.infer<typeof ZMyEventEnrolment>;

export const ZEvent = z.object({
  id: z.number().int(),
  uuid: z.string(),
  organisation: z.number().int(),
  type: ZEventType.nullable(),
  title: z.string(),
  description: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  rrule: z.string().nullable(),
  exdates: z.array(z.string()),
  /** The last occurrence's end. */
  last_ends_at: z.string(),
  /** The next occurrence not yet ended (ISO start), if any. */
  next_occurrence: z.string().nullable(),
  location: z.string(),
  online_url: z.string().nullable(),
  capacity: z.number().int().nullable(),
  audience: z
    .object({
      departments: z.array(z.number().int()),
      designations: z.array(z.number().int()),
      roles: z.array(z.number().int()),
    })
    .nullable(),
  cpd_value: z.number().nullable(),
  cpd_unit: z.enum(EVENT_CPD_UNITS).nullable(),
  cpd_category: z.number().int().nullable(),
  enrolment: z.enum(EVENT_ENROLMENT_MODES),
  status: z.enum(EVENT_STATUSES),
  created_by: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  enrolled_count: z.number().int(),
  my_enrolment: ZMyEventEnrolment.nullable(),
  abilities: ZEventAbilities,
});
export type TEvent = z.infer<typeof ZEvent>;
export const ZEventPage = zPage(ZEvent);

export const ZEventOccurrence = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  /** The caller attended it (their enrolment's attendance). */
  attended: z.boolean(),
});
export type TEventOccurrence = z.infer<typeof ZEventOccurrence>;

export const ZEventDetail = ZEvent.extend({ occurrences: z.array(ZEventOccurrence) });
export type TEventDetail = z.infer<typeof ZEventDetail>;

/**
 * GET /api/events/: from/to keep events whose span (first start to last end) overlaps the
 * range; mine=true only those the caller is enrolled in (or asked to be).
 */
export const ZEventQuery = ZPageQuery.extend({
  from: instant.optional(),
  to: instant.optional(),
  type: zIdParam.optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  mine: flag.optional(),
  search: z.string().trim().max(200).optional(),
  /** soonest: by first start (upcoming lists); latest: the most recently ended first (the past). */
  order: z.enum(['soonest', 'latest']).default('soonest'),
});
export type TEventQuery = z.infer<typeof ZEventQuery>;

export const ZEventIdBody = z.strictObject({ id: zId });
export type TEventIdBody = z.infer<typeof ZEventIdBody>;

export const ZEventRemoved = z.object({
  /** deleted: it had no enrolments; cancelled: it had, and the enrolled are told. */
  outcome: z.enum(['deleted', 'cancelled']),
});
export type TEventRemoved = z.infer<typeof ZEventRemoved>;

// ── Enrolment and attendance ──────────────────────────────────────────

export const ZEventCpdEnrolInput = z.strictObject({ event: zId });
export type TEventCpdEnrolInput = z.infer<typeof ZEventCpdEnrolInput>;

export const ZEventEnrolment = z.object({
  id: z.number().int(),
  event: z.number().int(),
  user: z.number().int(),
  status: z.enum(EVENT_ENROLMENT_STATUSES),
  for_cpd: z.boolean(),
  requested_at: z.string(),
  enrolled_at: z.string().nullable(),
  approval_request: z.number().int().nullable(),
});
export type TEventEnrolment = z.infer<typeof ZEventEnrolment>;

/** One enrolment as the event's managers see it, with the occurrences attended. */
export const ZEventEnrolmentRow = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }),
  status: z.enum(EVENT_ENROLMENT_STATUSES),
  for_cpd: z.boolean(),
  requested_at: z.string(),
  enrolled_at: z.string().nullable(),
  /** Occurrence starts (ISO) attended. */
  attended: z.array(z.string()),
});
export type TEventEnrolmentRow = z.infer<typeof ZEventEnrolmentRow>;
export const ZEventEnrolmentPage = zPage(ZEventEnrolmentRow);
export const ZEventEnrolmentQuery = ZPageQuery.extend({
  status: z.enum(EVENT_ENROLMENT_STATUSES).optional(),
});
export type TEventEnrolmentQuery = z.infer<typeof ZEventEnrolmentQuery>;

export const ZEventAttendanceInput = z.strictObject({
  /** The occurrence's start (an instant of the series). */
  occurrence: instant,
  users: z.array(zId).min(1, 'Choose at least one learner.').max(1000),
  attended: z.boolean(),
});
export type TEventAttendanceInput = z.infer<typeof ZEventAttendanceInput>;

export const ZEventAttendanceResult = z.object({
  occurrence: z.string(),
  /** The enrolled users now marked as attending the occurrence. */
  attended: z.array(z.number().int()),
});
export type TEventAttendanceResult = z.infer<typeof ZEventAttendanceResult>;

/** Spec §3 `eventInstantCount`. */
export const ZEventCount = z.object({ eventInstantCount: z.number().int() });
export type TEventCount = z.infer<typeof ZEventCount>;
