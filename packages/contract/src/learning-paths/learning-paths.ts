import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Learning paths (spec §7 /api/v1/ learning-path…): ordered programmes of courses with strict
 * sequence or prerequisites, elective sets, enrolment (assigned, by department or designation,
 * self or by request), due dates, validity, progress, reviews and completion.
 */

const ZPerson = z.object({ id: z.number().int(), fullname: z.string() });
const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());
const title = plainText().trim().min(1, 'This field may not be blank.').max(200);
const isoDate = z.iso.datetime({ offset: true });

export const LEARNING_PATH_STATUSES = ['draft', 'published', 'archived'] as const;
export type TLearningPathStatus = (typeof LEARNING_PATH_STATUSES)[number];
/** organisation: every learner of the organisation finds it; assigned: only those enrolled see it. */
export const LEARNING_PATH_VISIBILITIES = ['organisation', 'assigned'] as const;
/** How a learner joins: only when assigned, by themselves, or by a request through the approvals. */
export const LEARNING_PATH_ENROLMENT_MODES = ['assigned', 'self', 'request'] as const;
/** Due date: none, one fixed date, or N days after each learner's enrolment. */
export const LEARNING_PATH_DUE_MODES = ['none', 'fixed', 'relative'] as const;
export const LEARNING_PATH_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const LEARNING_PATH_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_PATH_ITEMS = 100;

// ── Paths ──────────────────────────────────────────────────────────────

const pathFields = {
  title,
  /** Rich text, sanitised on the server. */
  description: z.string().max(100_000).default(''),
  category: z.preprocess(blankToNull, zIdParam.nullable()).optional(),
  visibility: z.enum(LEARNING_PATH_VISIBILITIES).default('organisation'),
  enrolment: z.enum(LEARNING_PATH_ENROLMENT_MODES).default('assigned'),
  /** Each item requires the one before it. */
  strict_sequence: flag.default(false),
  /** Minutes; defaults to the sum of the courses' durations when not given. */
  estimated_minutes: z
    .preprocess(blankToNull, z.coerce.number().int().min(1).max(1_000_000).nullable())
    .optional(),
  due_mode: z.enum(LEARNING_PATH_DUE_MODES).default('none'),
  /** due_mode fixed: the date (in the future when set). */
  due_at: z.preprocess(blankToNull, isoDate.nullable()).optional(),
  /** due_mode relative: days after enrolment. */
  due_days: z
    .preprocess(blankToNull, z.coerce.number().int().min(1).max(3650).nullable())
    .optional(),
  /** Reminder this many days before the due date. */
  due_soon_days: z.coerce.number().int().min(0).max(60).default(3),
  /** Recertification: the completion expires after this many months and the learner is re-enrolled. */
  validity_months: z
    .preprocess(blankToNull, z.coerce.number().int().min(1).max(120).nullable())
    .optional(),
  /** CPD hours credited once to each learner who completes it; null: none. */
  cpd_hours: z
    .preprocess(
      blankToNull,
      z.coerce
        .number()
        .positive('The CPD hours must be more than 0.')
        .max(1000, 'The CPD hours must be at most 1000.')
        .multipleOf(0.01, 'Use at most two decimals.')
        .nullable(),
    )
    .optional(),
};
/** learning-path/ POST (JSON, or multipart with an optional `image`). */
export const ZLearningPathInput = z.strictObject(pathFields);
export type TLearningPathInput = z.infer<typeof ZLearningPathInput>;
/** learning-path/{id}/ PUT: any subset (status only through learning_path_published/). */
export const ZLearningPathUpdate = z.strictObject({
  title: title.optional(),
  description: z.string().max(100_000).optional(),
  category: pathFields.category,
  visibility: z.enum(LEARNING_PATH_VISIBILITIES).optional(),
  enrolment: z.enum(LEARNING_PATH_ENROLMENT_MODES).optional(),
  strict_sequence: flag.optional(),
  estimated_minutes: pathFields.estimated_minutes,
  due_mode: z.enum(LEARNING_PATH_DUE_MODES).optional(),
  due_at: pathFields.due_at,
  due_days: pathFields.due_days,
  due_soon_days: z.coerce.number().int().min(0).max(60).optional(),
  validity_months: pathFields.validity_months,
  cpd_hours: pathFields.cpd_hours,
  remove_image: flag.optional(),
});
export type TLearningPathUpdate = z.infer<typeof ZLearningPathUpdate>;

export const ZLearningPathStatusChange = z.strictObject({
  status: z.enum(LEARNING_PATH_STATUSES),
});

export const ZLearningPathAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  publish: z.boolean(),
  archive: z.boolean(),
  /** Enrol and remove learners, see progress, message learners. */
  manage: z.boolean(),
  /** Join it now (self-enrolment) or ask to (by request). */
  enrol: z.boolean(),
  request: z.boolean(),
  review: z.boolean(),
});
export type TLearningPathAbilities = z.infer<typeof ZLearningPathAbilities>;

export const LEARNING_PATH_PROGRESS = [
  'not_started',
  'in_progress',
  'completed',
  'overdue',
  'requested',
] as const;
export type TLearningPathProgress = (typeof LEARNING_PATH_PROGRESS)[number];

/** The caller's own place in the path, when they have one. */
export const ZMyPathEnrolment = z.object({
  id: z.number().int(),
  state: z.enum(LEARNING_PATH_PROGRESS),
  progress_percent: z.number().int(),
  enrolled_at: z.string().nullable(),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});

export const ZLearningPath = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(LEARNING_PATH_STATUSES),
  visibility: z.enum(LEARNING_PATH_VISIBILITIES),
  enrolment: z.enum(LEARNING_PATH_ENROLMENT_MODES),
  strict_sequence: z.boolean(),
  estimated_minutes: z.number().int().nullable(),
  due_mode: z.enum(LEARNING_PATH_DUE_MODES),
  due_at: z.string().nullable(),
  due_days: z.number().int().nullable(),
  due_soon_days: z.number().int(),
  validity_months: z.number().int().nullable(),
  cpd_hours: z.number().nullable(),
  item_count: z.number().int(),
  enrolled_count: z.number().int(),
  rating: z.number().nullable(),
  created_by: ZPerson.nullable(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  mine: ZMyPathEnrolment.nullable(),
  abilities: ZLearningPathAbilities,
});
export type TLearningPath = z.infer<typeof ZLearningPath>;

export const LEARNING_PATH_SCOPES = ['catalogue', 'mine', 'manage'] as const;
export const ZLearningPathQuery = ZPageQuery.extend({
  /** catalogue: published paths the caller may see; mine: those they are enrolled in; manage: those they may edit. */
  scope: z.enum(LEARNING_PATH_SCOPES).default('catalogue'),
  search: plainText().trim().max(100).optional(),
  status: z.enum(LEARNING_PATH_STATUSES).optional(),
  category: zIdParam.optional(),
});
export type TLearningPathQuery = z.infer<typeof ZLearningPathQuery>;
export const ZLearningPathPage = zPage(ZLearningPath);

// ── Structure: items, electives, prerequisites ─────────────────────────

/** Why an item is locked for the caller: the items still to complete first. */
export const ZItemState = z.object({
  state: z.enum(['locked', 'available', 'in_progress', 'completed']),
  waiting_for: z.array(z.number().int()),
  progress_percent: z.number().int(),
});

export const ZLearningPathItem = z.object({
  id: z.number().int(),
  kind: z.literal('course'),
  course: z.object({
    id: z.number().int(),
    title: z.string(),
    image: z.string().nullable(),
    duration: z.number().int().nullable(),
    status: z.string(),
  }),
  position: z.number().int(),
  /** The elective set it belongs to, or null when required. */
  elective_group: z.number().int().nullable(),
  /** Item ids that must be completed first (strict sequence adds the previous item). */
  requires: z.array(z.number().int()),
  /** For an enrolled caller. */
  mine: ZItemState.nullable(),
});
export type TLearningPathItem = z.infer<typeof ZLearningPathItem>;

export const ZElectiveGroup = z.object({
  id: z.number().int(),
  title: z.string(),
  /** How many of its items complete it ("any 2 of these 4"). */
  required: z.number().int(),
});

export const ZLearningPathDetail = ZLearningPath.extend({
  items: z.array(ZLearningPathItem),
  electives: z.array(ZElectiveGroup),
  /** For an enrolled caller: the next item to take, one click away. */
  next_item: z.number().int().nullable(),
});
export type TLearningPathDetail = z.infer<typeof ZLearningPathDetail>;

/**
 * learning-path/{id}/structure/ PUT: the editor saves the whole structure at once. Items name
 * courses; electives and prerequisites refer to items by their course. A cycle is refused with
 * the courses that form it.
 */
export const ZLearningPathStructure = z.strictObject({
  strict_sequence: z.boolean(),
  electives: z
    .array(
      z.strictObject({
        key: plainText().trim().min(1).max(40),
        title: title,
        required: z.number().int().min(1).max(MAX_PATH_ITEMS),
      }),
    )
    .max(20),
  items: z
    .array(
      z.strictObject({
        course: zId,
        /** The key of its elective set, if any. */
        elective: plainText().trim().min(1).max(40).nullable().optional(),
        /** Courses of this path to complete first. */
        requires: z.array(zId).max(MAX_PATH_ITEMS).default([]),
      }),
    )
    .max(MAX_PATH_ITEMS),
});
export type TLearningPathStructure = z.infer<typeof ZLearningPathStructure>;

/** learning-path-course/ POST: adds one course at the end (or at `position`). */
export const ZLearningPathCourseCreate = z.strictObject({
  learning_path: zId,
  course: zId,
  position: z.number().int().min(0).max(MAX_PATH_ITEMS).optional(),
  elective_group: zId.nullable().optional(),
  requires: z.array(zId).max(MAX_PATH_ITEMS).optional(),
});
export const ZLearningPathCourseUpdate = z.strictObject({
  position: z.number().int().min(0).max(MAX_PATH_ITEMS).optional(),
  elective_group: zId.nullable().optional(),
  /** Item ids. */
  requires: z.array(zId).max(MAX_PATH_ITEMS).optional(),
});

/** learning_path_course_module/{lpId}/{courseId}/: a course of the path as its learner sees it. */
export const ZLearningPathCourseModules = z.object({
  learning_path: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  locked: z.boolean(),
  waiting_for: z.array(z.object({ id: z.number().int(), title: z.string() })),
  modules: z.array(
    z.object({ id: z.number().int(), title: z.string(), file_count: z.number().int() }),
  ),
});

// ── Enrolment ──────────────────────────────────────────────────────────

export const LEARNING_PATH_SOURCES = [
  'assigned',
  'department',
  'designation',
  'self',
  'request',
] as const;
export const ZLearningPathAssign = z
  .strictObject({
    learning_path: zId,
    users: z.array(zId).max(5000).default([]),
    /** Everyone in these now, and whoever joins them later. */
    departments: z.array(zId).max(200).default([]),
    designations: z.array(zId).max(200).default([]),
    /** Overrides the path's due rule for these learners. */
    due_at: isoDate.nullable().optional(),
  })
  .refine((a) => a.users.length + a.departments.length + a.designations.length > 0, {
    message: 'Choose at least one user, department or designation.',
    path: ['users'],
  });
export type TLearningPathAssign = z.infer<typeof ZLearningPathAssign>;
export const ZLearningPathAssignResult = z.object({
  enrolled: z.number().int(),
  unchanged: z.number().int(),
});

export const ZLearningPathEnrolment = z.object({
  id: z.number().int(),
  learning_path: z.number().int(),
  user: ZPerson.extend({ email: z.string() }),
  state: z.enum(LEARNING_PATH_PROGRESS),
  source: z.enum(LEARNING_PATH_SOURCES),
  progress_percent: z.number().int(),
  completed_items: z.number().int(),
  required_items: z.number().int(),
  enrolled_at: z.string().nullable(),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TLearningPathEnrolment = z.infer<typeof ZLearningPathEnrolment>;
export const ZLearningPathEnrolmentQuery = ZPageQuery.extend({
  learning_path: zIdParam,
  state: z.enum(LEARNING_PATH_PROGRESS).optional(),
  search: plainText().trim().max(100).optional(),
});
export const ZLearningPathEnrolmentPage = zPage(ZLearningPathEnrolment);
export const ZLearningPathExportQuery = z.object({ learning_path: zIdParam });
export const ZLearningPathEnrolmentUpdate = z.strictObject({ due_at: isoDate.nullable() });
export const ZLearningPathRemoveMany = z.strictObject({
  learning_path: zId,
  /** Enrolment ids. */
  ids: z.array(zId).min(1).max(5000),
});
export const ZLearningPathRemoveResult = z.object({ removed: z.number().int() });
/** Join (self-enrolment) or ask to join (request) as the caller. */
export const ZLearningPathJoin = z.strictObject({ learning_path: zId });

export const ZLearningPathNotification = z.strictObject({
  learning_path: zId,
  subject: plainText().trim().min(1).max(200),
  message: plainText().trim().min(1).max(5000),
  /** Only learners in these states (default: everyone enrolled). */
  states: z.array(z.enum(LEARNING_PATH_PROGRESS)).max(5).optional(),
});
export const ZLearningPathNotificationResult = z.object({ sent: z.number().int() });

// ── Reviews ────────────────────────────────────────────────────────────

export const ZLearningPathReviewCreate = z.strictObject({
  learning_path: zId,
  rating: z.number().int().min(1).max(5),
  comment: plainText().trim().max(2000).default(''),
});
export const ZLearningPathReview = z.object({
  id: z.number().int(),
  learning_path: z.number().int(),
  user: ZPerson,
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
});
export const ZLearningPathReviewPage = zPage(ZLearningPathReview).extend({
  average: z.number().nullable(),
});
