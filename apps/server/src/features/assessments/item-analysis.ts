import type { TItemAnalysis, TQuestionDefinition, TQuestionType } from '@atrium/contract';
import { stemText } from './question-text.ts';

/**
 * Classical item analysis over the scored answers of graded attempts, pure so the maths is
 * table-tested on small hand-computed datasets. Answers are grouped by bank question across its
 * versions (a question edited after it was answered keeps its statistics, listed under its
 * latest version number).
 *
 * - facility: the mean of score / max score (0 nobody, 1 everybody got it right);
 * - discrimination: the point-biserial (Pearson) correlation between the item's score and the
 *   rest of the attempt (its total minus this item, so the item does not correlate with itself);
 *   null with fewer than two responses or when either side does not vary;
 * - options: for single/multiple choice and true/false, how often each option was chosen, with
 *   the labels of the latest version that has the option, as plain text.
 */

export interface ItemResponse {
  questionId: number;
  title: string;
  type: TQuestionType;
  version: number;
  questionVersionId: number;
  /** The item's index in its attempt: items are listed in the order attempts ask them. */
  item: number;
  score: number;
  maxScore: number;
  /** The stored answer (contract ZQuestionAnswer), null when left blank. */
  answer: unknown;
  /** The attempt's total score. */
  attemptScore: number;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const EPSILON = 1e-12;

/** Pearson's r of two equally long series; null when n < 2 or either has no variance. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx < EPSILON || syy < EPSILON) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

const CHOICE_TYPES = new Set<TQuestionType>(['single_choice', 'multiple_choice', 'true_false']);

interface OptionLabel {
  label: string;
  correct: boolean;
}

/** The options a definition offers, in its order, labelled as plain text. */
function optionsOf(def: TQuestionDefinition): [string, OptionLabel][] {
  if (def.type === 'single_choice' || def.type === 'multiple_choice')
    return def.options.map((o) => [o.id, { label: stemText(o.text), correct: o.correct }]);
  if (def.type === 'true_false')
    return [
      ['true', { label: 'True', correct: def.correct === true }],
      ['false', { label: 'False', correct: def.correct === false }],
    ];
  return [];
}

/** The option ids an answer chose (none for blank or malformed answers). */
function chosen(answer: unknown): string[] {
  if (!answer || typeof answer !== 'object') return [];
  const a = answer as { type?: unknown; selected?: unknown; value?: unknown };
  if (a.type === 'single_choice') return typeof a.selected === 'string' ? [a.selected] : [];
  if (a.type === 'multiple_choice')
    return Array.isArray(a.selected)
      ? [...new Set(a.selected.filter((s): s is string => typeof s === 'string'))]
      : [];
  if (a.type === 'true_false') return typeof a.value === 'boolean' ? [String(a.value)] : [];
  return [];
}

function optionDistribution(
  rows: readonly ItemResponse[],
  definitions: ReadonlyMap<number, TQuestionDefinition>,
): TItemAnalysis['options'] {
  // Latest version first: its labels win; options only older versions had follow theirs.
  const versions = [...new Map(rows.map((r) => [r.questionVersionId, r.version])).entries()].sort(
    (a, b) => b[1] - a[1],
  );
  const labels = new Map<string, OptionLabel>();
  for (const [versionId] of versions) {
    const def = definitions.get(versionId);
    if (!def) continue;
    for (const [id, label] of optionsOf(def)) if (!labels.has(id)) labels.set(id, label);
  }
  const counts = new Map<string, number>();
  for (const r of rows)
    for (const id of chosen(r.answer)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...labels.entries()].map(([id, o]) => ({
    id,
    label: o.label,
    count: counts.get(id) ?? 0,
    correct: o.correct,
  }));
}

/** One entry per question, in the order attempts ask them. */
export function analyseItems(
  responses: readonly ItemResponse[],
  definitions: ReadonlyMap<number, TQuestionDefinition>,
): TItemAnalysis[] {
  const byQuestion = new Map<number, ItemResponse[]>();
  for (const r of responses) {
    const list = byQuestion.get(r.questionId);
    if (list) list.push(r);
    else byQuestion.set(r.questionId, [r]);
  }
  const firstItem = (rows: ItemResponse[]) => Math.min(...rows.map((r) => r.item));
  return [...byQuestion.values()]
    .sort((a, b) => firstItem(a) - firstItem(b) || a[0]!.questionId - b[0]!.questionId)
    .map((rows) => {
      const latest = rows.reduce((l, r) => (r.version > l.version ? r : l));
      const weighted = rows.filter((r) => r.maxScore > 0);
      const facility =
        weighted.length === 0
          ? null
          : weighted.reduce((s, r) => s + r.score / r.maxScore, 0) / weighted.length;
      const discrimination = correlation(
        rows.map((r) => r.score),
        rows.map((r) => r.attemptScore - r.score),
      );
      return {
        question: { id: latest.questionId, title: latest.title, type: latest.type },
        version: latest.version,
        responses: rows.length,
        facility: facility === null ? null : round4(facility),
        discrimination: discrimination === null ? null : round4(discrimination),
        options: CHOICE_TYPES.has(latest.type) ? optionDistribution(rows, definitions) : [],
      };
    });
}

/**
 * Graded attempts' percentages in ten bands of ten points: [0, 10), [10, 20) … [90, 100], the
 * last band closed so 100% is counted in it.
 */
export function distribution(percents: readonly number[]): number[] {
  const bands = Array.from({ length: 10 }, () => 0);
  for (const p of percents) {
    const band = Math.min(9, Math.max(0, Math.floor(p / 10)));
    bands[band]! += 1;
  }
  return bands;
}

/** The median of a list (the mean of the middle two for an even count), null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 100) / 100;
}
