import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { GRADING_METHODS, REVIEW_PARTS } from './assessment.ts';
import { ZQuestionAnswer, ZQuestionView } from './question-answers.ts';
import { QUESTION_TYPES } from './question-types.ts';

/**
 * Attempts as learners live them (issue 16): the start page, the attempt (what it asks, what is
 * saved, the server's clock), saves and submit, results per the review options, and the
 * reviewers' grading of essays and uploads.
 *
 * Time: every response that concerns a running attempt carries `server_now`, `deadline_at` and
 * `remaining_seconds` from the server's clock; the countdown is recomputed from them and never
 * trusted back. Saves: each item carries a sequence number the browser increments; the server
 * keeps the highest, so retried or reordered saves leave the newest answer.
 */

export const ATTEMPT_STATUSES = [
  'not_started',
  'in_progress',
  'submitted',
  'graded',
  'abandoned',
] as const;
export type TAttemptStatus = (typeof ATTEMPT_STATUSES)[number];
/** deadline.ts's phase; `closed` once submitted. */
export const ATTEMPT_PHASES = ['in_progress', 'overdue', 'expired', 'closed'] as const;
export type TAttemptPhase = (typeof ATTEMPT_PHASES)[number];

const ZCourseRef = z.object({ id: z.number().int(), title: z.string() });

export const ZAttemptSummary = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  started_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  submitted_by: z.enum(['learner', 'timeout', 'staff']).nullable(),
  time_taken_seconds: z.number().int().nullable(),
  /** Null until graded, or when the review options hide the score for now. */
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  /** Answers still waiting for a reviewer. */
  pending_manual: z.number().int(),
  /** A proctor decided the attempt was a violation: it scores nothing (issue 17). */
  voided: z.boolean(),
  /** Whether /assessment/result/{id} has anything to show now. */
  reviewable: z.boolean(),
});
export type TAttemptSummary = z.infer<typeof ZAttemptSummary>;

// ── The start page (/assessment/{uuid}, /assessment/start) ─────────────

export const ZUuidParams = z.object({
  uuid: z.uuid({ message: 'Not an assessment address.' }),
});

export const ZAttemptStart = z.object({
  assessment: z.object({
    id: z.number().int(),
    uuid: z.string(),
    title: z.string(),
    /** Sanitised rich text. */
    instructions: z.string(),
    course: ZCourseRef.nullable(),
    question_count: z.number().int(),
    max_score: z.number(),
    /** The learner's own (overrides applied). */
    time_limit_seconds: z.number().int().nullable(),
    opens_at: z.string().nullable(),
    closes_at: z.string().nullable(),
    attempts_allowed: z.number().int().nullable(),
    grading_method: z.enum(GRADING_METHODS),
    pass_mark: z.number(),
    requires_password: z.boolean(),
    /** The proctoring slice (issue 17) takes over the start when set. */
    proctored: z.boolean(),
  }),
  attempts: z.array(ZAttemptSummary),
  /** The attempt in progress, to resume. */
  current: z.number().int().nullable(),
  can_start: z.boolean(),
  /** Why not, in the learner's words (not open yet, closed, no attempts left, wait until …). */
  reason: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The final grade by the grading method, when something is graded and may be shown. */
  final: z.object({ percent: z.number(), passed: z.boolean() }).nullable(),
  server_now: z.string(),
});
export type TAttemptStart = z.infer<typeof ZAttemptStart>;

export const ZAttemptStartInput = z.strictObject({
  password: z.string().max(128).optional(),
});

// ── The attempt ─────────────────────────────────────────────────────────

export const ZAttemptItem = z.object({
  /** The item's index in the attempt: saves name it. */
  item: z.number().int(),
  /** What the learner sees: the version they were given, options in their order. */
  question: ZQuestionView,
  points: z.number(),
  answer: ZQuestionAnswer.nullable(),
  flagged: z.boolean(),
  /** The highest save sequence the server holds for this item (0: never saved). */
  seq: z.number().int(),
  saved_at: z.string().nullable(),
  /** Only with review `during`: whether the saved answer is right, and the feedback. */
  correct: z.boolean().nullable(),
  feedback: z.string().nullable(),
});
export type TAttemptItem = z.infer<typeof ZAttemptItem>;

const clock = {
  phase: z.enum(ATTEMPT_PHASES),
  server_now: z.string(),
  deadline_at: z.string().nullable(),
  /** Seconds left before the deadline (null: untimed; 0: time is up). */
  remaining_seconds: z.number().int().nullable(),
  /** While overdue: seconds left to submit. */
  grace_remaining_seconds: z.number().int().nullable(),
};

export const ZAttemptView = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  assessment: z.object({ id: z.number().int(), uuid: z.string(), title: z.string() }),
  started_at: z.string().nullable(),
  ...clock,
  pages: z.array(
    z.object({ title: z.string(), description: z.string(), items: z.array(ZAttemptItem) }),
  ),
});
export type TAttemptView = z.infer<typeof ZAttemptView>;

/** POST start: the attempt and the key this tab saves with (a later start elsewhere replaces it). */
export const ZAttemptSession = z.object({
  session: z.string(),
  attempt: ZAttemptView,
});
export type TAttemptSession = z.infer<typeof ZAttemptSession>;

export const MAX_SAVES_PER_REQUEST = 50;
export const ZAttemptSaveInput = z.strictObject({
  session: z.string().min(1).max(64),
  answers: z
    .array(
      z.strictObject({
        item: z.number().int().min(0),
        /** null: clear the answer. Absent: leave it (only the flag changes). */
        answer: ZQuestionAnswer.nullable().optional(),
        flagged: z.boolean().optional(),
        seq: z.number().int().min(1).max(2_147_483_647),
      }),
    )
    .min(1)
    .max(MAX_SAVES_PER_REQUEST)
    .refine((a) => new Set(a.map((x) => x.item)).size === a.length, {
      message: 'Each item once per save.',
    }),
});
export type TAttemptSaveInput = z.infer<typeof ZAttemptSaveInput>;
export const ZAttemptSaveResult = z.object({
  /** Per item: the sequence the server now holds (≥ the one sent when the save was stale). */
  saved: z.array(z.object({ item: z.number().int(), seq: z.number().int(), saved_at: z.string() })),
  ...clock,
});
export type TAttemptSaveResult = z.infer<typeof ZAttemptSaveResult>;

export const ZAttemptSubmitInput = z.strictObject({
  session: z.string().min(1).max(64).optional(),
});

/** Upload for a file-upload item (multipart: `item`, `file`). */
export const ZAttemptFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export const ZAttemptFileParams = z.object({ id: zIdParam, file: zIdParam });

// ── Results (/assessment/result/{id}, /assessment/results/{id}) ─────────

export const ZResultItem = z.object({
  item: z.number().int(),
  question: ZQuestionView,
  points: z.number(),
  /** Null when responses are hidden for now. */
  answer: ZQuestionAnswer.nullable(),
  /** Null when correctness is hidden or the item awaits a reviewer. */
  correct: z.boolean().nullable(),
  score: z.number().nullable(),
  /**
   * The right answer, in the answer's shape, when correctness may be shown and the type has one
   * (essays and uploads have none).
   */
  solution: ZQuestionAnswer.nullable(),
  /** The question's feedback (general and for the answer given) and the reviewer's. */
  feedback: z.string().nullable(),
  reviewer_feedback: z.string().nullable(),
  pending: z.boolean(),
});
export type TResultItem = z.infer<typeof ZResultItem>;

export const ZAttemptResult = ZAttemptSummary.extend({
  assessment: z.object({ id: z.number().int(), uuid: z.string(), title: z.string() }),
  learner: z.object({ id: z.number().int(), fullname: z.string() }),
  /** What the review options show now. */
  visible: z.object(
    Object.fromEntries(REVIEW_PARTS.map((p) => [p, z.boolean()])) as {
      [K in (typeof REVIEW_PARTS)[number]]: z.ZodBoolean;
    },
  ),
  /** The overall feedback band reached, when the score is visible. */
  message: z.string().nullable(),
  /** Empty when responses are hidden. */
  pages: z.array(z.object({ title: z.string(), items: z.array(ZResultItem) })),
});
export type TAttemptResult = z.infer<typeof ZAttemptResult>;

export const ZMyResults = z.object({
  assessment: z.object({ id: z.number().int(), uuid: z.string(), title: z.string() }),
  grading_method: z.enum(GRADING_METHODS),
  attempts: z.array(ZAttemptSummary),
  final: z.object({ percent: z.number(), passed: z.boolean() }).nullable(),
});

/** The learner's own assessments (assigned, or of their courses). */
export const LEARNER_ASSESSMENT_STATES = [
  'upcoming',
  'open',
  'in_progress',
  'completed',
  'closed',
] as const;
export const ZLearnerAssessment = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  course: ZCourseRef.nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  time_limit_seconds: z.number().int().nullable(),
  attempts_allowed: z.number().int().nullable(),
  attempts_used: z.number().int(),
  state: z.enum(LEARNER_ASSESSMENT_STATES),
  final: z.object({ percent: z.number(), passed: z.boolean() }).nullable(),
});
export const ZLearnerAssessmentPage = zPage(ZLearnerAssessment);
export const ZLearnerAssessmentQuery = ZPageQuery.extend({
  state: z.enum(LEARNER_ASSESSMENT_STATES).optional(),
});

// ── Grading (/assessment/review) ────────────────────────────────────────

export const ZGradingQueueItem = z.object({
  attempt: z.number().int(),
  item: z.number().int(),
  assessment: z.object({ id: z.number().int(), title: z.string() }),
  learner: z.object({ id: z.number().int(), fullname: z.string() }),
  question: z.object({ id: z.number().int(), title: z.string(), type: z.enum(QUESTION_TYPES) }),
  submitted_at: z.string().nullable(),
  max_score: z.number(),
  score: z.number().nullable(),
  graded_by: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  graded_at: z.string().nullable(),
});
export const ZGradingQueuePage = zPage(ZGradingQueueItem);
export const ZGradingQueueQuery = ZPageQuery.extend({
  assessment: zIdParam.optional(),
  status: z.enum(['pending', 'graded']).default('pending'),
});
export const ZGradingParams = z.object({ attempt: zIdParam, item: z.coerce.number().int().min(0) });

/** One answer to grade: the full question (rubric, key) with the learner's answer and files. */
export const ZGradingDetail = ZGradingQueueItem.extend({
  /** The contract's TQuestionDefinition of the version answered. */
  definition: z.record(z.string(), z.unknown()),
  answer: ZQuestionAnswer.nullable(),
  files: z.array(ZAttemptFile),
  rubric: z.record(z.string(), z.number()).nullable(),
  feedback: z.string().nullable(),
});
export const ZGradeInput = z.strictObject({
  /** Rubric criterion id → points given (the definition's rubric), or a plain score. */
  rubric: z.record(z.string(), z.number().min(0)).optional(),
  score: z.number().min(0).optional(),
  /** Rich text; sanitised. */
  feedback: z.string().max(20_000).optional(),
});
export const ZGradeResult = z.object({
  score: z.number(),
  /** The attempt is fully graded now (its result published). */
  attempt_graded: z.boolean(),
});

export const ZAttemptIdBody = z.strictObject({ attempt: zId });
