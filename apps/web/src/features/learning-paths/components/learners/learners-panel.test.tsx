import { learningPathOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { saveBlob } from '../../../../shared/api/download.ts';
import { makeDetail, makeEnrolment, page } from '../../test-paths.ts';
import { renderWithApp } from '../../test-render.tsx';
import { LearnersPanel } from './learners-panel.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-03-01',
}));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const queries = () =>
  calls.filter((c) => c.op === learningPathOps.enrolments).map((c) => c.args.query);
const csv = new Blob(['name,state\n'], { type: 'text/csv' });

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === learningPathOps.enrolments) {
      const rows = [
        makeEnrolment(1, 'Ann Able', { due_at: '2020-01-01T10:00:00.000Z' }),
        makeEnrolment(2, 'Bob Brown', { state: 'completed', progress_percent: 100 }),
      ];
      return page(args.query?.state === 'overdue' ? rows.slice(0, 1) : rows);
    }
    if (op === learningPathOps.exportEnrolments) return csv;
    if (op === learningPathOps.removeMany) return { removed: 2 };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const manager = () => makeDetail({ abilities: { edit: true, manage: true } as never });

describe('LearnersPanel', () => {
  it('filters the progress table by state', async () => {
    renderWithApp(<LearnersPanel path={manager()} />);
    const table = await screen.findByRole('table', { name: 'Learners and their progress' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The past due date makes Ann overdue even before the server's sweep says so.
    expect(within(table).getByText('Overdue')).toBeTruthy();
    expect(queries()[0]).toEqual({ learning_path: 1, page: 1, page_size: 10 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({
        learning_path: 1,
        state: 'overdue',
        page: 1,
        page_size: 10,
      }),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('exports the table as CSV through the API client', async () => {
    renderWithApp(<LearnersPanel path={manager()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(csv, 'learning-path-1-learners-2026-03-01.csv'),
    );
    const sent = calls.find((c) => c.op === learningPathOps.exportEnrolments);
    expect(sent?.args.query).toEqual({ learning_path: 1 });
  });

  it('removes the selected learners after a confirmation', async () => {
    renderWithApp(<LearnersPanel path={manager()} />);
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'Select all learners on this page' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove from path' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2 learners?' });
    expect(calls.some((c) => c.op === learningPathOps.removeMany)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === learningPathOps.removeMany)?.args.body).toEqual({
        learning_path: 1,
        ids: [1, 2],
      }),
    );
  });
});
