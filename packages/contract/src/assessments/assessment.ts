import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { QUESTION_TYPES } from './question-types.ts';

/**
 * Assessments as authors see them (issue 16, spec §7 Assessments): the assessment, its settings,
 * pages of slots (a fixed bank question, or N drawn at random), who takes it (assignments,
 * overrides), who grades it (reviewers), its overall feedback (`assessment_message`).
 */

const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
const title = plainText().trim().min(1, 'This field may not be blank.').max(200);
/** Rich text; the server sanitises it. */
const richText = z.string().max(100_000, 'The text is too long.');
const isoDate = z.iso.datetime({ offset: true, message: 'Enter a date and time.' });
const ids = (max: number) => z.array(zId).max(max, `At most ${max} at a time.`);
const tag = plainText().trim().toLowerCase().min(1, 'A tag may not be blank.').max(50);

export const ASSESSMENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type TAssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export const GRADING_METHODS = ['highest', 'average', 'first', 'last'] as const;
export type TGradingMethod = (typeof GRADING_METHODS)[number];
/** Standalone assessments, or those of a course (spec: the list's `type`). */
export const ASSESSMENT_TYPES = ['standalone', 'course'] as const;

/** When a learner sees a part of their attempt (Moodle's review options). */
export const REVIEW_TIMES = ['during', 'after_submit', 'after_close'] as const;
export type TReviewTime = (typeof REVIEW_TIMES)[number];
export const REVIEW_PARTS = ['responses', 'correctness', 'feedback', 'score'] as const;
export type TReviewPart = (typeof REVIEW_PARTS)[number];
const times = z.array(z.enum(REVIEW_TIMES)).transform((l) => [...new Set(l)]);
export const ZReviewOptions = z.strictObject({
  responses: times,
  correctness: times,
  feedback: times,
  score: times,
});
export type TReviewOptions = z.infer<typeof ZReviewOptions>;
/** The review options in responses: no transform, so the server can encode them. */
const stored = z.array(z.enum(REVIEW_TIMES));
export const ZReviewOptionsView = z.object({
  responses: stored,
  correctness: stored,
  feedback: stored,
  score: stored,
});
export const DEFAULT_REVIEW: TReviewOptions = {
  responses: ['after_submit', 'after_close'],
  correctness: ['after_close'],
  feedback: ['after_close'],
  score: ['after_submit', 'after_close'],
};

/** Limits the server enforces (and the editor shows). */
export const MAX_TIME_LIMIT_SECONDS = 24 * 3600;
export const MAX_GRACE_SECONDS = 3600;
export const MAX_ATTEMPTS = 100;
export const MAX_DRAW = 200;

const ZPerson = z.object({ id: z.number().int(), fullname: z.string() });
const ZCourseRef = z.object({ id: z.number().int(), title: z.string() });

export const ZAssessmentAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** Assign learners, set overrides and reviewers. */
  assign: z.boolean(),
  /** See attendees, reports and item analysis. */
  report: z.boolean(),
  /** Grade essays and uploads (the assessment's reviewers, its author, admins). */
  grade: z.boolean(),
});
export type TAssessmentAbilities = z.infer<typeof ZAssessmentAbilities>;

// ── Settings (spec §7 `assessment_settings`) ────────────────────────────

export const ZAssessmentSettings = z.object({
  assessment: z.number().int(),
  time_limit_seconds: z.number().int().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  grace_seconds: z.number().int(),
  /** null: unlimited. */
  attempts_allowed: z.number().int().nullable(),
  attempt_delay_seconds: z.number().int(),
  grading_method: z.enum(GRADING_METHODS),
  /** Percent of the maximum score. */
  pass_mark: z.number(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  review: ZReviewOptionsView,
  has_password: z.boolean(),
  proctored: z.boolean(),
});
export type TAssessmentSettings = z.infer<typeof ZAssessmentSettings>;

/** POST `assessment_settings`: fields left out keep their value; `password` '' or null clears. */
export const ZAssessmentSettingsInput = z
  .strictObject({
    assessment: zId,
    time_limit_seconds: z
      .number()
      .int()
      .min(60, 'At least one minute.')
      .max(MAX_TIME_LIMIT_SECONDS, 'At most 24 hours.')
      .nullable()
      .optional(),
    opens_at: z.preprocess(blankToNull, isoDate.nullable()).optional(),
    closes_at: z.preprocess(blankToNull, isoDate.nullable()).optional(),
    grace_seconds: z.number().int().min(0).max(MAX_GRACE_SECONDS).optional(),
    attempts_allowed: z.number().int().min(1).max(MAX_ATTEMPTS).nullable().optional(),
    attempt_delay_seconds: z
      .number()
      .int()
      .min(0)
      .max(365 * 86400)
      .optional(),
    grading_method: z.enum(GRADING_METHODS).optional(),
    pass_mark: z.number().min(0).max(100).optional(),
    shuffle_questions: z.boolean().optional(),
    shuffle_options: z.boolean().optional(),
    review: ZReviewOptions.optional(),
    password: z.preprocess(blankToNull, z.string().min(4).max(128).nullable()).optional(),
    proctored: z.boolean().optional(),
  })
  .refine((s) => !s.opens_at || !s.closes_at || s.opens_at < s.closes_at, {
    path: ['closes_at'],
    message: 'The close must be after the open.',
  });
export type TAssessmentSettingsInput = z.infer<typeof ZAssessmentSettingsInput>;
export const ZAssessmentSettingsQuery = z.object({ assessment: zIdParam });

// ── Pages and slots ─────────────────────────────────────────────────────

export const ZAssessmentSlot = z.object({
  id: z.number().int(),
  kind: z.enum(['fixed', 'random']),
  position: z.number().int(),
  /** fixed: the bank question (its current version). */
  question: z
    .object({
      id: z.number().int(),
      title: z.string(),
      type: z.enum(QUESTION_TYPES),
      version: z.number().int(),
      status: z.enum(['active', 'archived']),
    })
    .nullable(),
  /** random: where the draw comes from. */
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  draw_count: z.number().int(),
  /** random: how many active questions match now (fewer than draw_count blocks publishing). */
  available: z.number().int().nullable(),
  /** Points per question; null: the question's own. */
  points: z.number().nullable(),
});
export type TAssessmentSlot = z.infer<typeof ZAssessmentSlot>;

export const ZAssessmentPage = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  slots: z.array(ZAssessmentSlot),
});
export type TAssessmentPage = z.infer<typeof ZAssessmentPage>;

export const ZAssessmentPageInput = z.strictObject({
  assessment: zId,
  title: plainText().trim().max(200).optional(),
  description: richText.optional(),
});
export const ZAssessmentPageUpdate = z.strictObject({
  title: plainText().trim().max(200).optional(),
  description: richText.optional(),
});

const points = z.number().min(0).max(1000).nullable().optional();
/** POST `question/`: place bank questions on a page, or a random draw. */
export const ZAssessmentSlotInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('fixed'),
    page: zId,
    questions: ids(100).min(1, 'Choose at least one question.'),
    points,
  }),
  z
    .strictObject({
      kind: z.literal('random'),
      page: zId,
      category: z.preprocess(blankToNull, zId.nullable()).optional(),
      tags: z.array(tag).max(20).default([]),
      draw_count: z.number().int().min(1).max(MAX_DRAW),
      points,
    })
    .refine((s) => s.category || s.tags.length > 0, {
      path: ['category'],
      message: 'Choose a category or at least one tag to draw from.',
    }),
]);
export type TAssessmentSlotInput = z.infer<typeof ZAssessmentSlotInput>;
export const ZAssessmentSlotUpdate = z.strictObject({
  points,
  draw_count: z.number().int().min(1).max(MAX_DRAW).optional(),
  category: z.preprocess(blankToNull, zId.nullable()).optional(),
  tags: z.array(tag).max(20).optional(),
});

/** PUT `{id}/layout/`: the order of pages and of the slots on each (slots may change page). */
export const ZAssessmentLayoutInput = z.strictObject({
  pages: z
    .array(z.strictObject({ id: zId, slots: ids(500) }))
    .min(1)
    .max(200),
});

// ── The assessment ──────────────────────────────────────────────────────

export const ZAssessmentSummary = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  type: z.enum(ASSESSMENT_TYPES),
  course: ZCourseRef.nullable(),
  /** Questions an attempt asks (fixed slots plus every draw). */
  question_count: z.number().int(),
  time_limit_seconds: z.number().int().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  attempts_allowed: z.number().int().nullable(),
  assigned_count: z.number().int(),
  /** Submitted attempts. */
  submitted_count: z.number().int(),
  /** Answers waiting for a reviewer. */
  pending_grading: z.number().int(),
  created_by: ZPerson.nullable(),
  updated_at: z.string(),
  abilities: ZAssessmentAbilities,
});
export type TAssessmentSummary = z.infer<typeof ZAssessmentSummary>;
/** A page of the list (not to be confused with ZAssessmentPage, a page of questions). */
export const ZAssessmentList = zPage(ZAssessmentSummary);

export const ZAssessmentMessage = z.object({ min_percent: z.number(), message: z.string() });
export type TAssessmentMessage = z.infer<typeof ZAssessmentMessage>;

export const ZAssessmentDetail = ZAssessmentSummary.extend({
  instructions: z.string(),
  settings: ZAssessmentSettings,
  pages: z.array(ZAssessmentPage),
  /** The maximum score of an attempt, when every slot's points are known. */
  max_score: z.number(),
  messages: z.array(ZAssessmentMessage),
  /** Why it may not be published yet (empty when it may). */
  publish_problems: z.array(z.string()),
});
export type TAssessmentDetail = z.infer<typeof ZAssessmentDetail>;

export const ZAssessmentQuery = ZPageQuery.extend({
  type: z.enum(ASSESSMENT_TYPES).optional(),
  /** Comma-separated course ids. */
  courses: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'A comma-separated list of course ids.')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type TAssessmentQuery = z.infer<typeof ZAssessmentQuery>;

export const ZAssessmentInput = z.strictObject({
  title,
  instructions: richText.optional(),
  course: z.preprocess(blankToNull, zId.nullable()).optional(),
});
export type TAssessmentInput = z.infer<typeof ZAssessmentInput>;
/** PUT `{id}/`: publishing checks `publish_problems`; archiving hides it from learners. */
export const ZAssessmentUpdate = z.strictObject({
  title: title.optional(),
  instructions: richText.optional(),
  course: z.preprocess(blankToNull, zId.nullable()).optional(),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
});
export type TAssessmentUpdate = z.infer<typeof ZAssessmentUpdate>;

export const ZAssessmentCopyInput = z.strictObject({
  assessment: zId,
  title: title.optional(),
});
export const ASSESSMENT_BULK_ACTIONS = ['publish', 'unpublish', 'archive', 'delete'] as const;
export const ZAssessmentBulkInput = z.strictObject({
  ids: ids(100).min(1, 'Choose at least one assessment.'),
  action: z.enum(ASSESSMENT_BULK_ACTIONS),
});
/** Each id is done or fails on its own (a failure says why); nothing fails half-way. */
export const ZAssessmentBulkResult = z.object({
  done: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), detail: z.string() })),
});

// ── Assignment, overrides, reviewers, messages ──────────────────────────

export const ZAssessmentAssignment = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }).nullable(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Learners it covers (1 for a user; a department's current members). */
  learners: z.number().int(),
  created_at: z.string(),
});
export const ZAssessmentAssignmentPage = zPage(ZAssessmentAssignment);
export const ZAssessmentAssignmentQuery = ZPageQuery.extend({ assessment: zIdParam });
export const ZAssessmentAssignInput = z
  .strictObject({
    assessment: zId,
    users: ids(1000).default([]),
    departments: ids(100).default([]),
  })
  .refine((s) => s.users.length + s.departments.length > 0, {
    path: ['users'],
    message: 'Choose at least one learner or department.',
  });
export const ZAssessmentAssignResult = z.object({ added: z.number().int() });
/** DELETE `assessment_assign_user/?assessment=&ids=`: assignment ids, comma-separated. */
export const ZAssessmentUnassignQuery = z.object({
  assessment: zIdParam,
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'A comma-separated list of assignment ids.')
    .transform((s) => s.split(',').map(Number)),
});

export const ZAssessmentOverride = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  extra_seconds: z.number().int().nullable(),
  time_limit_seconds: z.number().int().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  attempts_allowed: z.number().int().nullable(),
});
export type TAssessmentOverride = z.infer<typeof ZAssessmentOverride>;
export const ZAssessmentOverrideList = z.array(ZAssessmentOverride);
const overrideFields = {
  extra_seconds: z.number().int().min(0).max(MAX_TIME_LIMIT_SECONDS).nullable().optional(),
  time_limit_seconds: z.number().int().min(60).max(MAX_TIME_LIMIT_SECONDS).nullable().optional(),
  opens_at: z.preprocess(blankToNull, isoDate.nullable()).optional(),
  closes_at: z.preprocess(blankToNull, isoDate.nullable()).optional(),
  attempts_allowed: z.number().int().min(1).max(MAX_ATTEMPTS).nullable().optional(),
};
export const ZAssessmentOverrideInput = z
  .strictObject({
    assessment: zId,
    user: zId.nullable().optional(),
    department: zId.nullable().optional(),
    ...overrideFields,
  })
  .refine((s) => Boolean(s.user) !== Boolean(s.department), {
    path: ['user'],
    message: 'Choose one learner or one department.',
  });
export const ZAssessmentOverrideUpdate = z.strictObject(overrideFields);
export const ZAssessmentOverrideQuery = z.object({ assessment: zIdParam });

export const ZAssessmentReviewer = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.string(),
});
export const ZAssessmentReviewerList = z.array(ZAssessmentReviewer);
export const ZAssessmentReviewerQuery = z.object({ assessment: zIdParam });
export const ZAssessmentReviewerInput = z.strictObject({
  assessment: zId,
  users: ids(50).min(1, 'Choose at least one reviewer.'),
});
export const ZAssessmentReviewerRemoveQuery = z.object({
  assessment: zIdParam,
  user: zIdParam,
});

export const ZAssessmentMessagesQuery = z.object({ assessment: zIdParam });
/** Replaces the bands: each `min_percent` once; a learner reads the highest band they reached. */
export const ZAssessmentMessagesInput = z.strictObject({
  assessment: zId,
  bands: z
    .array(
      z.strictObject({
        min_percent: z.number().min(0).max(100),
        message: richText.refine((m) => m.trim().length > 0, 'Write the message.'),
      }),
    )
    .max(20)
    .refine((b) => new Set(b.map((x) => x.min_percent)).size === b.length, {
      message: 'Each percentage may have one message.',
    }),
});
export const ZAssessmentMessageList = z.array(ZAssessmentMessage);

/** POST `{id}/regrade/`: re-score submitted attempts with each question's current key. */
export const ZAssessmentRegradeInput = z.strictObject({
  /** Only this bank question; absent: every objective question of the assessment. */
  question: zId.optional(),
});
export const ZAssessmentRegradeResult = z.object({
  attempts: z.number().int(),
  changed: z.number().int(),
});
