import { z } from 'zod';
import { ZCatalogueQuery } from '../catalogue/catalogue.ts';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * What learners and trainers do inside a course (spec §7 Courses): FAQs,
 * reviews, enrolment, progress, assignments and course discussions.
 */

const id = zIdParam;
// Every text of this slice is plain text (the web shows it as text, never as HTML).
const text = (max: number) => plainText().trim().min(1, 'This field may not be blank.').max(max);
const ZPerson = z.object({ id: z.number().int(), fullname: z.string() });
const ZCourseRef = z.object({ id: z.number().int(), title: z.string() });

/** Query of a list scoped to one course. */
export const ZCourseListQuery = ZPageQuery.extend({ course: id });

// ── FAQs ────────────────────────────────────────────────────────────────
export const ZFaq = z.object({
  id: z.number().int(),
  course: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type TFaq = z.infer<typeof ZFaq>;
export const ZFaqCreate = z.strictObject({
  course: id,
  question: text(500),
  answer: text(5000),
  /** Defaults to after the last FAQ of the course. */
  position: z.number().int().min(0).max(100_000).optional(),
});
export type TFaqCreate = z.infer<typeof ZFaqCreate>;
export const ZFaqUpdate = ZFaqCreate.omit({ course: true }).partial();
export type TFaqUpdate = z.infer<typeof ZFaqUpdate>;

// ── Reviews ─────────────────────────────────────────────────────────────
export const REVIEW_COMMENT_MAX = 2000;
export const ZReview = z.object({
  id: z.number().int(),
  course: z.number().int(),
  user: ZPerson,
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
});
export type TReview = z.infer<typeof ZReview>;
export const ZReviewCreate = z.strictObject({
  course: id,
  rating: z.number().int().min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
  comment: plainText().trim().max(REVIEW_COMMENT_MAX).default(''),
});
export type TReviewCreate = z.input<typeof ZReviewCreate>;
/** Spec §3 review post result: `status`; a failure is the error shape with non_field_errors. */
export const ZReviewPostResult = z.object({ status: z.literal(true), review: ZReview });
export const ZReviewPage = zPage(ZReview).extend({
  /** Over every review of the course, not just this page; null without reviews. */
  average_rating: z.number().nullable(),
});
export type TReviewPage = z.infer<typeof ZReviewPage>;

// ── Enrolment ───────────────────────────────────────────────────────────
export const ENROLMENT_STATUSES = ['requested', 'enrolled', 'rejected', 'completed'] as const;
export type TEnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** Assign or unassign: a list of learners, or every learner of a department. */
export const ZAssignLearners = z
  .strictObject({
    users: z.array(zId).min(1).max(1000).optional(),
    department: zId.optional(),
    /** Assign only: the date the learner should finish by. */
    due_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((v) => (v.users === undefined) !== (v.department === undefined), {
    message: 'Give either users or a department.',
  });
export type TAssignLearners = z.infer<typeof ZAssignLearners>;
export const ZAssignResult = z.object({
  /** Learners newly enrolled (or whose pending request this assignment settled). */
  assigned: z.number().int(),
  /** Learners who were already enrolled or had completed it. */
  unchanged: z.number().int(),
});
export const ZUnassignResult = z.object({
  unassigned: z.number().int(),
  /** Completions are history and are kept. */
  kept_completed: z.number().int(),
});

export const ZEnrolment = z.object({
  id: z.number().int(),
  course: ZCourseRef,
  user: ZPerson.extend({ email: z.string() }),
  status: z.enum(ENROLMENT_STATUSES),
  progress_percent: z.number().int(),
  requested_at: z.string().nullable(),
  enrolled_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  due_at: z.string().nullable(),
  assigned_by: z.number().int().nullable(),
  decided_by: z.number().int().nullable(),
});
export type TEnrolment = z.infer<typeof ZEnrolment>;
export const ZCourseEnrolmentsQuery = ZPageQuery.extend({
  status: z.enum(ENROLMENT_STATUSES).optional(),
});

export const ZEnrolmentRequestCreate = z.strictObject({ course: id });
export const ZEnrolmentDecision = z.strictObject({
  enrolment: id,
  reason: plainText().trim().max(1000).optional(),
});
export const ZEnrolmentRequestsQuery = ZPageQuery.extend({
  /** mine: the caller's own requests; to_decide: requests on courses the caller manages. */
  scope: z.enum(['mine', 'to_decide']).default('mine'),
  status: z.enum(ENROLMENT_STATUSES).optional(),
});
export const ZEnrolmentRequestPage = zPage(ZEnrolment).extend({
  /** Requests still awaiting a decision in this scope (the Requests badge). */
  pending_count: z.number().int(),
});
export const ZEnrolmentUpdate = z.strictObject({
  due_at: z.iso.datetime({ offset: true }).nullable().optional(),
  status: z.enum(['enrolled', 'rejected', 'completed']).optional(),
});
export type TEnrolmentUpdate = z.infer<typeof ZEnrolmentUpdate>;

// ── Progress ────────────────────────────────────────────────────────────
/** A single report may add at most this much time: the player reports as it goes. */
export const MAX_TIME_PER_REPORT_SECONDS = 3600;
export const ZFileStatusReport = z.strictObject({
  module_file: id,
  status: z.enum(['in_progress', 'completed']),
  time_spent: z.number().int().min(0).max(MAX_TIME_PER_REPORT_SECONDS).default(0),
});
/** Spec §3 last-course state. */
export const ZLastCourseState = z.object({
  selectedModule: z.number().int().nullable(),
  selectedFile: z.number().int().nullable(),
});
export const ZFileProgress = z.object({
  module: z.number().int(),
  module_file: z.number().int(),
  required: z.boolean(),
  status: z.enum(['not_started', 'in_progress', 'completed']),
  time_spent: z.number().int(),
});
export const ZCourseProgress = z.object({
  course: z.number().int(),
  enrolment: z.number().int(),
  status: z.enum(ENROLMENT_STATUSES),
  progress_percent: z.number().int(),
  completed_at: z.string().nullable(),
  last: ZLastCourseState,
  files: z.array(ZFileProgress),
});
export type TCourseProgress = z.infer<typeof ZCourseProgress>;
export const ZCourseProgressQuery = z.strictObject({
  course: id,
  /** A manager reads a learner's progress; default the caller. */
  user: id.optional(),
});

// ── Assignments ─────────────────────────────────────────────────────────
export const SUBMISSION_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'odt',
  'txt',
  'zip',
  'png',
  'jpg',
  'jpeg',
] as const;
export const SUBMISSION_MAX_BYTES = 25 * 1024 * 1024;
export const SUBMISSION_TEXT_MAX = 20_000;

export const ZAssignmentCreate = z.strictObject({
  course: id,
  module: id.nullable().optional(),
  title: text(200),
  instructions: plainText().trim().max(20_000).default(''),
  due_at: z.iso.datetime({ offset: true }).nullable().optional(),
  max_score: z.number().int().min(1).max(1000).default(100),
});
export type TAssignmentCreate = z.input<typeof ZAssignmentCreate>;
export const ZAssignmentUpdate = z
  .strictObject({
    module: id.nullable(),
    title: text(200),
    instructions: plainText().trim().max(20_000),
    due_at: z.iso.datetime({ offset: true }).nullable(),
    max_score: z.number().int().min(1).max(1000),
  })
  .partial();
export type TAssignmentUpdate = z.infer<typeof ZAssignmentUpdate>;

export const ZSubmission = z.object({
  id: z.number().int(),
  assignment: z.number().int(),
  user: ZPerson,
  file_name: z.string().nullable(),
  /** Where to download the file, when there is one. */
  file_url: z.string().nullable(),
  text: z.string().nullable(),
  submitted_at: z.string(),
  score: z.number().int().nullable(),
  feedback: z.string().nullable(),
  graded_at: z.string().nullable(),
});
export type TSubmission = z.infer<typeof ZSubmission>;
export const ZAssignment = z.object({
  id: z.number().int(),
  course: z.number().int(),
  module: z.number().int().nullable(),
  title: z.string(),
  instructions: z.string(),
  due_at: z.string().nullable(),
  max_score: z.number().int(),
  created_at: z.string(),
  /** Managers: how many learners submitted. */
  submission_count: z.number().int().optional(),
  /** Learners: their own submission, if any. */
  my_submission: ZSubmission.nullable().optional(),
});
export type TAssignment = z.infer<typeof ZAssignment>;
/** Text fields of the multipart submission (the file part is `file`). */
export const ZSubmissionFields = z.strictObject({
  text: plainText().trim().max(SUBMISSION_TEXT_MAX).optional(),
});
export const ZGrade = z.strictObject({
  user: id,
  score: z.number().int().min(0),
  feedback: plainText().trim().max(5000).default(''),
});
export type TGrade = z.input<typeof ZGrade>;

// ── Course discussions ─────────────────────────────────────────────────
/** The §7 course-discussion-* calls take plain text up to this long (a topic of the discussions model). */
export const COURSE_QUESTION_MAX = 5000;
export const ZQuestionCreate = z.strictObject({ course: id, body: text(COURSE_QUESTION_MAX) });
export const ZAnswerCreate = z.strictObject({ question: id, body: text(COURSE_QUESTION_MAX) });
export const ZQuestionLike = z.strictObject({ question: id });
export const ZAnswerReaction = z.strictObject({
  answer: id,
  /** 1 like, -1 dislike, 0 clears the caller's reaction. */
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});
export const ZAnswer = z.object({
  id: z.number().int(),
  question: z.number().int(),
  user: ZPerson,
  body: z.string(),
  created_at: z.string(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  /** The caller's reaction: 1, -1 or 0. */
  my_reaction: z.number().int(),
});
export type TAnswer = z.infer<typeof ZAnswer>;
export const ZQuestion = z.object({
  id: z.number().int(),
  course: z.number().int(),
  user: ZPerson,
  body: z.string(),
  created_at: z.string(),
  likes: z.number().int(),
  liked_by_me: z.boolean(),
  answer_count: z.number().int(),
  answers: z.array(ZAnswer),
});
export type TQuestion = z.infer<typeof ZQuestion>;
export const ZQuestionLikeResult = z.object({ liked: z.boolean(), likes: z.number().int() });
export const ZAnswerReactionResult = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  my_reaction: z.number().int(),
});

// ── The learner's enrolment screens ───────────────────────────────────
/** my-reviews/: to_review = courses the caller takes part in without a review yet. */
export const ZMyReviewsQuery = ZPageQuery.extend({
  state: z.enum(['to_review', 'reviewed']).default('to_review'),
});
export const ZMyReviewItem = z.object({
  course: ZCourseRef,
  /** null when the caller reviewed a course they were later unassigned from. */
  enrolment_status: z.enum(ENROLMENT_STATUSES).nullable(),
  completed_at: z.string().nullable(),
  review: ZReview.nullable(),
});
export type TMyReviewItem = z.infer<typeof ZMyReviewItem>;
export const ZMyReviewPage = zPage(ZMyReviewItem);
/** reviews-list/ also counts the course's reviews per star: index 0 is 1 star, 4 is 5 stars. */
export const ZReviewPageWithStats = ZReviewPage.extend({
  distribution: z.array(z.number().int()).length(5),
});
export type TReviewPageWithStats = z.infer<typeof ZReviewPageWithStats>;
/** {courseId}/enrolments/ also searches the learner's name, user name or e-mail. */
export const ZCourseEnrolmentsSearchQuery = ZCourseEnrolmentsQuery.extend({
  search: z.string().trim().max(100).optional(),
});
/** get-all-assign-courses/ also narrows by the caller's enrolment status. */
export const ZAssignedCoursesQuery = ZCatalogueQuery.extend({
  enrolment_status: z.enum(['enrolled', 'completed']).optional(),
});
