import { type TQuestionDefinition, ZQuestionDefinition } from '@atrium/contract';

/* Question definitions for the assessments' tests (scoring and the contract's own checks). */

/** Untyped on purpose: the schema, not TypeScript, is what these inputs meet when saved. */
export const define = (q: object) =>
  ZQuestionDefinition.parse({ stem: '<p>Q</p>', ...q }) as TQuestionDefinition;

export const opts = (correct: string[], ids = ['a', 'b', 'c', 'd']) =>
  ids.map((id) => ({ id, text: id.toUpperCase(), correct: correct.includes(id) }));

/** One definition of each type; KEY marks text only the key may hold. */
export const SAMPLES = [
  { type: 'single_choice', options: opts(['a']) },
  { type: 'multiple_choice', options: opts(['a', 'b']), scoring: 'per_option' },
  { type: 'true_false', correct: true },
  { type: 'short_answer', accepted: ['KEY'] },
  { type: 'numeric', value: 3, tolerance: 1 },
  {
    type: 'matching',
    premises: ['p1', 'p2'].map((id, i) => ({ id, text: id, response: `r${i}` })),
    responses: ['r0', 'r1', 'r2'].map((id) => ({ id, text: id })),
  },
  { type: 'ordering', items: ['a', 'b', 'c'].map((id) => ({ id, text: id })) },
  { type: 'fill_in_blanks', text: '[[b]]', blanks: [{ id: 'b', accepted: ['KEY'] }] },
  { type: 'essay', rubric: [{ id: 'c', title: 'All', points: 1 }], reviewer_notes: 'KEY' },
  { type: 'file_upload', allowed_types: ['pdf'], reviewer_notes: 'KEY' },
].map((q) => define({ points: 1, feedback: { general: 'KEY', correct: '', incorrect: '' }, ...q }));
