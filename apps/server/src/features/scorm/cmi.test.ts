import { isScoDone } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { parseCmi, statusOf } from './cmi.ts';
import {
  formatDuration2004,
  formatTimespan12,
  parseDuration2004,
  parseTimespan12,
} from './cmi-time.ts';
import { launchPath } from './manifest.ts';

describe('SCORM durations', () => {
  it('reads and writes SCORM 1.2 CMITimespan', () => {
    expect(parseTimespan12('00:01:30')).toBe(90);
    expect(parseTimespan12('0002:00:05.25')).toBe(7205.25);
    for (const bad of ['1:00:00', '00:60:00', '00:00:60', 'PT1S', '00:00:01.123', ''])
      expect(parseTimespan12(bad), bad).toBeNull();
    expect(formatTimespan12(0)).toBe('0000:00:00');
    expect(formatTimespan12(7205.25)).toBe('0002:00:05.25');
  });

  it('reads and writes SCORM 2004 ISO 8601 durations', () => {
    expect(parseDuration2004('PT1M30S')).toBe(90);
    expect(parseDuration2004('PT1H0.5S')).toBe(3600.5);
    expect(parseDuration2004('P1DT1S')).toBe(86401);
    for (const bad of ['P', 'PT', '00:01:00', 'PT1.123S', 'T1S', '1M'])
      expect(parseDuration2004(bad), bad).toBeNull();
    expect(formatDuration2004(0)).toBe('PT0S');
    expect(formatDuration2004(3690.5)).toBe('PT1H1M30.5S');
    expect(formatDuration2004(3600)).toBe('PT1H');
  });
});

describe('cmi data model', () => {
  it('treats empty strings as unset and keeps only known elements', () => {
    const u = parseCmi('1.2', {
      core: { lesson_status: '', lesson_location: 'p1', student_id: 'ignored', score: { raw: '' } },
      suspend_data: '',
    });
    expect(u).toMatchObject({ location: 'p1', score: {} });
    expect(u.completionStatus).toBeUndefined();
    expect(u.suspendData).toBeUndefined();
  });

  it('normalises statuses for reports and completion', () => {
    expect(statusOf('1.2', null, null)).toBe('not attempted');
    expect(statusOf('1.2', 'browsed', null)).toBe('browsed');
    expect(statusOf('2004', 'completed', 'failed')).toBe('failed');
    expect(statusOf('2004', 'completed', 'unknown')).toBe('completed');
    expect(statusOf('2004', 'unknown', 'unknown')).toBe('unknown');
    const done = (v: '1.2' | '2004', c: string | null, s: string | null) =>
      isScoDone(statusOf(v, c, s));
    expect(done('1.2', 'passed', null)).toBe(true);
    expect(done('1.2', 'failed', null)).toBe(false);
    expect(done('2004', 'incomplete', 'passed')).toBe(true);
    // Completed but failed is not done: the package and "N of M done" agree.
    expect(done('2004', 'completed', 'failed')).toBe(false);
    expect(done('2004', 'completed', 'unknown')).toBe(true);
  });
});

describe('launch paths', () => {
  it('appends manifest parameters to the href (IMS content packaging rules)', () => {
    expect(launchPath('a.html', null)).toBe('a.html');
    expect(launchPath('a.html', '?x=1')).toBe('a.html?x=1');
    expect(launchPath('a.html?y=2', '?x=1')).toBe('a.html?y=2&x=1');
    expect(launchPath('a.html', '#p3')).toBe('a.html#p3');
  });
});

/** Full commits as scorm-again 3.4 renders them (captured), every default element included. */
const SCORM_AGAIN_2004 = {
  comments_from_learner: { '0': { comment: 'hi', location: '', timestamp: '' } },
  comments_from_lms: {},
  completion_status: 'incomplete',
  completion_threshold: '',
  credit: 'credit',
  entry: '',
  exit: 'suspend',
  interactions: {
    '0': {
      id: 'q1',
      type: 'choice',
      objectives: {},
      timestamp: '2026-11-22T13:00:00',
      weighting: '',
      learner_response: 'a[,]b',
      result: 'correct',
      latency: 'PT5S',
      description: '',
      correct_responses: { '0': { pattern: 'a[,]b' } },
    },
  },
  launch_data: '',
  learner_id: '',
  learner_name: '',
  learner_preference: {
    audio_level: '1',
    language: '',
    delivery_speed: '1',
    audio_captioning: '0',
  },
  location: 'slide-2',
  max_time_allowed: '',
  mode: 'normal',
  objectives: {
    '0': {
      id: 'o1',
      success_status: 'unknown',
      completion_status: 'unknown',
      progress_measure: '',
      description: '',
      score: { scaled: '', raw: '', min: '', max: '' },
    },
  },
  progress_measure: '0.5',
  scaled_passing_score: '',
  score: { scaled: '0.85', raw: '85', min: '', max: '' },
  session_time: 'PT1M30S',
  success_status: 'unknown',
  suspend_data: '{"a":1}',
  time_limit_action: 'continue,no message',
  total_time: 'PT1M30S',
};
const SCORM_AGAIN_12 = {
  suspend_data: '',
  launch_data: '',
  comments: '',
  comments_from_lms: '',
  core: {
    student_id: '',
    student_name: '',
    lesson_location: 'p2',
    credit: '',
    lesson_status: 'passed',
    entry: '',
    lesson_mode: 'normal',
    exit: 'suspend',
    session_time: '00:01:30.5',
    score: { raw: '85', min: '', max: '100' },
    total_time: '00:01:30.5',
  },
  objectives: { '0': { id: 'o1', status: 'passed', score: { raw: '', min: '', max: '100' } } },
  student_data: { mastery_score: '', max_time_allowed: '', time_limit_action: '' },
  student_preference: { audio: '50', language: '', speed: '', text: '' },
  interactions: {
    '0': {
      id: 'q1',
      time: '13:00:00',
      type: 'choice',
      weighting: '',
      student_response: 'a',
      result: 'wrong',
      latency: '00:00:05',
      objectives: {},
      correct_responses: { '0': { pattern: 'b' } },
    },
  },
};

describe("scorm-again's own commits", () => {
  it('accepts a full SCORM 2004 commit', () => {
    expect(parseCmi('2004', SCORM_AGAIN_2004)).toMatchObject({
      location: 'slide-2',
      completionStatus: 'incomplete',
      successStatus: 'unknown',
      exit: 'suspend',
      sessionSeconds: 90,
      score: { scaled: 0.85, raw: 85 },
      data: { progress_measure: 0.5, interactions: [{ id: 'q1', result: 'correct' }] },
    });
  });

  it('accepts a full SCORM 1.2 commit', () => {
    expect(parseCmi('1.2', SCORM_AGAIN_12)).toMatchObject({
      location: 'p2',
      completionStatus: 'passed',
      sessionSeconds: 90.5,
      score: { raw: 85, max: 100 },
      data: { objectives: [{ id: 'o1', status: 'passed' }] },
    });
  });
});
