import { badgeOps, gamificationOps, type Operation, organisationOps, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { board, entry } from '../test-gamification.ts';
import LeaderboardPage from './leaderboard.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let listed = true;
let failing = false;
let empty = false;
const calls: { op: Operation; args: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  listed = true;
  failing = false;
  empty = false;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === gamificationOps.leaderboard) {
      if (failing) throw new ApiError({ status: 500, message: 'Something broke.' });
      if (empty) return board([], { me: { rank: null, points: 0, level: null, listed } });
      return board([
        entry(),
        entry({
          rank: 2,
          person: { id: 5, fullname: 'Lee Learner', avatar: null, anonymous: false },
          points: 120,
          is_me: true,
        }),
        entry({
          rank: 2,
          person: { id: null, fullname: 'Anonymous learner', avatar: null, anonymous: true },
          points: 120,
        }),
      ]);
    }
    if (op === gamificationOps.settings) return { listed };
    if (op === gamificationOps.levels) return { results: [] };
    if (op === gamificationOps.rules) return { results: [] };
    if (op === badgeOps.list || op === badgeOps.awards)
      return { count: 0, next: null, previous: null, results: [] };
    if (op === gamificationOps.updateSettings) {
      listed = (args.body as { listed: boolean }).listed;
      return { listed };
    }
    if (op === organisationOps.departmentsOf) {
      return [
        { id: 9, organization: 1, name: 'Sales', head: null, user_count: 3, designation_count: 0 },
      ];
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (roleId: number = ROLE.LEARNER) =>
  renderWithApp(<LeaderboardPage />, { path: '/leaderboard', url: '/leaderboard', roleId });

const boardQueries = () =>
  calls.filter((c) => c.op === gamificationOps.leaderboard).map((c) => c.args.query);

describe('LeaderboardPage', () => {
  it('ranks this month’s people with ties, the caller pinned as You, anonymous people unnamed', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Ranking' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[1]!).getByLabelText('Rank 2')).toBeTruthy();
    expect(within(items[2]!).getByLabelText('Rank 2')).toBeTruthy();
    expect(within(items[1]!).getByText('You')).toBeTruthy();
    // A learner opens their own points only.
    expect(within(items[1]!).getByRole('link', { name: 'Lee Learner' })).toBeTruthy();
    expect(within(items[0]!).queryByRole('link')).toBeNull();
    expect(within(items[2]!).getByText('Anonymous learner')).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'Your place' });
    expect(within(mine).getByText('Rank 2')).toBeTruthy();
    expect(within(mine).getByText('120 points this month')).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'My points' }).getAttribute('href')).toBe(
      '/leaderboard/5',
    );
    expect(boardQueries()[0]).toMatchObject({ period: 'month', page: 1 });
    // Learners have no department filter.
    expect(screen.queryByLabelText('Department')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Points and levels' })).toBeNull();
  });

  it('switches to all time, back to the first page', async () => {
    open();
    await screen.findByRole('list', { name: 'Ranking' });
    fireEvent.click(screen.getByRole('button', { name: 'All time' }));
    await waitFor(() => expect(boardQueries().at(-1)).toMatchObject({ period: 'all', page: 1 }));
    expect(await screen.findByRole('heading', { name: 'All time' })).toBeTruthy();
  });

  it('the opt-out switch saves the choice', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: 'Show my name to others' });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.op === gamificationOps.updateSettings)?.args.body).toEqual({
        listed: false,
      }),
    );
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });

  it('admins filter by department and open anyone’s points', async () => {
    open(ROLE.ADMIN);
    const list = await screen.findByRole('list', { name: 'Ranking' });
    expect(within(list).getByRole('link', { name: 'Ada Admin' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Points and levels' })).toBeTruthy();
    const select = await screen.findByRole('combobox', { name: 'Department' });
    await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    await waitFor(() => expect(boardQueries().at(-1)).toMatchObject({ department: 9 }));
  });

  it('says so when nobody has points, and offers a retry when the board fails', async () => {
    empty = true;
    const first = open();
    expect(await screen.findByText(/Nobody has points this month yet/)).toBeTruthy();
    expect(screen.getByText('Not ranked yet')).toBeTruthy();
    first.unmount();
    empty = false;
    failing = true;
    open();
    expect(await screen.findByText('The leaderboard could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Ranking' })).toBeTruthy();
  });
});
