import {
  ROLE,
  type TAssessmentDetail,
  type TAssessmentSlot,
  type TAssessmentSummary,
  ZAssessmentDetail,
  ZAssessmentSummary,
} from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionContext, type SessionValue } from '../../../shared/session/session-context.ts';

/* Test helpers of the authoring and report screens (tests only): render, contract-shaped data. */

export function renderWithApp(
  element: ReactNode,
  {
    path = '*',
    url = '/',
    roleId = ROLE.TRAINER,
  }: { path?: string; url?: string; roleId?: number } = {},
) {
  const session = {
    token: 't',
    approved: true,
    permittedPaths: ['/assessment'],
    user: {
      id: 5,
      fullname: 'Tia Trainer',
      role: { id: roleId, name: 'Role' },
      membership: { organization: { id: 7, title: 'Org', acronym: 'O' } },
    },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>,
    ),
  };
}

export const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

const ALL = { edit: true, delete: true, assign: true, report: true, grade: true };

/** Parsed by the contract's schema, so a fixture cannot drift from what the server sends. */
export function makeSummary(over: Partial<TAssessmentSummary> = {}): TAssessmentSummary {
  return ZAssessmentSummary.parse({
    id: 1,
    uuid: 'a1',
    title: 'Fire safety',
    status: 'draft',
    type: 'standalone',
    course: null,
    question_count: 3,
    time_limit_seconds: 1800,
    opens_at: null,
    closes_at: null,
    attempts_allowed: 1,
    assigned_count: 4,
    submitted_count: 2,
    pending_grading: 0,
    created_by: { id: 5, fullname: 'Tia Trainer' },
    updated_at: '2026-01-01T10:00:00.000Z',
    abilities: ALL,
    ...over,
  });
}

export function fixedSlot(id: number, title: string, over: Partial<TAssessmentSlot> = {}) {
  return {
    id,
    kind: 'fixed' as const,
    position: id,
    question: {
      id: id * 10,
      title,
      type: 'single_choice' as const,
      version: 1,
      status: 'active' as const,
    },
    category: null,
    tags: [],
    draw_count: 1,
    available: null,
    points: null,
    ...over,
  };
}

export function makeDetail(over: Partial<TAssessmentDetail> = {}): TAssessmentDetail {
  return ZAssessmentDetail.parse({
    ...makeSummary(),
    instructions: '<p>Read carefully.</p>',
    settings: {
      assessment: 1,
      time_limit_seconds: 1800,
      opens_at: null,
      closes_at: null,
      grace_seconds: 0,
      attempts_allowed: 1,
      attempt_delay_seconds: 0,
      grading_method: 'highest',
      pass_mark: 50,
      shuffle_questions: false,
      shuffle_options: false,
      review: {
        responses: ['after_submit', 'after_close'],
        correctness: ['after_close'],
        feedback: ['after_close'],
        score: ['after_submit', 'after_close'],
      },
      has_password: false,
      proctored: false,
    },
    pages: [
      {
        id: 11,
        position: 1,
        title: 'Basics',
        description: '',
        slots: [fixedSlot(1, 'Exits'), fixedSlot(2, 'Alarms')],
      },
      {
        id: 12,
        position: 2,
        title: 'Scenarios',
        description: '',
        slots: [
          {
            id: 3,
            kind: 'random',
            position: 1,
            question: null,
            category: { id: 4, name: 'Safety' },
            tags: ['fire'],
            draw_count: 5,
            available: 3,
            points: 2,
          },
        ],
      },
    ],
    max_score: 7,
    messages: [],
    publish_problems: [],
    ...over,
  });
}
