import { badgeOps, gamificationOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { detail, gallery } from '../test-gamification.ts';
import LeaderboardPersonPage from './leaderboard-person.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({
  call: vi.fn(),
  urlOf: (op: { path: string }) => op.path,
}));
// The chart is a picture (aria-hidden) whose numbers the hidden table carries.
vi.mock('../components/points-chart.tsx', () => ({ default: () => <div>chart</div> }));

let missing = false;
const calls: { op: Operation; args: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  missing = false;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === gamificationOps.userDetail) {
      if (missing) throw new ApiError({ status: 404, message: 'User not found.' });
      const query = args.query as { page: number };
      return detail(
        query.page === 2
          ? {
              ledger: {
                count: 12,
                next: null,
                previous: '/x',
                results: [
                  {
                    id: 99,
                    rule: 'assessment_passed',
                    source: 'assessment:1',
                    points: 37,
                    created_at: '2026-01-02T10:00:00.000Z',
                  },
                ],
              },
            }
          : { ledger: { ...detail().ledger, count: 12, next: '/x?page=2' } },
      );
    }
    if (op === badgeOps.gallery) return gallery();
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (url = '/leaderboard/5') =>
  renderWithApp(<LeaderboardPersonPage />, { path: '/leaderboard/:id', url });

describe('LeaderboardPersonPage', () => {
  it('shows the person’s totals, level, months and history', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lee Learner' })).toBeTruthy();
    expect(screen.getByText('140 points')).toBeTruthy();
    expect(screen.getByText('40 points')).toBeTruthy();
    expect(screen.getByText('#3')).toBeTruthy();
    expect(screen.getByText('Explorer')).toBeTruthy();
    expect(screen.getByText('360 points to Achiever')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Progress to Achiever' });
    expect(progress.getAttribute('aria-valuenow')).toBe('10');
    const months = screen.getByRole('table', { name: 'Points per month' });
    expect(within(months).getAllByRole('row')).toHaveLength(13);
    const history = screen.getByRole('table', { name: 'Points history' });
    expect(within(history).getByRole('rowheader', { name: 'Daily sign-in' })).toBeTruthy();
    expect(within(history).getByText('+100')).toBeTruthy();
    expect(calls[0]?.args).toMatchObject({ params: { id: 5 }, query: { page: 1, page_size: 10 } });
  });

  it('pages through the history', async () => {
    open();
    await screen.findByRole('table', { name: 'Points history' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('rowheader', { name: 'Assessment passed' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.at(-1)?.args).toMatchObject({ query: { page: 2, page_size: 10 } }),
    );
  });

  it('someone else’s points (404) or a bad id: not found, with the way back', async () => {
    missing = true;
    const first = open();
    expect(await screen.findByText(/These points were not found/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leaderboard' })).toBeTruthy();
    first.unmount();
    open('/leaderboard/abc');
    expect(await screen.findByText(/These points were not found/)).toBeTruthy();
  });
});
