import { learningPathOps, type Operation } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { makeDetail, makeItem, page } from '../test-paths.ts';
import { renderWithApp } from '../test-render.tsx';
import LearnerPathPage from './learner-path.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const mine = (
  state: 'locked' | 'available' | 'in_progress' | 'completed',
  waiting_for: number[] = [],
  progress_percent = 0,
) => ({
  state,
  waiting_for,
  progress_percent,
});

const enrolled = makeDetail({
  electives: [{ id: 4, title: 'Specialism', required: 1 }],
  items: [
    makeItem(11, 101, 'Safety basics', { mine: mine('completed', [], 100) }),
    makeItem(12, 102, 'First aid', { mine: mine('in_progress', [], 40) }),
    makeItem(13, 103, 'Fire drill', { requires: [11, 12], mine: mine('locked', [12]) }),
    makeItem(14, 104, 'Forklifts', { elective_group: 4, mine: mine('locked', [12, 13]) }),
    makeItem(15, 105, 'Cranes', { elective_group: 4, mine: mine('locked', [12, 13]) }),
  ],
  next_item: 12,
  mine: {
    id: 9,
    state: 'in_progress',
    progress_percent: 45,
    enrolled_at: '2026-02-01T10:00:00.000Z',
    due_at: '2020-03-01T10:00:00.000Z',
    completed_at: null,
    expires_at: null,
  },
});

let detail = enrolled;
beforeEach(() => {
  detail = enrolled;
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    if (op === learningPathOps.detail) return detail;
    if (op === learningPathOps.reviews) return { ...page([]), average: null };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = () =>
  renderWithApp(<LearnerPathPage />, {
    path: '/learning-path/learner/learning-path/:id',
    url: '/learning-path/learner/learning-path/1',
  });

describe('LearnerPathPage', () => {
  it('shows each course’s state, why locked ones wait, and the next course one click away', async () => {
    open();
    const timeline = await screen.findByRole('list', { name: 'Courses of the path' });
    expect(within(timeline).getByText('Complete First aid first')).toBeTruthy();
    expect(within(timeline).getAllByText('Complete First aid and Fire drill first')).toHaveLength(
      2,
    );
    expect(within(timeline).getByText('Choose 1 of 2')).toBeTruthy();
    expect(within(timeline).getByText('0 of 1 done')).toBeTruthy();
    // A locked course is no link; an open one leads to its course page.
    expect(within(timeline).queryByRole('link', { name: 'Fire drill' })).toBeNull();
    expect(within(timeline).getByRole('link', { name: 'Safety basics' }).getAttribute('href')).toBe(
      '/course/101',
    );
    const next = screen.getByRole('link', { name: 'Continue: First aid' });
    expect(next.getAttribute('href')).toBe('/course/102');
    expect(screen.getByRole('progressbar', { name: 'Progress in Onboarding' })).toBeTruthy();
    expect(screen.getByText(/Overdue: was due/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('offers Join instead when the caller is not enrolled and may join', async () => {
    detail = makeDetail({ abilities: { enrol: true } as never });
    open();
    expect(await screen.findByRole('button', { name: 'Join: Onboarding' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Continue/ })).toBeNull();
    expect(screen.queryByText(/first$/)).toBeNull();
  });
});
