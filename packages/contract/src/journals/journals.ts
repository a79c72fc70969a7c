import { z } from 'zod';
import { zId } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Journals and user planning (issue 22; spec §7 Reports `journal/`, `update_journal/{id}/`,
 * `user_planning/`): a learner's learning journal (entries with a reflection, optionally about a
 * course they are enrolled in or a classroom session they booked, private or shared with the
 * trainer) and their plan (personal learning goals with a target date and a status; dated goals
 * appear on their own calendar). Both are personal: nobody else edits them.
 */

export const JOURNAL_TITLE_MAX = 200;
export const JOURNAL_BODY_MAX = 50_000;
export const JOURNAL_REFLECTION_MAX = 2_000;
export const GOAL_TITLE_MAX = 200;
export const GOAL_DESCRIPTION_MAX = 2_000;

/** private: the author only; shared_with_trainer: also the linked course's or session's trainers and the organisation's admins. */
export const JOURNAL_VISIBILITIES = ['private', 'shared_with_trainer'] as const;
export type TJournalVisibility = (typeof JOURNAL_VISIBILITIES)[number];

export const GOAL_STATUSES = ['planned', 'in_progress', 'done', 'dropped'] as const;
export type TGoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_STATUS_LABELS: Record<TGoalStatus, string> = {
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
  dropped: 'Dropped',
};

const title = (max: number) =>
  plainText().trim().min(1, 'This field may not be blank.').max(max, `At most ${max} characters.`);
const reflection = plainText()
  .trim()
  .max(JOURNAL_REFLECTION_MAX, `At most ${JOURNAL_REFLECTION_MAX} characters.`);

export const ZJournalCourseRef = z.object({ id: z.number().int(), title: z.string() });
export const ZJournalSessionRef = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
});

export const ZJournalEntry = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Rich text, sanitised on the server: safe to render as HTML. */
  body_html: z.string(),
  /** Reflection prompts (plain text). */
  went_well: z.string(),
  to_improve: z.string(),
  /** Null when none was linked, or the course or session is gone. */
  course: ZJournalCourseRef.nullable(),
  session: ZJournalSessionRef.nullable(),
  visibility: z.enum(JOURNAL_VISIBILITIES),
  author: z.object({ id: z.number().int(), fullname: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** Only its author edits or deletes an entry. */
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type TJournalEntry = z.infer<typeof ZJournalEntry>;
export const ZJournalPage = zPage(ZJournalEntry);
export type TJournalPage = z.infer<typeof ZJournalPage>;

/** GET journal/ (mine) and journal/shared/ (shared with me): newest change first. */
export const ZJournalQuery = ZPageQuery.extend({
  /** Words of the title, body or reflection. */
  search: plainText().trim().max(100).optional(),
});
export type TJournalQueryInput = z.input<typeof ZJournalQuery>;

const journalFields = {
  title: title(JOURNAL_TITLE_MAX),
  body_html: z.string().max(JOURNAL_BODY_MAX, 'The text is too long.'),
  went_well: reflection,
  to_improve: reflection,
  /** A course the author is enrolled in, within their organisation. */
  course_id: zId.nullable(),
  /** A classroom session the author booked, within their organisation. */
  session_id: zId.nullable(),
  visibility: z.enum(JOURNAL_VISIBILITIES, 'Choose private or shared with the trainer.'),
};

/** POST journal/: private by default. */
export const ZJournalCreate = z.strictObject({
  title: journalFields.title,
  body_html: journalFields.body_html.default(''),
  went_well: journalFields.went_well.default(''),
  to_improve: journalFields.to_improve.default(''),
  course_id: journalFields.course_id.default(null),
  session_id: journalFields.session_id.default(null),
  visibility: journalFields.visibility.default('private'),
});
export type TJournalCreate = z.infer<typeof ZJournalCreate>;
export type TJournalCreateInput = z.input<typeof ZJournalCreate>;

/** PATCH update_journal/{id}/: any of the fields. */
export const ZJournalUpdate = z
  .strictObject(journalFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type TJournalUpdate = z.infer<typeof ZJournalUpdate>;
export type TJournalUpdateInput = z.input<typeof ZJournalUpdate>;

/** GET journal/links/: what the caller may link an entry or a goal to. */
export const ZJournalLinks = z.object({
  /** Courses of their organisation they are enrolled in (or completed), by title. */
  courses: z.array(ZJournalCourseRef),
  /** Sessions of their organisation they booked, newest first. */
  sessions: z.array(ZJournalSessionRef),
});
export type TJournalLinks = z.infer<typeof ZJournalLinks>;

export const ZGoal = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text. */
  description: z.string(),
  /** YYYY-MM-DD, or null. */
  target_date: z.string().nullable(),
  status: z.enum(GOAL_STATUSES),
  course: ZJournalCourseRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TGoal = z.infer<typeof ZGoal>;
export const ZGoalPage = zPage(ZGoal);
export type TGoalPage = z.infer<typeof ZGoalPage>;

/** GET user_planning/: the caller's goals, soonest target first (undated last). */
export const ZGoalQuery = ZPageQuery.extend({
  status: z.enum(GOAL_STATUSES, 'Choose a valid status.').optional(),
});
export type TGoalQueryInput = z.input<typeof ZGoalQuery>;

const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Enter a valid date.');

const goalFields = {
  title: title(GOAL_TITLE_MAX),
  description: plainText()
    .trim()
    .max(GOAL_DESCRIPTION_MAX, `At most ${GOAL_DESCRIPTION_MAX} characters.`),
  target_date: zDate.nullable(),
  status: z.enum(GOAL_STATUSES, 'Choose a valid status.'),
  /** A course of their organisation they are enrolled in. */
  course_id: zId.nullable(),
};

/** POST user_planning/: planned by default. */
export const ZGoalCreate = z.strictObject({
  title: goalFields.title,
  description: goalFields.description.default(''),
  target_date: goalFields.target_date.default(null),
  status: goalFields.status.default('planned'),
  course_id: goalFields.course_id.default(null),
});
export type TGoalCreate = z.infer<typeof ZGoalCreate>;
export type TGoalCreateInput = z.input<typeof ZGoalCreate>;

/** PATCH user_planning/{id}/: any of the fields. */
export const ZGoalUpdate = z
  .strictObject(goalFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type TGoalUpdate = z.infer<typeof ZGoalUpdate>;
export type TGoalUpdateInput = z.input<typeof ZGoalUpdate>;
