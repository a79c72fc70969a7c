import { attemptOps, type Operation, ZLearnerAssessmentPage } from '@atrium/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import MyAssessmentsPage from '../pages/my-assessments.page.tsx';
import { UUID } from './test-attempts.ts';
import { renderWithApp } from './test-render.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

const item = {
  id: 3,
  uuid: UUID,
  title: 'Safety basics',
  course: { id: 1, title: 'Onboarding' },
  opens_at: null,
  closes_at: null,
  time_limit_seconds: 1800,
  attempts_allowed: 3,
  attempts_used: 1,
  state: 'completed',
  final: { percent: 80, passed: true },
};
let queries: unknown[] = [];
beforeEach(() => {
  queries = [];
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { query?: { state?: string } },
  ) => {
    if (op !== attemptOps.mine) throw new Error('unexpected');
    queries.push(args.query);
    const results = args.query?.state === 'open' ? [] : [item];
    return ZLearnerAssessmentPage.parse({
      count: results.length,
      next: null,
      previous: null,
      results,
    });
  }) as unknown as typeof call);
});

describe('MyAssessmentsPage', () => {
  it('shows each assessment with its facts and a link to its start page', async () => {
    renderWithApp(<MyAssessmentsPage />, { path: '/assessment/start', url: '/assessment/start' });
    const link = await screen.findByRole('link', { name: /Safety basics/ });
    expect(link.getAttribute('href')).toBe(`/assessment/${UUID}`);
    expect(screen.getByText('Attempts: 1 of 3 used')).toBeTruthy();
    expect(screen.getByText('Final grade 80%')).toBeTruthy();
    expect(screen.getByText('Always open')).toBeTruthy();
  });

  it('filters by state and says when none are in it', async () => {
    renderWithApp(<MyAssessmentsPage />, { path: '/assessment/start', url: '/assessment/start' });
    await screen.findByRole('link', { name: /Safety basics/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Open' }));
    expect(await screen.findByText('No assessments in this state')).toBeTruthy();
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 1, page_size: 12, state: 'open' }));
  });
});
