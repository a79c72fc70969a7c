import {
  type Operation,
  plagiarismOps,
  ROLE,
  type TPlagiarismCheck,
  type TPlagiarismCheckDetail,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import CheckPage from './check.page.tsx';
import PlagiarismPage from './plagiarism.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];

const check: TPlagiarismCheck = {
  id: 3,
  submission: 9,
  course: { id: 1, title: 'History 101' },
  assignment: { id: 2, title: 'Essay' },
  learner: { id: 7, fullname: 'Casey Copier' },
  status: 'done',
  error: null,
  score: 72.5,
  threshold: 40,
  over_threshold: true,
  flagged: false,
  match_count: 1,
  submitted_at: '2026-12-01T09:00:00Z',
  checked_at: '2026-12-01T09:01:00Z',
  abilities: { decide: true, configure: true },
};
const MINE = 'Intro. Steam engines replaced water wheels. Outro.';
const THEIRS = 'Before. Steam engines replaced water wheels. After.';
const detail: TPlagiarismCheckDetail = {
  ...check,
  text: MINE,
  matches: [
    {
      id: 11,
      score: 72.5,
      other: {
        check: 1,
        submission: 8,
        learner: { id: 6, fullname: 'Olive Original' },
        course: { id: 1, title: 'History 101' },
        assignment: { id: 2, title: 'Essay' },
        submitted_at: '2026-12-01T08:00:00Z',
      },
      other_visible: true,
      other_text: THEIRS,
      passages: [{ start: 7, end: 43, other_start: 8, other_end: 44 }],
      decision: 'pending',
      note: '',
      decided_by: null,
      decided_at: null,
    },
  ],
};
const page = (results: TPlagiarismCheck[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === plagiarismOps.checks) return page(args.query?.status === 'failed' ? [] : [check]);
    if (op === plagiarismOps.check) return detail;
    if (op === plagiarismOps.decide) return { ...detail.matches[0], decision: 'flagged' };
    if (op === plagiarismOps.settings)
      return { assignment: 2, threshold: 40, show_learners: false };
    if (op === plagiarismOps.updateSettings) return { assignment: 2, ...(args.body as object) };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('PlagiarismPage', () => {
  it('lists checks with their score, highlights those over the threshold, and filters', async () => {
    renderWithApp(<PlagiarismPage />, { roleId: ROLE.TRAINER });
    const list = await screen.findByRole('list', { name: 'Checked submissions' });
    expect(within(list).getByText('Casey Copier')).toBeTruthy();
    expect(within(list).getByLabelText('72.5 percent similar, over the threshold')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('No checks match these filters.')).toBeTruthy();
  }, 30_000);

  it('filters by an assignment and changes its settings', async () => {
    renderWithApp(<PlagiarismPage />, { roleId: ROLE.TRAINER });
    fireEvent.click(await screen.findByText('This assignment'));
    fireEvent.click(await screen.findByRole('button', { name: 'Assignment settings' }));
    const threshold = await screen.findByRole('spinbutton', { name: /Similarity threshold/ });
    fireEvent.change(threshold, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 1 %.')).toBeTruthy();
    fireEvent.change(threshold, { target: { value: '60' } });
    fireEvent.click(screen.getByLabelText('Learners see their own score'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === plagiarismOps.updateSettings)?.args.body).toEqual({
        threshold: 60,
        show_learners: true,
      }),
    );
    expect(calls.some((c) => c.op === plagiarismOps.checks && c.args.query?.assignment === 2)).toBe(
      true,
    );
  }, 30_000);
});

describe('CheckPage', () => {
  it('shows both texts with the passage highlighted on each side and records a flag', async () => {
    renderWithApp(<CheckPage />, {
      path: '/plagiarism/:id',
      url: '/plagiarism/3',
      roleId: ROLE.ADMIN,
    });
    await screen.findAllByRole('button', { name: /Steam engines replaced water wheels/ });
    const marks = [...document.querySelectorAll<HTMLElement>('mark[data-passage="1"]')];
    expect(marks).toHaveLength(2);
    expect(marks[0]!.textContent).toContain('Steam engines replaced water wheels');
    expect(marks[1]!.textContent).toContain('Steam engines replaced water wheels');
    const scrolled = vi.fn();
    marks[1]!.scrollIntoView = scrolled;
    fireEvent.click(marks[0]!);
    expect(scrolled).toHaveBeenCalled();
    expect(document.activeElement).toBe(marks[1]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Same paragraph.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Flag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === plagiarismOps.decide)?.args).toMatchObject({
        params: { id: 11 },
        body: { decision: 'flagged', note: 'Same paragraph.' },
      }),
    );
  }, 30_000);
});
