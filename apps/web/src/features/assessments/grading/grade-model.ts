import type { TDefinitionOf } from '@atrium/contract';
import type { GradeBody } from '../api/grading.api.ts';

/*
 * What a reviewer enters, checked before sending: points per rubric criterion (each within its
 * maximum) or one score within the item's maximum. Inputs are text while typed.
 */

export type Criterion = TDefinitionOf<'essay'>['rubric'][number];

/** The rubric of the version answered, read from the detail's loosely typed definition. */
export function rubricOf(definition: Record<string, unknown>): Criterion[] {
  const rubric = definition.rubric;
  if (!Array.isArray(rubric)) return [];
  return rubric.filter(
    (c): c is Criterion =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as Criterion).id === 'string' &&
      typeof (c as Criterion).points === 'number',
  );
}

export interface GradeDraft {
  rubric: Record<string, string>;
  score: string;
  feedback: string;
}

export type GradeCheck =
  | { ok: true; body: GradeBody }
  | { ok: false; errors: Record<string, string> };

function points(text: string, max: number): number | string {
  if (text.trim() === '') return 'Enter the points.';
  const n = Number(text);
  if (!Number.isFinite(n)) return 'Enter the points as a number.';
  if (n < 0) return 'Points may not be negative.';
  if (n > max) return `At most ${max} points.`;
  return n;
}

export function checkGrade(draft: GradeDraft, criteria: Criterion[], maxScore: number): GradeCheck {
  const errors: Record<string, string> = {};
  const feedback = draft.feedback.trim() === '' ? undefined : draft.feedback;
  if (criteria.length > 0) {
    const rubric: Record<string, number> = {};
    for (const c of criteria) {
      const value = points(draft.rubric[c.id] ?? '', c.points);
      if (typeof value === 'string') errors[`rubric.${c.id}`] = value;
      else rubric[c.id] = value;
    }
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, body: { rubric, ...(feedback !== undefined && { feedback }) } };
  }
  const score = points(draft.score, maxScore);
  if (typeof score === 'string') return { ok: false, errors: { score } };
  return { ok: true, body: { score, ...(feedback !== undefined && { feedback }) } };
}

export const total = (draft: GradeDraft, criteria: Criterion[]) =>
  criteria.reduce((sum, c) => {
    const n = Number(draft.rubric[c.id]);
    return sum + (Number.isFinite(n) ? n : 0);
  }, 0);
