import { learningPathOps, type Operation } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { makePath, page } from '../../test-paths.ts';
import { renderWithApp } from '../../test-render.tsx';
import { MyLearningPathsCard } from './my-learning-paths-card.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let paths = [makePath()];
const queries: unknown[] = [];
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    if (op !== learningPathOps.list) throw new Error(`unexpected ${op.method} ${op.path}`);
    queries.push(args.query);
    return page(paths);
  }) as unknown as typeof call);
});

describe('MyLearningPathsCard', () => {
  it('says there is nothing yet and where to find paths', async () => {
    paths = [];
    renderWithApp(<MyLearningPathsCard />);
    expect(await screen.findByText(/You are not enrolled in a learning path yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse learning paths' }).getAttribute('href')).toBe(
      '/learning-path',
    );
    expect(queries[0]).toEqual({ scope: 'mine', page: 1, page_size: 5 });
  });

  it('lists the caller’s paths with progress and an overdue due date', async () => {
    paths = [
      makePath({
        title: 'Onboarding',
        mine: {
          id: 8,
          state: 'in_progress',
          progress_percent: 25,
          enrolled_at: null,
          due_at: '2020-05-01T10:00:00.000Z',
          completed_at: null,
          expires_at: null,
        },
      }),
    ];
    renderWithApp(<MyLearningPathsCard />);
    const link = await screen.findByRole('link', { name: 'Onboarding' });
    expect(link.getAttribute('href')).toBe('/learning-path/learner/learning-path/1');
    expect(screen.getByRole('progressbar', { name: 'Progress in Onboarding' })).toBeTruthy();
    expect(screen.getByText(/Overdue, was due/)).toBeTruthy();
  });
});
