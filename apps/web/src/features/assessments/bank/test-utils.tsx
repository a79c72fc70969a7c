import {
  ROLE,
  type TBankQuestion,
  type TQuestionCategory,
  ZBankQuestion,
  ZBankQuestionDetail,
  ZQuestionCategory,
} from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionContext, type SessionValue } from '../../../shared/session/session-context.ts';

/* Tests only: the bank's and the grading queue's screens rendered with their providers, and fixtures parsed by the contract so they cannot drift from it. */

export function renderStaff(element: ReactNode, url = '/') {
  const session = {
    token: 't',
    approved: true,
    permittedPaths: ['/assessment'],
    user: { id: 7, fullname: 'Tina Trainer', role: { id: ROLE.TRAINER, name: 'Trainer' } },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <RouterProvider router={router} />
      </SessionContext>
    </QueryClientProvider>,
  );
}

export function page<T>(results: T[], count = results.length) {
  return { count, next: count > results.length ? '?page=2' : null, previous: null, results };
}

const person = { id: 7, fullname: 'Tina Trainer' };

export function makeQuestion(id: number, over: Partial<TBankQuestion> = {}): TBankQuestion {
  return ZBankQuestion.parse({
    id,
    type: 'single_choice',
    title: `Question ${id}`,
    category: 1,
    category_name: 'Geography',
    tags: ['europe'],
    status: 'active',
    version: 1,
    used: false,
    created_by: person,
    updated_by: person,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    abilities: { edit: true, delete: true },
    ...over,
  });
}

export function makeDetail(id: number, over: Partial<TBankQuestion> = {}) {
  return ZBankQuestionDetail.parse({
    ...makeQuestion(id, over),
    definition: {
      type: 'single_choice',
      points: 2,
      stem: '<p>Capital of France?</p>',
      options: [
        { id: 'o1', text: 'Paris', correct: true },
        { id: 'o2', text: 'Lyon', correct: false },
      ],
    },
  });
}

export function makeCategory(
  id: number,
  name: string,
  parent: number | null = null,
  question_count = 0,
): TQuestionCategory {
  return ZQuestionCategory.parse({
    id,
    name,
    parent,
    question_count,
    created_at: '2026-11-01T10:00:00.000Z',
    abilities: { edit: true, delete: true },
  });
}
