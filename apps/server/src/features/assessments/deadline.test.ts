import { describe, expect, it } from 'vitest';
import {
  attemptDeadline,
  attemptPhase,
  expiresAt,
  mergeOverrides,
  PHASE_ALLOWS,
  remainingSeconds,
  submittedAt,
  type TimingOverride,
} from './deadline.ts';

/** Minutes after 09:00 on a fixed day, so rows read as clock times. */
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 9, 0) + minutes * 60_000);
const MIN = 60;

describe('attemptDeadline = min(start + limit (+ extra), close)', () => {
  it.each<[string, number | null, number | null, TimingOverride | null, number | null]>([
    // label, limit (s), close (min), override, expected deadline (min)
    ['limit only', 30 * MIN, null, null, 30],
    ['close only', null, 45, null, 45],
    ['neither', null, null, null, null],
    ['limit before close', 30 * MIN, 45, null, 30],
    ['close cuts the limit short', 60 * MIN, 45, null, 45],
    ['extra time', 30 * MIN, null, { extraSeconds: 10 * MIN }, 40],
    ['extra time never passes the close', 30 * MIN, 35, { extraSeconds: 10 * MIN }, 35],
    ['extra time without a limit does nothing', null, 45, { extraSeconds: 10 * MIN }, 45],
    ['override close extends', 60 * MIN, 45, { closesAt: at(90) }, 60],
    ['override close shortens', 60 * MIN, 45, { closesAt: at(20) }, 20],
    ['override limit', 30 * MIN, null, { timeLimitSeconds: 50 * MIN }, 50],
    [
      'override limit plus extra',
      30 * MIN,
      null,
      { timeLimitSeconds: 50 * MIN, extraSeconds: 5 * MIN },
      55,
    ],
    ['null fields keep the rule', 30 * MIN, 45, { timeLimitSeconds: null, closesAt: null }, 30],
    ['negative extra counts as none', 30 * MIN, null, { extraSeconds: -600 }, 30],
  ])('%s', (_label, limit, close, overrides, expected) => {
    const deadline = attemptDeadline({
      startedAt: at(0),
      timeLimitSeconds: limit,
      closesAt: close === null ? null : at(close),
      overrides,
    });
    expect(deadline).toEqual(expected === null ? null : at(expected));
  });

  it('an attempt started after the close is already past its deadline', () => {
    const deadline = attemptDeadline({
      startedAt: at(50),
      timeLimitSeconds: 600,
      closesAt: at(45),
    });
    expect(attemptPhase(at(50), deadline, 60)).toBe('expired');
  });
});

describe('attemptPhase with a 2-minute grace', () => {
  const deadline = at(30);
  it.each<[number, string]>([
    [0, 'in_progress'],
    [29.99, 'in_progress'],
    [30, 'overdue'],
    [31, 'overdue'],
    [31.99, 'overdue'],
    [32, 'expired'],
    [600, 'expired'],
  ])('at minute %s: %s', (minute, phase) => {
    expect(attemptPhase(at(minute), deadline, 2 * MIN)).toBe(phase);
  });
  it('no grace: expired as soon as the time is up', () => {
    expect(attemptPhase(at(30), deadline, 0)).toBe('expired');
    expect(attemptPhase(at(30), deadline, -5)).toBe('expired');
  });
  it('no deadline: always in progress', () => {
    expect(attemptPhase(at(1_000_000), null, 0)).toBe('in_progress');
  });
  it('overdue allows only submitting', () => {
    expect(PHASE_ALLOWS.overdue).toEqual({ answer: false, submit: true });
    expect(PHASE_ALLOWS.expired).toEqual({ answer: false, submit: false });
  });
  it('the time-out job is due when the grace ends', () => {
    expect(expiresAt(deadline, 2 * MIN)).toEqual(at(32));
  });
});

describe('submittedAt', () => {
  it.each<[string, number, number | null, 'learner' | 'timeout', number]>([
    ['learner in time', 20, 30, 'learner', 20],
    ['learner in the grace period', 31, 30, 'learner', 31],
    ['time-out job late: counts at the deadline', 45, 30, 'timeout', 30],
    ['time-out job on time', 30, 30, 'timeout', 30],
    ['time-out job early: never in the future', 25, 30, 'timeout', 25],
    ['no deadline', 40, null, 'timeout', 40],
  ])('%s', (_label, now, deadline, by, expected) => {
    expect(submittedAt(at(now), deadline === null ? null : at(deadline), by)).toEqual(at(expected));
  });
});

describe('remainingSeconds', () => {
  const deadline = at(30);
  it.each<[number, number]>([
    [0, 1800],
    [29.995, 1], // 0.3 s left still shows a second
    [30, 0],
    [40, 0],
  ])('at minute %s: %s s', (minute, left) => {
    expect(remainingSeconds(at(minute), deadline)).toBe(left);
  });
  it('no deadline: null', () => expect(remainingSeconds(at(0), null)).toBeNull());
});

describe('mergeOverrides', () => {
  it('the most generous group value of each field', () => {
    const merged = mergeOverrides(null, [
      { extraSeconds: 300, closesAt: at(60) },
      { extraSeconds: 600, timeLimitSeconds: 3600, closesAt: at(90) },
      { timeLimitSeconds: 1800 },
    ]);
    expect(merged).toEqual({ extraSeconds: 600, timeLimitSeconds: 3600, closesAt: at(90) });
  });
  it("the user's own fields win, even when less generous", () => {
    const merged = mergeOverrides({ closesAt: at(40), extraSeconds: null }, [
      { extraSeconds: 600, closesAt: at(90) },
    ]);
    expect(merged).toEqual({ extraSeconds: 600, timeLimitSeconds: undefined, closesAt: at(40) });
  });
  it('nothing: keeps every rule', () => {
    expect(
      attemptDeadline({
        startedAt: at(0),
        timeLimitSeconds: 600,
        closesAt: null,
        overrides: mergeOverrides(undefined, []),
      }),
    ).toEqual(at(10));
  });
});
