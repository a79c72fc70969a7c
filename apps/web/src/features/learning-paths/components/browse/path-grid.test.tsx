import { learningPathOps, type Operation, type TLearningPath } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { makePath, page } from '../../test-paths.ts';
import { renderWithApp } from '../../test-render.tsx';
import { PathGrid } from './path-grid.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const calls: { op: Operation; body?: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { body?: unknown } = {}) => {
    calls.push({ op, body: args.body });
    if (op === learningPathOps.join) {
      return {
        id: 9,
        learning_path: 1,
        user: { id: 5, fullname: 'Lee Learner', email: 'l@acme.test' },
        state: 'not_started',
        source: 'self',
        progress_percent: 0,
        completed_items: 0,
        required_items: 3,
        enrolled_at: null,
        due_at: null,
        completed_at: null,
        expires_at: null,
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

function Grid({ paths }: { paths: TLearningPath[] }) {
  const list = useQuery({ queryKey: ['grid'], queryFn: async () => page(paths) });
  return <PathGrid list={list} page={1} pageSize={12} onPage={() => {}} empty="Nothing here." />;
}

describe('PathGrid', () => {
  it('shows each card with its facts, progress and the join action the server allows', async () => {
    renderWithApp(
      <Grid
        paths={[
          makePath({
            id: 1,
            title: 'Onboarding',
            rating: 4.5,
            abilities: { enrol: true } as never,
          }),
          makePath({
            id: 2,
            title: 'Leadership',
            enrolment: 'request',
            abilities: { request: true } as never,
          }),
          makePath({ id: 3, title: 'Compliance', enrolment: 'assigned' }),
          makePath({
            id: 4,
            title: 'Safety',
            mine: {
              id: 8,
              state: 'in_progress',
              progress_percent: 60,
              enrolled_at: null,
              due_at: null,
              completed_at: null,
              expires_at: null,
            },
          }),
        ]}
      />,
    );
    expect(await screen.findByText('4 paths')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join: Onboarding' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request to join: Leadership' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Compliance/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Safety/ })).toBeNull();
    expect(
      screen.getByRole('progressbar', { name: 'Progress in Safety' }).getAttribute('aria-valuenow'),
    ).toBe('60');
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getAllByText('3 courses')).toHaveLength(4);
    expect(screen.getAllByText('1 h 30 min')).toHaveLength(4);
    const onboarding = screen.getByRole('link', { name: /Onboarding/ });
    expect(onboarding.getAttribute('href')).toBe('/learning-path/learner/learning-path/1');
    expect(within(onboarding).getByText('4.5')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Join: Onboarding' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === learningPathOps.join)?.body).toEqual({ learning_path: 1 }),
    );
  });

  it('says so when there is nothing to show', async () => {
    renderWithApp(<Grid paths={[]} />);
    expect(await screen.findByText('Nothing here.')).toBeTruthy();
  });
});
