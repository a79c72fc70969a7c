import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Classroom requisites (spec §7 pre_post_requisite, upload-requisites, update-requisites) and the
 * post-session survey (survey). A requisite is a course or a document to finish before (pre) or
 * after (post) a topic or a session; a required pre-requisite blocks booking until it is done.
 */

export const REQUISITE_KINDS = ['pre', 'post'] as const;
export type TRequisiteKind = (typeof REQUISITE_KINDS)[number];
/** Documents a requisite may be: checked by extension and by content. */
export const REQUISITE_FILE_TYPES = ['pdf', 'docx', 'pptx', 'xlsx', 'txt', 'png', 'jpg', 'jpeg'];
export const REQUISITE_MAX_BYTES = 25 * 1024 * 1024;

const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());
const title = plainText().trim().min(1, 'This field may not be blank.').max(200);
/** A form field id (multipart sends text) or a JSON number. */
const formId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), zIdParam.optional());

function oneTarget(
  v: { topic?: number | undefined; session?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if ((v.topic === undefined) === (v.session === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['topic'],
      message: 'Name either a topic or a session (one of them).',
    });
  }
}

/** pre_post_requisite: a course to finish before or after a topic or a session. */
export const ZCourseRequisiteInput = z
  .strictObject({
    topic: zId.optional(),
    session: zId.optional(),
    kind: z.enum(REQUISITE_KINDS),
    title,
    course: zId,
    required: flag.default(false),
  })
  .superRefine(oneTarget);
export type TCourseRequisiteInput = z.infer<typeof ZCourseRequisiteInput>;

/** upload-requisites: the text fields of the form (the document rides along as `file`). */
export const ZFileRequisiteFields = z
  .strictObject({
    topic: formId,
    session: formId,
    kind: z.enum(REQUISITE_KINDS),
    title,
    required: flag.default(false),
  })
  .superRefine(oneTarget);
export type TFileRequisiteFields = z.infer<typeof ZFileRequisiteFields>;

export const ZRequisiteUpdate = z.strictObject({
  title: title.optional(),
  required: flag.optional(),
  kind: z.enum(REQUISITE_KINDS).optional(),
});
export type TRequisiteUpdate = z.infer<typeof ZRequisiteUpdate>;

export const ZRequisite = z.object({
  id: z.number().int(),
  organisation: z.number().int(),
  topic: z.number().int().nullable(),
  session: z.number().int().nullable(),
  kind: z.enum(REQUISITE_KINDS),
  title: z.string(),
  required: z.boolean(),
  source: z.enum(['course', 'file']),
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  file_name: z.string().nullable(),
  /** For the caller: the course completed, or the document marked read. */
  done: z.boolean(),
  created_at: z.string(),
});
export type TRequisite = z.infer<typeof ZRequisite>;
export const ZRequisiteList = z.array(ZRequisite);

/** requisites?topic_id=|session_id=: a session's list also holds its topic's requisites. */
export const ZRequisiteQuery = z
  .object({ topic_id: zIdParam.optional(), session_id: zIdParam.optional() })
  .superRefine((q, ctx) => {
    if (!q.topic_id && !q.session_id) {
      ctx.addIssue({ code: 'custom', path: ['topic_id'], message: 'Name a topic or a session.' });
    }
  });
export type TRequisiteQuery = z.infer<typeof ZRequisiteQuery>;

// ── The post-session survey ───────────────────────────────────────────

export const SURVEY_RATING = { min: 1, max: 5 } as const;

export const ZSurveyAnswer = z.object({
  question: z.string().trim().min(1).max(300),
  answer: plainText().trim().max(2000),
});
export const ZSurveyResponse = z.object({
  rating: z.number().int(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  comment: z.string(),
  created_at: z.string(),
});
export type TSurveyResponse = z.infer<typeof ZSurveyResponse>;

export const ZSurveyQuery = z.object({ session: zIdParam });
export const ZSurvey = z.object({
  session: z.number().int(),
  /** The class's own questions; the 1–5 rating is always asked. */
  questions: z.array(z.string()),
  rating_scale: z.object({ min: z.literal(1), max: z.literal(5) }),
  my_response: ZSurveyResponse.nullable(),
  /** A learner who attended (fully or partly), after the start, who has not answered yet. */
  can_answer: z.boolean(),
});
export type TSurvey = z.infer<typeof ZSurvey>;

export const ZSurveyInput = z.strictObject({
  session: zId,
  rating: z.number().int().min(SURVEY_RATING.min).max(SURVEY_RATING.max),
  answers: z.array(ZSurveyAnswer).max(20).default([]),
  comment: plainText().trim().max(5000).default(''),
});
export type TSurveyInput = z.infer<typeof ZSurveyInput>;
