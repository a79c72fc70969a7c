import type { TAttemptStatus, TReviewOptions, TReviewPart, TReviewTime } from '@atrium/contract';

/**
 * What a learner may see of one attempt right now (Moodle's review options), pure so that the
 * result page, the list of results and the submit response agree, and the table test can walk
 * every combination.
 *
 * Times:
 * - `during`: while the attempt runs (not started or in progress).
 * - `after_submit`: from the submission until the close; forever when there is no close.
 * - `after_close`: once the (effective: the learner's override applied) close has passed. With no
 *   close at all there is never an "after the close", so an assessment without one would hide the
 *   part for good; instead it is treated as `after_submit`: the part shows from the submission.
 *
 * An abandoned attempt was never submitted and shows nothing. Staff of the organisation see every
 * part of every attempt (the caller decides who is staff).
 */
export type Visibility = Record<TReviewPart, boolean>;

export const ALL_VISIBLE: Visibility = {
  responses: true,
  correctness: true,
  feedback: true,
  score: true,
};
const NONE_VISIBLE: Visibility = {
  responses: false,
  correctness: false,
  feedback: false,
  score: false,
};

export interface VisibilityInput {
  review: TReviewOptions;
  status: TAttemptStatus;
  /** The close that applies to this learner, or null when the assessment never closes. */
  closesAt: Date | null;
  now: Date;
  /** Staff of the attempt's organisation see everything. */
  staff: boolean;
}

/** The review times that apply at this moment of the attempt's life. */
export function currentTimes(
  status: TAttemptStatus,
  closesAt: Date | null,
  now: Date,
): TReviewTime[] {
  switch (status) {
    case 'not_started':
    case 'in_progress':
      return ['during'];
    case 'abandoned':
      return [];
    case 'submitted':
    case 'graded':
      if (closesAt === null) return ['after_submit', 'after_close'];
      return now.getTime() >= closesAt.getTime() ? ['after_close'] : ['after_submit'];
  }
}

export function reviewVisibility(input: VisibilityInput): Visibility {
  if (input.staff) return { ...ALL_VISIBLE };
  const times = currentTimes(input.status, input.closesAt, input.now);
  if (times.length === 0) return { ...NONE_VISIBLE };
  const shows = (part: TReviewPart) => input.review[part].some((t) => times.includes(t));
  return {
    responses: shows('responses'),
    correctness: shows('correctness'),
    feedback: shows('feedback'),
    score: shows('score'),
  };
}
