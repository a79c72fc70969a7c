import type { TGradingMethod } from '@atrium/contract';
import { round2 } from './scoring.ts';

/**
 * The final grade of a learner on an assessment from their graded attempts (Moodle's grading
 * methods), pure so the start page, results, attendees list and reports agree. Attempts still
 * waiting for a reviewer do not count yet; with none graded there is no final grade.
 */
export interface GradedAttempt {
  number: number;
  percent: number;
}

export function finalPercent(
  graded: readonly GradedAttempt[],
  method: TGradingMethod,
): number | null {
  if (graded.length === 0) return null;
  const byNumber = [...graded].sort((a, b) => a.number - b.number);
  switch (method) {
    case 'highest':
      return Math.max(...byNumber.map((a) => a.percent));
    case 'average':
      return round2(byNumber.reduce((sum, a) => sum + a.percent, 0) / byNumber.length);
    case 'first':
      return byNumber[0]!.percent;
    case 'last':
      return byNumber[byNumber.length - 1]!.percent;
  }
}

/** Passed when the final percentage reaches the pass mark. */
export function finalGrade(
  graded: readonly GradedAttempt[],
  method: TGradingMethod,
  passMark: number,
): { percent: number; passed: boolean } | null {
  const percent = finalPercent(graded, method);
  return percent === null ? null : { percent, passed: percent >= passMark };
}
