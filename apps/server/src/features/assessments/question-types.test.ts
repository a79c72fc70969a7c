import { learnerView, ZQuestionDefinition, ZQuestionView } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { opts, SAMPLES } from './test-questions.ts';

/* The contract's checks of what an author saves, and the learner's view of each type. */

describe('definitions', () => {
  const problems = (q: unknown) => {
    const r = ZQuestionDefinition.safeParse({ stem: 'Q', points: 1, ...(q as object) });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it.each([
    [{ type: 'single_choice', options: opts(['a', 'b']) }, 'Mark exactly one option correct.'],
    [{ type: 'single_choice', options: opts(['a'], ['a']) }, 'Give at least 2 options.'],
    [{ type: 'multiple_choice', options: opts([]) }, 'Mark at least one option correct.'],
    [{ type: 'true_false', correct: true, points: 0 }, 'Points must be more than 0.'],
    [{ type: 'true_false', correct: true, points: 1.005 }, 'Points may have at most 2 decimals.'],
    [{ type: 'single_choice', options: opts(['a'], ['a', 'a']) }, 'The id "a" is used twice.'],
    [{ type: 'numeric', value: 1, tolerance: -1 }, 'The tolerance may not be negative.'],
    [{ type: 'short_answer', accepted: [] }, 'Give at least one accepted answer.'],
    [{ type: 'fill_in_blanks', text: '[[b1]]', blanks: [] }, 'Add at least one blank.'],
    [
      { type: 'fill_in_blanks', text: '[[b1]] [[b2]]', blanks: [{ id: 'b1', accepted: ['x'] }] },
      'The blank [[b2]] has no accepted answers.',
    ],
    [
      {
        type: 'fill_in_blanks',
        text: '[[b1]]',
        blanks: ['b1', 'b2'].map((id) => ({ id, accepted: ['x'] })),
      },
      'The text has no [[b2]] blank.',
    ],
    [
      { type: 'matching', premises: [{ id: 'p', text: 'P', response: 'q' }], responses: [] },
      'Give at least 2 premises.',
    ],
    [
      { type: 'essay', min_words: 10, max_words: 5 },
      'The minimum word count may not exceed the maximum.',
    ],
    [
      { type: 'essay', points: 3, rubric: [{ id: 'c', title: 'Clarity', points: 2 }] },
      "The rubric's criteria must add up to the question's points.",
    ],
    [
      { type: 'file_upload', allowed_types: ['.pdf'] },
      'Give file types as extensions such as pdf.',
    ],
    [{ type: 'short_answer', accepted: ['<i>x</i>'] }, 'Must be plain text (no HTML tags).'],
    [
      { type: 'fill_in_blanks', text: '[[b]] [[b]]', blanks: [{ id: 'b', accepted: ['x'] }] },
      'The blank [[b]] appears twice.',
    ],
    [
      { type: 'fill_in_blanks', text: '[[b]] [[ b ]]', blanks: [{ id: 'b', accepted: ['x'] }] },
      '"[[ b ]]" is not a valid blank id.',
    ],
    [
      {
        type: 'matching',
        premises: ['r1', 'r9'].map((response, i) => ({ id: `p${i}`, text: 'P', response })),
        responses: ['r1', 'r2'].map((id) => ({ id, text: id })),
      },
      'Premise "p1" is matched to no existing response.',
    ],

    [
      { type: 'single_choice', options: opts(['a'], ['_x', 'b']) },
      expect.stringMatching(/^An id is/),
    ],
  ])('%j is refused', (q, message) => expect(problems(q)).toContainEqual(message));

  it.each(SAMPLES)('the learner view of $type shows no key and fits its response schema', (q) => {
    const view = learnerView(q);
    expect(ZQuestionView.parse(view)).toEqual(view);
    expect(JSON.stringify(view)).not.toMatch(
      /"(correct|accepted|value|tolerance|response|feedback|reviewer_notes|case_sensitive)"|KEY/,
    );
  });
});
