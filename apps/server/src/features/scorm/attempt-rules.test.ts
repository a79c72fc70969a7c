import { describe, expect, it } from 'vitest';
import { decideOutcome, type ScoFacts } from './attempt-rules.ts';
import { parsePrerequisites, prerequisitesMet } from './prerequisites.ts';

const facts = (over: Partial<ScoFacts>): ScoFacts => ({
  completion: null,
  success: null,
  scormType: 'sco',
  launchData: {},
  ended: false,
  ...over,
});

describe('decideOutcome (what the LMS decides about a SCO)', () => {
  it.each([
    // [version, facts, completion, success]
    ['asset launched', '1.2', facts({ scormType: 'asset' }), 'completed', null],
    ['2004 ended, nothing reported', '2004', facts({ ended: true }), 'completed', 'passed'],
    [
      '2004 ended, unknown reported',
      '2004',
      facts({ ended: true, completion: 'unknown', success: 'unknown' }),
      'completed',
      'passed',
    ],
    ['2004 not ended', '2004', facts({ completion: 'unknown' }), 'unknown', null],
    [
      '2004 incomplete stays',
      '2004',
      facts({ ended: true, completion: 'incomplete', success: 'failed' }),
      'incomplete',
      'failed',
    ],
    [
      '2004 set by content',
      '2004',
      facts({
        ended: true,
        launchData: { completionSetByContent: true, objectiveSetByContent: true },
      }),
      null,
      null,
    ],
    [
      '2004 threshold not reached',
      '2004',
      facts({
        completion: 'completed',
        progressMeasure: 0.5,
        launchData: { completionThreshold: 0.8 },
      }),
      'incomplete',
      null,
    ],
    [
      '2004 scaled passing score',
      '2004',
      facts({ scoreScaled: 0.4, launchData: { scaledPassingScore: 0.6 } }),
      null,
      'failed',
    ],
    ['1.2 finished without status', '1.2', facts({ ended: true }), 'completed', null],
    [
      '1.2 mastery score',
      '1.2',
      facts({
        ended: true,
        completion: 'completed',
        scoreRaw: 85,
        launchData: { masteryScore: 80 },
      }),
      'passed',
      null,
    ],
    ['1.2 browsed stays', '1.2', facts({ ended: true, completion: 'browsed' }), 'browsed', null],
  ] as const)('%s', (_name, version, f, completion, success) => {
    expect(decideOutcome(version, f)).toEqual({ completion, success });
  });
});

describe('SCORM 1.2 prerequisites', () => {
  const done =
    (...ids: string[]) =>
    (id: string) =>
      ids.includes(id);
  it.each([
    ['a', done('a'), true],
    ['a', done(), false],
    ['a & b', done('a'), false],
    ['a | b', done('b'), true],
    ['~a', done('a'), false],
    ['a & (b | ~c) ', done('a'), true],
    ['a&b|c', done('c'), true],
  ])('%s', (expr, isDone, met) => {
    expect(prerequisitesMet(expr, isDone).met).toBe(met);
  });
  it('names what is still to do, and never blocks on what it cannot read', () => {
    expect(prerequisitesMet('a & b & a', done('b'))).toEqual({ met: false, waitingFor: ['a'] });
    for (const unreadable of ['a &', '(a', '2*{a,b}', 'a = passed', ''])
      expect(prerequisitesMet(unreadable, done()).met).toBe(true);
    expect(parsePrerequisites('a & (b)')).not.toBeNull();
  });
});
