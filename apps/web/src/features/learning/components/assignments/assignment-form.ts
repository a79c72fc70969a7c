import {
  type TAssignment,
  type TAssignmentCreate,
  type TAssignmentUpdate,
  type TGrade,
  type TSubmission,
  ZAssignmentCreate,
  ZGrade,
} from '@atrium/contract';
import { z } from 'zod';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { dueDayToIso, isoToDueDay } from '../../../../shared/format/due-day.ts';

/*
 * Form ↔ payload mapping of the assignment and grade forms. The text rules come from the
 * contract schemas; the number inputs get messages of their own, because an empty number input
 * reaches zod as NaN and its default message ("expected number, received NaN") means nothing to
 * a trainer.
 */

const WHOLE = 'Enter a whole number.';
const wholeNumber = z.number({ error: WHOLE }).int(WHOLE);

export const ZAssignmentForm = ZAssignmentCreate.pick({ title: true, instructions: true }).extend({
  /** A date input's day ('' for none); sent as the end of that day in the user's time zone. */
  due: z.string(),
  max_score: wholeNumber
    .min(1, 'The maximum score is at least 1.')
    .max(1000, 'The maximum score is at most 1000.'),
  /** null: the assignment belongs to the whole course. */
  module: z.number().int().positive().nullable(),
});
export type AssignmentFormValues = z.input<typeof ZAssignmentForm>;

export const EMPTY_ASSIGNMENT: AssignmentFormValues = {
  title: '',
  instructions: '',
  due: '',
  max_score: 100,
  module: null,
};

export function assignmentToForm(a: TAssignment): AssignmentFormValues {
  return {
    title: a.title,
    instructions: a.instructions,
    due: isoToDueDay(a.due_at),
    max_score: a.max_score,
    module: a.module,
  };
}

export function formToCreate(course: number, values: AssignmentFormValues): TAssignmentCreate {
  return {
    course,
    module: values.module,
    title: values.title.trim(),
    instructions: values.instructions?.trim() ?? '',
    due_at: values.due ? dueDayToIso(values.due) : null,
    max_score: values.max_score,
  };
}

/**
 * Only what changed: an untouched due day is not re-sent (re-sending would move a due time set
 * elsewhere, e.g. noon, to the end of the day), and lowering max_score is only checked by the
 * server against existing grades when it is really changed.
 */
export function formToUpdate(
  original: TAssignment,
  values: AssignmentFormValues,
): TAssignmentUpdate {
  const before = assignmentToForm(original);
  const change: TAssignmentUpdate = {};
  const title = values.title.trim();
  const instructions = values.instructions?.trim() ?? '';
  if (title !== before.title) change.title = title;
  if (instructions !== before.instructions) change.instructions = instructions;
  if (values.due !== before.due) change.due_at = values.due ? dueDayToIso(values.due) : null;
  if (values.max_score !== before.max_score) change.max_score = values.max_score;
  if (values.module !== before.module) change.module = values.module;
  return change;
}

/** The grade form for an assignment out of `maxScore`: the contract's rules plus the cap. */
export function gradeFormSchema(maxScore: number) {
  return ZGrade.pick({ feedback: true }).extend({
    score: wholeNumber
      .min(0, 'The score cannot be negative.')
      .max(maxScore, `The score can be at most ${maxScore}.`),
  });
}
type GradeSchema = ReturnType<typeof gradeFormSchema>;
/** What the inputs hold, and what the schema hands on (feedback defaults to ''). */
export type GradeFormInput = z.input<GradeSchema>;
export type GradeFormValues = z.output<GradeSchema>;

export function submissionToGradeForm(s: TSubmission): GradeFormInput {
  // NaN leaves a not-yet-graded score input empty rather than suggesting 0.
  return { score: s.score ?? Number.NaN, feedback: s.feedback ?? '' };
}

export function gradeToPayload(user: number, values: GradeFormValues): TGrade {
  return { user, score: values.score, feedback: values.feedback.trim() };
}

export type SubmissionState = 'graded' | 'late' | 'awaiting';

/** Graded wins; otherwise late when handed in after the due time. */
export function submissionState(s: TSubmission, dueAt: string | null): SubmissionState {
  if (s.graded_at !== null) return 'graded';
  if (dueAt && new Date(s.submitted_at).getTime() > new Date(dueAt).getTime()) return 'late';
  return 'awaiting';
}

/** The first `max` characters of an answer on one line, for the list; '' for none. */
export function excerpt(text: string | null, max = 160): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The form's alert after the server's field errors went under their inputs: none when the
 * server's message only repeats one of them (a single-field refusal), so it is not said twice.
 */
export function formAlert(
  error: unknown,
  message: string,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError) || error.nonFieldErrors.length > 0) return message;
  const placed = Object.entries(error.fieldErrors).filter(([field]) => fields.includes(field));
  return placed.some(([, messages]) => messages.includes(message)) ? null : message;
}
