import { z } from 'zod';
import { plainText } from '../core/plain-text.ts';

/**
 * Assessment question types (issue 16): what an author saves, the DEFINITION with its key, and
 * its validation. What a learner sends and sees is in question-answers.ts; scoring is the
 * server's (features/assessments/scoring.ts).
 */

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'numeric',
  'matching',
  'ordering',
  'fill_in_blanks',
  'essay',
  'file_upload',
] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

/** Types a person grades: they wait in the reviewer's queue and score 0 until then. */
export const MANUALLY_GRADED: ReadonlySet<TQuestionType> = new Set(['essay', 'file_upload']);

/**
 * Ids of options, premises, responses, items, blanks and rubric criteria: short, unique within the
 * question, generated or checked by the server. The first character may not be `_`, so no id can
 * be `__proto__` when an answer keys an object by it.
 */
export const OPTION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$/;
export const ZOptionId = z
  .string()
  .regex(OPTION_ID, 'An id is 1 to 16 letters, digits, - or _, not starting with _.');

export const MAX_OPTIONS = 50;
export const MAX_QUESTION_POINTS = 1000;

/** Blanks are written `[[id]]` in a fill-in-the-blanks text. */
export const BLANK_MARKER = /\[\[(.*?)\]\]/g;
export function blankIdsIn(text: string): string[] {
  return [...text.matchAll(BLANK_MARKER)].map((m) => m[1] ?? '');
}

/**
 * How typed answers are compared (short answer, blanks): Unicode NFC, trimmed, runs of white space
 * as one space, and lower case unless the author made the answer case-sensitive.
 */
export function normaliseTypedAnswer(text: string, caseSensitive: boolean): string {
  const t = text.normalize('NFC').trim().replace(/\s+/gu, ' ');
  return caseSensitive ? t : t.toLocaleLowerCase('und');
}

const hasTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const points = z
  .number('Enter the points as a number.')
  .positive('Points must be more than 0.')
  .max(MAX_QUESTION_POINTS, `Points must be at most ${MAX_QUESTION_POINTS}.`)
  .refine(hasTwoDecimals, 'Points may have at most 2 decimals.');
/** Rich text, sanitised on the server. */
const richText = (what: string, max: number) =>
  z.string().trim().min(1, `Enter ${what}.`).max(max, `${what} is too long.`);
const optionalText = z.string().max(20_000).default('');
/** Typed answers are plain text (core/plain-text.ts): compared as text, never rendered as HTML. */
const typedAnswer = plainText().trim().min(1, 'An accepted answer may not be blank.').max(1_000);

const common = {
  points,
  stem: richText('the question text', 100_000),
  /** Shown per the assessment's review options: always, when fully right, otherwise. */
  feedback: z
    .strictObject({ general: optionalText, correct: optionalText, incorrect: optionalText })
    .default({ general: '', correct: '', incorrect: '' }),
};

const ZOption = z.strictObject({
  id: ZOptionId,
  text: richText('the text of each option', 10_000),
  correct: z.boolean().default(false),
});
const ZLabelled = z.strictObject({
  id: ZOptionId,
  text: richText('the text of each entry', 10_000),
});
const ZCriterion = z.strictObject({
  id: ZOptionId,
  title: plainText().trim().min(1, 'Enter the title of each criterion.').max(200),
  description: plainText().max(5_000).default(''),
  points,
});
const options = z
  .array(ZOption)
  .min(2, 'Give at least 2 options.')
  .max(MAX_OPTIONS, `Give at most ${MAX_OPTIONS} options.`);

type Ctx = z.RefinementCtx;
/** One issue per repeated id, on the path of its second use. */
function uniqueIds(ctx: Ctx, ids: { id: string; path: (string | number)[] }[]) {
  const seen = new Set<string>();
  for (const { id, path } of ids) {
    if (seen.has(id))
      ctx.addIssue({ code: 'custom', message: `The id "${id}" is used twice.`, path });
    seen.add(id);
  }
}
const listIds = (key: string, list: { id: string }[]) =>
  list.map((e, i) => ({ id: e.id, path: [key, i, 'id'] }));

/** Manual types: an optional rubric whose criteria add up to the question's points. */
const manual = {
  rubric: z.array(ZCriterion).max(20, 'Give at most 20 criteria.').default([]),
  /** For the reviewer only: never in the learner's view. */
  reviewer_notes: plainText().max(20_000).default(''),
};
function checkRubric(q: { points: number; rubric: { id: string; points: number }[] }, ctx: Ctx) {
  uniqueIds(ctx, listIds('rubric', q.rubric));
  const total = q.rubric.reduce((sum, c) => sum + Math.round(c.points * 100), 0);
  if (q.rubric.length > 0 && total !== Math.round(q.points * 100))
    ctx.addIssue({
      code: 'custom',
      message: "The rubric's criteria must add up to the question's points.",
      path: ['rubric'],
    });
}

export const ZSingleChoice = z
  .strictObject({ type: z.literal('single_choice'), ...common, options })
  .superRefine((q, ctx) => {
    uniqueIds(ctx, listIds('options', q.options));
    if (q.options.filter((o) => o.correct).length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Mark exactly one option correct.',
        path: ['options'],
      });
  });

export const MULTIPLE_CHOICE_SCORING = ['all_or_nothing', 'per_option'] as const;
export const ZMultipleChoice = z
  .strictObject({
    type: z.literal('multiple_choice'),
    ...common,
    options,
    /** per_option: (right picks − wrong picks) / correct options, never below 0. */
    scoring: z.enum(MULTIPLE_CHOICE_SCORING).default('all_or_nothing'),
  })
  .superRefine((q, ctx) => {
    uniqueIds(ctx, listIds('options', q.options));
    if (!q.options.some((o) => o.correct))
      ctx.addIssue({
        code: 'custom',
        message: 'Mark at least one option correct.',
        path: ['options'],
      });
  });

export const ZTrueFalse = z.strictObject({
  type: z.literal('true_false'),
  ...common,
  correct: z.boolean('Choose whether the statement is true or false.'),
});

export const ZShortAnswer = z.strictObject({
  type: z.literal('short_answer'),
  ...common,
  accepted: z
    .array(typedAnswer)
    .min(1, 'Give at least one accepted answer.')
    .max(MAX_OPTIONS, `Give at most ${MAX_OPTIONS} accepted answers.`),
  case_sensitive: z.boolean().default(false),
});

export const ZNumeric = z.strictObject({
  type: z.literal('numeric'),
  ...common,
  value: z.number('Enter the correct value as a number.'),
  /** Accepted distance from the value: in its units, or a percentage of it. */
  tolerance: z.number().min(0, 'The tolerance may not be negative.').default(0),
  tolerance_mode: z.enum(['absolute', 'percent']).default('absolute'),
});

export const ZMatching = z
  .strictObject({
    type: z.literal('matching'),
    ...common,
    /** Each premise names the response that matches it. */
    premises: z
      .array(ZLabelled.extend({ response: ZOptionId }))
      .min(2, 'Give at least 2 premises.')
      .max(MAX_OPTIONS),
    /** Responses no premise names are distractors. */
    responses: z.array(ZLabelled).min(2, 'Give at least 2 responses.').max(MAX_OPTIONS),
  })
  .superRefine((q, ctx) => {
    uniqueIds(ctx, [...listIds('premises', q.premises), ...listIds('responses', q.responses)]);
    const responses = new Set(q.responses.map((r) => r.id));
    q.premises.forEach((p, i) => {
      if (!responses.has(p.response))
        ctx.addIssue({
          code: 'custom',
          message: `Premise "${p.id}" is matched to no existing response.`,
          path: ['premises', i, 'response'],
        });
    });
  });

export const ZOrdering = z
  .strictObject({
    type: z.literal('ordering'),
    ...common,
    /** In the correct order. */
    items: z.array(ZLabelled).min(2, 'Give at least 2 items.').max(MAX_OPTIONS),
  })
  .superRefine((q, ctx) => uniqueIds(ctx, listIds('items', q.items)));

export const ZFillInBlanks = z
  .strictObject({
    type: z.literal('fill_in_blanks'),
    ...common,
    /** Rich text with `[[id]]` where each blank goes. */
    text: richText('the text with its blanks', 100_000),
    blanks: z
      .array(
        z.strictObject({
          id: ZOptionId,
          accepted: z.array(typedAnswer).min(1, 'Give each blank at least one accepted answer.'),
          case_sensitive: z.boolean().default(false),
        }),
      )
      .min(1, 'Add at least one blank.')
      .max(MAX_OPTIONS),
  })
  .superRefine((q, ctx) => {
    uniqueIds(ctx, listIds('blanks', q.blanks));
    const inText = blankIdsIn(q.text);
    const defined = new Set(q.blanks.map((b) => b.id));
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message, path });
    for (const [i, id] of inText.entries()) {
      if (!OPTION_ID.test(id)) issue(`"[[${id}]]" is not a valid blank id.`, ['text']);
      else if (!defined.has(id)) issue(`The blank [[${id}]] has no accepted answers.`, ['text']);
      else if (inText.indexOf(id) !== i) issue(`The blank [[${id}]] appears twice.`, ['text']);
    }
    q.blanks.forEach((b, i) => {
      if (!inText.includes(b.id)) issue(`The text has no [[${b.id}]] blank.`, ['blanks', i, 'id']);
    });
  });

const wordLimit = z.number().int().min(1).max(100_000).nullable().default(null);
export const ZEssay = z
  .strictObject({
    type: z.literal('essay'),
    ...common,
    ...manual,
    min_words: wordLimit,
    max_words: wordLimit,
  })
  .superRefine((q, ctx) => {
    checkRubric(q, ctx);
    if (q.min_words !== null && q.max_words !== null && q.min_words > q.max_words)
      ctx.addIssue({
        code: 'custom',
        message: 'The minimum word count may not exceed the maximum.',
        path: ['max_words'],
      });
  });

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const ZFileUpload = z
  .strictObject({
    type: z.literal('file_upload'),
    ...common,
    ...manual,
    /** Extensions without the dot, checked against the bytes by the file store. */
    allowed_types: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9]{1,10}$/, 'Give file types as extensions such as pdf.'),
      )
      .min(1, 'Allow at least one file type.')
      .max(30),
    max_bytes: z
      .number()
      .int()
      .min(1)
      .max(MAX_UPLOAD_BYTES)
      .default(10 * 1024 * 1024),
    max_files: z.number().int().min(1).max(10).default(1),
  })
  .superRefine(checkRubric);

export const ZQuestionDefinition = z.discriminatedUnion('type', [
  ZSingleChoice,
  ZMultipleChoice,
  ZTrueFalse,
  ZShortAnswer,
  ZNumeric,
  ZMatching,
  ZOrdering,
  ZFillInBlanks,
  ZEssay,
  ZFileUpload,
]);
export type TQuestionDefinition = z.infer<typeof ZQuestionDefinition>;
/** What an author sends: defaults not yet applied. */
export type TQuestionDefinitionInput = z.input<typeof ZQuestionDefinition>;
export type TDefinitionOf<T extends TQuestionType> = Extract<TQuestionDefinition, { type: T }>;
