import {
  normaliseTypedAnswer,
  type TAnswerOf,
  type TDefinitionOf,
  type TQuestionDefinition,
  type TQuestionType,
  ZQuestionAnswer,
} from '@atrium/contract';

/**
 * Scoring of one answer against one question definition (issue 16). Pure: no clock, no database,
 * so grading at submit, regrading after a key correction and the item statistics all agree.
 * The answer is whatever was stored, so it is parsed again here: an answer of another type, of
 * the wrong shape or naming ids the question does not have scores 0, and nothing here throws.
 */

/** One option, pair, blank or item of the answer and whether it was right, for the review. */
export type ScorePart = { id: string; correct: boolean };
export type ScoreDetail = {
  /** False when the learner gave nothing (no choice, blank text, no file). */
  answered: boolean;
  /** Why the answer could not be read; it scores 0. */
  malformed?: string;
  parts?: ScorePart[];
};
export type Score = {
  score: number;
  max: number;
  /** Full marks; null while a person has still to grade it. */
  correct: boolean | null;
  needsReview: boolean;
  detail: ScoreDetail;
};

/** Two decimals, rounding halves up (1.005 → 1.01, which `Math.round(x * 100)` gets wrong). */
export function round2(n: number): number {
  return Math.round(Number((n * 100).toPrecision(12))) / 100;
}

type Outcome =
  | { kind: 'fraction'; fraction: number; parts?: ScorePart[] }
  | { kind: 'unanswered' }
  | { kind: 'review' }
  | { kind: 'malformed'; reason: string };
const unanswered: Outcome = { kind: 'unanswered' };
const malformed = (reason: string): Outcome => ({ kind: 'malformed', reason });
const fraction = (f: number, parts?: ScorePart[]): Outcome => ({
  kind: 'fraction',
  fraction: Math.min(1, Math.max(0, f)),
  ...(parts ? { parts } : {}),
});

type Scorer<T extends TQuestionType> = (q: TDefinitionOf<T>, a: TAnswerOf<T>) => Outcome;

const singleChoice: Scorer<'single_choice'> = (q, a) => {
  if (a.selected === null) return unanswered;
  const option = q.options.find((o) => o.id === a.selected);
  if (!option) return malformed(`There is no option "${a.selected}".`);
  return fraction(option.correct ? 1 : 0, [{ id: option.id, correct: option.correct }]);
};

const multipleChoice: Scorer<'multiple_choice'> = (q, a) => {
  const selected = new Set(a.selected);
  if (selected.size === 0) return unanswered;
  if (selected.size !== a.selected.length) return malformed('An option is chosen twice.');
  const byId = new Map(q.options.map((o) => [o.id, o]));
  const parts: ScorePart[] = [];
  for (const id of selected) {
    const option = byId.get(id);
    if (!option) return malformed(`There is no option "${id}".`);
    parts.push({ id, correct: option.correct });
  }
  const right = parts.filter((p) => p.correct).length;
  const wrong = parts.length - right;
  const correctOptions = q.options.filter((o) => o.correct).length;
  if (q.scoring === 'per_option') return fraction((right - wrong) / correctOptions, parts);
  return fraction(right === correctOptions && wrong === 0 ? 1 : 0, parts);
};

const trueFalse: Scorer<'true_false'> = (q, a) =>
  a.value === null ? unanswered : fraction(a.value === q.correct ? 1 : 0);

function typedMatches(given: string, accepted: string[], caseSensitive: boolean): boolean {
  const answer = normaliseTypedAnswer(given, caseSensitive);
  return accepted.some((text) => normaliseTypedAnswer(text, caseSensitive) === answer);
}

const shortAnswer: Scorer<'short_answer'> = (q, a) => {
  if (a.text.trim() === '') return unanswered;
  return fraction(typedMatches(a.text, q.accepted, q.case_sensitive) ? 1 : 0);
};

const numeric: Scorer<'numeric'> = (q, a) => {
  if (a.value === null) return unanswered;
  const tolerance =
    q.tolerance_mode === 'percent' ? (Math.abs(q.value) * q.tolerance) / 100 : q.tolerance;
  // Binary floating point: 0.1 + 0.2 is not 0.3, and a percentage tolerance is itself rounded, so
  // a difference a billionth of the magnitude above the tolerance still counts as within it.
  const slack = 1e-9 * Math.max(Math.abs(q.value), Math.abs(a.value));
  return fraction(Math.abs(a.value - q.value) <= tolerance + slack ? 1 : 0);
};

const matching: Scorer<'matching'> = (q, a) => {
  const pairs = Object.entries(a.pairs);
  if (pairs.length === 0) return unanswered;
  const premises = new Map(q.premises.map((p) => [p.id, p.response]));
  const responses = new Set(q.responses.map((r) => r.id));
  const parts: ScorePart[] = [];
  for (const [premise, response] of pairs) {
    const expected = premises.get(premise);
    if (expected === undefined) return malformed(`There is no premise "${premise}".`);
    if (!responses.has(response)) return malformed(`There is no response "${response}".`);
    parts.push({ id: premise, correct: response === expected });
  }
  return fraction(parts.filter((p) => p.correct).length / q.premises.length, parts);
};

/** Indexes (into `values`) of one longest strictly increasing subsequence; O(n²), n ≤ 50. */
export function longestIncreasing(values: number[]): Set<number> {
  const length = values.map(() => 1);
  const previous = values.map(() => -1);
  let end = -1;
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < i; j++)
      if (values[j]! < values[i]! && length[j]! + 1 > length[i]!) {
        length[i] = length[j]! + 1;
        previous[i] = j;
      }
    if (end === -1 || length[i]! > length[end]!) end = i;
  }
  const chosen = new Set<number>();
  for (let i = end; i !== -1; i = previous[i]!) chosen.add(i);
  return chosen;
}

/**
 * Ordering gives credit for the longest run of items already in the right order relative to
 * each other (not necessarily adjacent), rather than per position: moving the first item to the
 * end shifts every other item off its position, so per-position scoring would give 0 to an
 * answer one move away from right. A run of length L out of n scores (L − 1) / (n − 1), because
 * any single item is trivially "in order" and a reversed list should score 0, not 1/n.
 */
const ordering: Scorer<'ordering'> = (q, a) => {
  if (a.order.length === 0) return unanswered;
  const position = new Map(q.items.map((item, i) => [item.id, i]));
  if (new Set(a.order).size !== a.order.length) return malformed('An item is placed twice.');
  const unknown = a.order.find((id) => !position.has(id));
  if (unknown !== undefined) return malformed(`There is no item "${unknown}".`);
  const inOrder = longestIncreasing(a.order.map((id) => position.get(id)!));
  const parts = a.order.map((id, i) => ({ id, correct: inOrder.has(i) }));
  return fraction((inOrder.size - 1) / (q.items.length - 1), parts);
};

const fillInBlanks: Scorer<'fill_in_blanks'> = (q, a) => {
  const given = new Map(Object.entries(a.blanks));
  const known = new Set(q.blanks.map((b) => b.id));
  for (const id of given.keys()) if (!known.has(id)) return malformed(`There is no blank "${id}".`);
  if ([...given.values()].every((text) => text.trim() === '')) return unanswered;
  const parts = q.blanks.map((blank) => ({
    id: blank.id,
    correct: typedMatches(given.get(blank.id) ?? '', blank.accepted, blank.case_sensitive),
  }));
  return fraction(parts.filter((p) => p.correct).length / q.blanks.length, parts);
};

/**
 * Whether a rich-text answer holds anything a reviewer could read: an editor left empty still
 * sends markup such as `<p><br></p>`. An image counts (a photo of handwritten work).
 */
export function hasContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/gi, '') !== '';
}

const essay: Scorer<'essay'> = (_q, a) => (hasContent(a.text) ? { kind: 'review' } : unanswered);

const fileUpload: Scorer<'file_upload'> = (q, a) => {
  if (a.files.length === 0) return unanswered;
  if (a.files.length > q.max_files) return malformed(`At most ${q.max_files} files are allowed.`);
  return { kind: 'review' };
};

const SCORERS: { [T in TQuestionType]: Scorer<T> } = {
  single_choice: singleChoice,
  multiple_choice: multipleChoice,
  true_false: trueFalse,
  short_answer: shortAnswer,
  numeric,
  matching,
  ordering,
  fill_in_blanks: fillInBlanks,
  essay,
  file_upload: fileUpload,
};

function outcomeOf(q: TQuestionDefinition, answer: unknown): Outcome {
  if (answer === null || answer === undefined) return unanswered;
  const parsed = ZQuestionAnswer.safeParse(answer);
  if (!parsed.success) return malformed('The answer is not in the expected form.');
  if (parsed.data.type !== q.type) return malformed(`The answer is not a ${q.type} answer.`);
  // The two types were just checked to be equal; TypeScript cannot relate them through the map.
  const scorer = SCORERS[q.type] as Scorer<TQuestionType>;
  try {
    return scorer(q as never, parsed.data as never);
  } catch {
    // A stored definition older than today's rules could hold what validation now refuses.
    return malformed('The answer could not be scored.');
  }
}

/**
 * The score of `answer` (anything, as stored) for question `q`. Manual types answered wait for
 * review with score 0; a manual question left blank needs no reviewer and scores 0 at once.
 */
export function scoreAnswer(q: TQuestionDefinition, answer: unknown): Score {
  const max = round2(q.points);
  const outcome = outcomeOf(q, answer);
  const zero = (correct: boolean | null, needsReview: boolean, detail: ScoreDetail): Score => ({
    score: 0,
    max,
    correct,
    needsReview,
    detail,
  });
  switch (outcome.kind) {
    case 'unanswered':
      return zero(false, false, { answered: false });
    case 'malformed':
      return zero(false, false, { answered: false, malformed: outcome.reason });
    case 'review':
      return zero(null, true, { answered: true });
    case 'fraction':
      return {
        score: outcome.fraction === 1 ? max : round2(q.points * outcome.fraction),
        max,
        correct: outcome.fraction === 1,
        needsReview: false,
        detail: { answered: true, ...(outcome.parts ? { parts: outcome.parts } : {}) },
      };
  }
}

/**
 * Why `answer` may not be saved for question `q`, or null when it may: the save endpoint answers
 * 400 with this message and stores nothing. A blank answer is fine (the learner cleared it).
 */
export function answerProblem(q: TQuestionDefinition, answer: unknown): string | null {
  const outcome = outcomeOf(q, answer);
  return outcome.kind === 'malformed' ? outcome.reason : null;
}

/** A reviewer's grade: marks per rubric criterion when the question has a rubric, else a score. */
export type ManualGrade = { rubric?: Record<string, number>; score?: number };

const isMark = (n: unknown, max: number): n is number =>
  typeof n === 'number' && n >= 0 && n <= max && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * The score a reviewer's grade gives an essay or upload, or the reason it cannot be accepted
 * (answered 400). With a rubric every criterion needs a mark between 0 and its points and the
 * score is their sum, so the total can never disagree with the marks shown to the learner.
 */
export function gradeManually(
  q: TDefinitionOf<'essay' | 'file_upload'>,
  grade: ManualGrade,
): Score | string {
  let total: number;
  if (q.rubric.length > 0) {
    const marks = grade.rubric ?? {};
    const unknown = Object.keys(marks).find((id) => !q.rubric.some((c) => c.id === id));
    if (unknown !== undefined) return `There is no criterion "${unknown}".`;
    for (const c of q.rubric)
      if (!isMark(marks[c.id], c.points))
        return `Give "${c.title}" a mark from 0 to ${c.points}, with at most 2 decimals.`;
    total = q.rubric.reduce((sum, c) => sum + marks[c.id]!, 0);
  } else {
    if (!isMark(grade.score, q.points))
      return `Give a score from 0 to ${q.points}, with at most 2 decimals.`;
    total = grade.score;
  }
  const score = round2(total);
  const max = round2(q.points);
  return { score, max, correct: score === max, needsReview: false, detail: { answered: true } };
}
