import { assessmentOps, type Operation, proctoringOps } from '@atrium/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { makeRow, page, renderProctoring } from '../test-utils.tsx';
import ProctorGridPage from './proctor-grid.page.tsx';
import ProctorGroupPage from './proctor-group.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// Charts are pictures; the dashboard's figures are read from its table.
vi.mock('../dashboard/false-flag-chart.tsx', () => ({ default: () => <p>Chart</p> }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const gridQueries = () => calls.filter((c) => c.op === proctoringOps.grid).map((c) => c.args.query);
let rows = [
  makeRow(),
  makeRow({
    session: 10,
    learner: { id: 32, name: 'Bob Brown', email: 'bob@example.com' },
    group: null,
    status: 'lost',
    thumbnail_url: null,
    flags: { total: 6, pending: 0, confirmed: 5, dismissed: 1 },
    over_budget: true,
    outcome: 'violation',
  }),
];

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === proctoringOps.grid) {
      return {
        ...page(rows),
        groups: [
          { id: 3, name: 'Sales', learners: 4 },
          { id: 0, name: '', learners: 2 },
        ],
      };
    }
    // Only what the frame reads of the assessment.
    if (op === assessmentOps.read) {
      return {
        id: 1,
        title: 'Fire safety',
        settings: { proctored: true },
        abilities: { edit: true, report: true },
      };
    }
    if (op === proctoringOps.falseFlags) {
      return { signals: [] };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (url = '/assessment/1/proctor/') =>
  renderProctoring(
    [
      { path: '/assessment/:id/proctor/', element: <ProctorGridPage /> },
      { path: '/assessment/:id/proctor-view-card/:groupId', element: <ProctorGroupPage /> },
    ],
    { url },
  );

describe('ProctorGridPage', () => {
  it('shows a card per learner with status, picture, flags, budget and outcome', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Learners' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Fire safety' })).toBeTruthy();

    const ann = within(list).getByRole('link', { name: /Ann Able/ });
    expect(within(ann).getByText('Monitoring')).toBeTruthy();
    expect(
      within(ann).getByRole('img', { name: 'Latest camera picture of Ann Able' }),
    ).toBeTruthy();
    expect(within(ann).getByText('2 to review')).toBeTruthy();
    expect(within(ann).getByText('1 confirmed · 0 dismissed')).toBeTruthy();
    expect(within(ann).getByText(/just now/)).toBeTruthy();

    const bob = within(list).getByRole('link', { name: /Bob Brown/ });
    expect(within(bob).getByText('Connection lost')).toBeTruthy();
    expect(within(bob).getByText('No live picture')).toBeTruthy();
    expect(within(bob).getByText('Over budget')).toBeTruthy();
    expect(within(bob).getByText('Violation')).toBeTruthy();

    // A card opens the learner's card over their group, "No department" being group 0.
    expect(ann.getAttribute('href')).toBe('/assessment/1/proctor-view-card/3?session=9');
    expect(bob.getAttribute('href')).toBe('/assessment/1/proctor-view-card/0?session=10');

    const groups = screen.getByRole('navigation', { name: 'Groups' });
    expect(within(groups).getByRole('link', { name: 'All groups (6)' })).toBeTruthy();
    expect(within(groups).getByRole('link', { name: 'Sales (4)' })).toBeTruthy();
    expect(within(groups).getByRole('link', { name: 'No department (2)' })).toBeTruthy();
  });

  it('filters by status and flags, kept in the address', async () => {
    const { router } = open();
    await screen.findByRole('list', { name: 'Learners' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Connection lost' }));
    await waitFor(() => expect(gridQueries().at(-1)).toMatchObject({ status: 'lost' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Flagged only' }));
    await waitFor(() =>
      expect(gridQueries().at(-1)).toMatchObject({
        assessment: 1,
        status: 'lost',
        flagged: 'true',
        page: 1,
        page_size: 24,
      }),
    );
    expect(router.state.location.search).toBe('?status=lost&flagged=true');
    // The group chips keep the filters.
    expect(screen.getByRole('link', { name: 'Sales (4)' }).getAttribute('href')).toBe(
      '/assessment/1/proctor-view-card/3?status=lost&flagged=true',
    );
  });

  it('says when nobody is proctored yet, and when filters leave nobody', async () => {
    rows = [];
    try {
      open();
      expect(
        await screen.findByText(/No one is taking this assessment under proctoring yet/),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('switch', { name: 'Flagged only' }));
      expect(await screen.findByText(/Nobody matches these filters/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(
        await screen.findByText(/No one is taking this assessment under proctoring yet/),
      ).toBeTruthy();
    } finally {
      rows = [makeRow()];
    }
  });

  it('refetches when the stream says this assessment changed, not for another', async () => {
    const { emit } = open();
    await screen.findByRole('list', { name: 'Learners' });
    const before = gridQueries().length;
    await act(async () => {
      emit('proctoring.updated', { assessment: 2, session: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(gridQueries().length).toBe(before);
    act(() => emit('proctoring.updated', { assessment: 1, session: 9 }));
    await waitFor(() => expect(gridQueries().length).toBe(before + 1));
  });

  it('polls every 15 seconds: "lost" comes from time passing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open();
      await screen.findByRole('list', { name: 'Learners' });
      const before = gridQueries().length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_500);
      });
      await waitFor(() => expect(gridQueries().length).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows one group with a way back to all', async () => {
    open('/assessment/1/proctor-view-card/3');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeTruthy();
    await waitFor(() => expect(gridQueries().at(-1)).toMatchObject({ group: 3 }));
    expect(screen.getByRole('link', { name: 'All groups' }).getAttribute('href')).toBe(
      '/assessment/1/proctor/',
    );
    const sales = screen.getByRole('link', { name: 'Sales (4)' });
    expect(sales.getAttribute('aria-current')).toBe('page');
  });
});
