import {
  type TAttemptResult,
  type TAttemptSession,
  type TAttemptStart,
  ZAttemptResult,
  ZAttemptSession,
  ZAttemptStart,
} from '@atrium/contract';

/* Fixtures for the learner's screens, parsed with the contract so they cannot drift from it. */

export const UUID = '7d0c1a52-4c1e-4d35-9a43-2f1f1f6f8a10';

export function makeStart(overrides: Partial<TAttemptStart> = {}): TAttemptStart {
  return ZAttemptStart.parse({
    assessment: {
      id: 3,
      uuid: UUID,
      title: 'Safety basics',
      instructions: '<p>Read each question carefully.</p>',
      course: { id: 1, title: 'Onboarding' },
      question_count: 2,
      max_score: 4,
      time_limit_seconds: 1800,
      opens_at: null,
      closes_at: '2026-12-01T10:00:00.000Z',
      attempts_allowed: 2,
      grading_method: 'highest',
      pass_mark: 50,
      requires_password: false,
      proctored: false,
    },
    attempts: [],
    current: null,
    can_start: true,
    reason: null,
    next_attempt_at: null,
    final: null,
    server_now: '2026-11-25T10:00:00.000Z',
    ...overrides,
  });
}

export function makeSession(remaining: number | null = 1800): TAttemptSession {
  const now = Date.parse('2026-11-25T10:00:00.000Z');
  return ZAttemptSession.parse({
    session: 'sess-1',
    attempt: {
      id: 11,
      number: 1,
      status: 'in_progress',
      assessment: { id: 3, uuid: UUID, title: 'Safety basics' },
      started_at: '2026-11-25T10:00:00.000Z',
      phase: 'in_progress',
      server_now: new Date(now).toISOString(),
      deadline_at: remaining === null ? null : new Date(now + remaining * 1000).toISOString(),
      remaining_seconds: remaining,
      grace_remaining_seconds: null,
      pages: [
        {
          title: '',
          description: '',
          items: [
            {
              item: 0,
              question: {
                type: 'true_false',
                points: 2,
                stem: '<p>Helmets are required on site.</p>',
              },
              points: 2,
              answer: null,
              flagged: false,
              seq: 0,
              saved_at: null,
              correct: null,
              feedback: null,
            },
          ],
        },
        {
          title: 'Part 2',
          description: '',
          items: [
            {
              item: 1,
              question: { type: 'short_answer', points: 2, stem: '<p>Name the exit.</p>' },
              points: 2,
              answer: null,
              flagged: false,
              seq: 0,
              saved_at: null,
              correct: null,
              feedback: null,
            },
          ],
        },
      ],
    },
  });
}

export function makeResult(overrides: Partial<TAttemptResult> = {}): TAttemptResult {
  return ZAttemptResult.parse({
    id: 11,
    number: 1,
    status: 'graded',
    started_at: '2026-11-25T10:00:00.000Z',
    submitted_at: '2026-11-25T10:20:00.000Z',
    submitted_by: 'learner',
    time_taken_seconds: 1200,
    score: 2,
    max_score: 4,
    percent: 50,
    passed: true,
    pending_manual: 0,
    voided: false,
    reviewable: true,
    assessment: { id: 3, uuid: UUID, title: 'Safety basics' },
    learner: { id: 5, fullname: 'Lee Learner' },
    visible: { responses: true, correctness: true, feedback: true, score: true },
    message: '<p>Well done.</p>',
    pages: [
      {
        title: '',
        items: [
          {
            item: 0,
            question: {
              type: 'true_false',
              points: 2,
              stem: '<p>Helmets are required on site.</p>',
            },
            points: 2,
            answer: { type: 'true_false', value: true },
            correct: true,
            score: 2,
            solution: { type: 'true_false', value: true },
            feedback: '<p>Always wear one.</p>',
            reviewer_feedback: null,
            pending: false,
          },
        ],
      },
    ],
    ...overrides,
  });
}
