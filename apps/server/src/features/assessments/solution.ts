import type { TQuestionAnswer, TQuestionDefinition } from '@atrium/contract';

/**
 * The right answer of a question, in the shape of a learner's answer, for the result page to show
 * beside theirs when correctness may be seen. Pure. Where several answers are accepted (short
 * answers, blanks) the first the author listed stands for them. Essays and uploads have no right
 * answer: null.
 */
export function solutionOf(q: TQuestionDefinition): TQuestionAnswer | null {
  switch (q.type) {
    case 'single_choice':
      return { type: q.type, selected: q.options.find((o) => o.correct)?.id ?? null };
    case 'multiple_choice':
      return { type: q.type, selected: q.options.filter((o) => o.correct).map((o) => o.id) };
    case 'true_false':
      return { type: q.type, value: q.correct };
    case 'short_answer':
      return { type: q.type, text: q.accepted[0] ?? '' };
    case 'numeric':
      return { type: q.type, value: q.value };
    case 'matching':
      return { type: q.type, pairs: Object.fromEntries(q.premises.map((p) => [p.id, p.response])) };
    case 'ordering':
      // Items are stored in the right order; the attempt shows them shuffled.
      return { type: q.type, order: q.items.map((i) => i.id) };
    case 'fill_in_blanks':
      return {
        type: q.type,
        blanks: Object.fromEntries(q.blanks.map((b) => [b.id, b.accepted[0] ?? ''])),
      };
    case 'essay':
    case 'file_upload':
      return null;
  }
}
