import { z } from 'zod';
import { plainText } from '../core/plain-text.ts';
import {
  MAX_OPTIONS,
  MULTIPLE_CHOICE_SCORING,
  type TDefinitionOf,
  type TQuestionDefinition,
  type TQuestionType,
  ZOptionId,
} from './question-types.ts';

/**
 * What a learner sends for each question type (the ANSWER) and what they may see of a question
 * while answering (the VIEW: the definition of question-types.ts without its key).
 */

// ── Answers ────────────────────────────────────────────────────────────

/** Typed answers are plain text, like the accepted answers they are compared with. */
const typedText = (max: number) => plainText().max(max, 'The answer is too long.');
export const ZQuestionAnswer = z.discriminatedUnion('type', [
  /** null: the learner cleared their choice. */
  z.strictObject({ type: z.literal('single_choice'), selected: ZOptionId.nullable() }),
  z.strictObject({
    type: z.literal('multiple_choice'),
    selected: z.array(ZOptionId).max(MAX_OPTIONS),
  }),
  z.strictObject({ type: z.literal('true_false'), value: z.boolean().nullable() }),
  z.strictObject({ type: z.literal('short_answer'), text: typedText(1_000) }),
  z.strictObject({ type: z.literal('numeric'), value: z.number().nullable() }),
  /** premise id → response id; premises left out are unanswered. */
  z.strictObject({ type: z.literal('matching'), pairs: z.record(ZOptionId, ZOptionId) }),
  /** Item ids, first to last. */
  z.strictObject({ type: z.literal('ordering'), order: z.array(ZOptionId).max(MAX_OPTIONS) }),
  /** blank id → text. */
  z.strictObject({
    type: z.literal('fill_in_blanks'),
    blanks: z.record(ZOptionId, typedText(1_000)),
  }),
  /** Rich text: the server sanitises it before storing it, as it does question texts. */
  z.strictObject({
    type: z.literal('essay'),
    text: z.string().max(200_000, 'The answer is too long.'),
  }),
  /** Files the learner uploaded to this attempt (the server checks they are theirs). */
  z.strictObject({
    type: z.literal('file_upload'),
    files: z
      .array(z.strictObject({ id: z.number().int().min(1), name: z.string().max(255) }))
      .max(10),
  }),
]);
export type TQuestionAnswer = z.infer<typeof ZQuestionAnswer>;
export type TAnswerOf<T extends TQuestionType> = Extract<TQuestionAnswer, { type: T }>;

// ── The learner's view ─────────────────────────────────────────────────

/*
 * Plain objects (not strict): as a response schema they drop any key they do not name, a second
 * guard behind learnerView should a key ever reach a response.
 */
const ZLabel = z.object({ id: z.string(), text: z.string() });
const base = { points: z.number(), stem: z.string() };
const ZRubricView = z.array(
  z.object({ id: z.string(), title: z.string(), description: z.string(), points: z.number() }),
);
export const ZQuestionView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single_choice'), ...base, options: z.array(ZLabel) }),
  z.object({
    type: z.literal('multiple_choice'),
    ...base,
    options: z.array(ZLabel),
    scoring: z.enum(MULTIPLE_CHOICE_SCORING),
  }),
  z.object({ type: z.literal('true_false'), ...base }),
  z.object({ type: z.literal('short_answer'), ...base }),
  z.object({ type: z.literal('numeric'), ...base }),
  z.object({
    type: z.literal('matching'),
    ...base,
    premises: z.array(ZLabel),
    responses: z.array(ZLabel),
  }),
  z.object({ type: z.literal('ordering'), ...base, items: z.array(ZLabel) }),
  z.object({
    type: z.literal('fill_in_blanks'),
    ...base,
    text: z.string(),
    blanks: z.array(z.object({ id: z.string() })),
  }),
  z.object({
    type: z.literal('essay'),
    ...base,
    rubric: ZRubricView,
    min_words: z.number().nullable(),
    max_words: z.number().nullable(),
  }),
  z.object({
    type: z.literal('file_upload'),
    ...base,
    rubric: ZRubricView,
    allowed_types: z.array(z.string()),
    max_bytes: z.number(),
    max_files: z.number(),
  }),
]);
export type TQuestionView = z.infer<typeof ZQuestionView>;

const labels = (list: { id: string; text: string }[]) => list.map(({ id, text }) => ({ id, text }));
/** Learners see the rubric they will be graded by; the reviewer's notes are elsewhere. */
const rubricView = (rubric: TDefinitionOf<'essay'>['rubric']) =>
  rubric.map(({ id, title, description, points }) => ({ id, title, description, points }));

/**
 * The question as a learner may see it while answering: no correct flags, accepted answers,
 * values, tolerances, pairs, feedback or reviewer notes. Built field by field (never by deleting
 * keys) so a field added to a definition later stays hidden until someone decides to show it.
 * Order is NOT hidden here: ordering items and matching responses come in the author's order,
 * which for ordering is the key itself; the server shuffles them (stably per attempt).
 */
export function learnerView(q: TQuestionDefinition): TQuestionView {
  const common = { points: q.points, stem: q.stem };
  switch (q.type) {
    case 'single_choice':
      return { ...common, type: q.type, options: labels(q.options) };
    case 'multiple_choice':
      return { ...common, type: q.type, options: labels(q.options), scoring: q.scoring };
    case 'true_false':
    case 'short_answer':
    case 'numeric':
      return { ...common, type: q.type };
    case 'matching':
      return {
        ...common,
        type: q.type,
        premises: labels(q.premises),
        responses: labels(q.responses),
      };
    case 'ordering':
      return { ...common, type: q.type, items: labels(q.items) };
    case 'fill_in_blanks':
      return { ...common, type: q.type, text: q.text, blanks: q.blanks.map(({ id }) => ({ id })) };
    case 'essay':
      return {
        ...common,
        type: q.type,
        rubric: rubricView(q.rubric),
        min_words: q.min_words,
        max_words: q.max_words,
      };
    case 'file_upload':
      return {
        ...common,
        type: q.type,
        rubric: rubricView(q.rubric),
        allowed_types: q.allowed_types,
        max_bytes: q.max_bytes,
        max_files: q.max_files,
      };
  }
}

/**
 * Words in an essay's HTML, for its word limits: the same count on the learner's screen and in
 * the server's check of a save.
 */
export function essayWordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '' ? 0 : text.split(/\s+/).length;
}
