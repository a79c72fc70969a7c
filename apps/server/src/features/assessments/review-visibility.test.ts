import type { TAttemptStatus, TReviewOptions, TReviewTime } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { reviewVisibility } from './review-visibility.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const PAST = new Date('2026-03-10T11:00:00Z');
const FUTURE = new Date('2026-03-10T13:00:00Z');

/** Every part shown at the one time given, so each row tests one time against one moment. */
const only = (time: TReviewTime): TReviewOptions => ({
  responses: [time],
  correctness: [time],
  feedback: [time],
  score: [time],
});

type Row = [
  label: string,
  time: TReviewTime,
  status: TAttemptStatus,
  close: Date | null,
  visible: boolean,
];
const ROWS: Row[] = [
  ['during, in progress', 'during', 'in_progress', FUTURE, true],
  ['during, not started', 'during', 'not_started', null, true],
  ['during, submitted', 'during', 'submitted', FUTURE, false],
  ['during, graded, closed', 'during', 'graded', PAST, false],
  ['after submit, in progress', 'after_submit', 'in_progress', FUTURE, false],
  ['after submit, submitted before the close', 'after_submit', 'submitted', FUTURE, true],
  ['after submit, graded before the close', 'after_submit', 'graded', FUTURE, true],
  ['after submit, once closed', 'after_submit', 'graded', PAST, false],
  ['after submit, no close', 'after_submit', 'graded', null, true],
  ['after submit, at the close instant', 'after_submit', 'graded', NOW, false],
  ['after close, in progress', 'after_close', 'in_progress', PAST, false],
  ['after close, before the close', 'after_close', 'graded', FUTURE, false],
  ['after close, once closed', 'after_close', 'graded', PAST, true],
  ['after close, at the close instant', 'after_close', 'submitted', NOW, true],
  // Without a close there is no "after": it counts from the submission (documented).
  ['after close, no close', 'after_close', 'graded', null, true],
  ['after close, no close, in progress', 'after_close', 'in_progress', null, false],
  ['after submit, abandoned', 'after_submit', 'abandoned', null, false],
  ['after close, abandoned', 'after_close', 'abandoned', PAST, false],
];

describe('review visibility for the learner', () => {
  it.each(ROWS)('%s', (_label, time, status, closesAt, visible) => {
    const got = reviewVisibility({ review: only(time), status, closesAt, now: NOW, staff: false });
    expect(got).toEqual({
      responses: visible,
      correctness: visible,
      feedback: visible,
      score: visible,
    });
  });

  it('decides each part on its own', () => {
    const review: TReviewOptions = {
      responses: ['after_submit', 'after_close'],
      correctness: ['after_close'],
      feedback: [],
      score: ['after_submit'],
    };
    const at = (closesAt: Date | null) =>
      reviewVisibility({ review, status: 'graded', closesAt, now: NOW, staff: false });
    expect(at(FUTURE)).toEqual({
      responses: true,
      correctness: false,
      feedback: false,
      score: true,
    });
    expect(at(PAST)).toEqual({ responses: true, correctness: true, feedback: false, score: false });
  });
});

describe('review visibility for staff', () => {
  it.each(['in_progress', 'submitted', 'graded', 'abandoned'] as const)(
    '%s: everything, whatever the options',
    (status) => {
      const none: TReviewOptions = { responses: [], correctness: [], feedback: [], score: [] };
      const got = reviewVisibility({
        review: none,
        status,
        closesAt: FUTURE,
        now: NOW,
        staff: true,
      });
      expect(got).toEqual({ responses: true, correctness: true, feedback: true, score: true });
    },
  );
});
