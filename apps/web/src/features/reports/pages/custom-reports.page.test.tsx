import {
  builderOps,
  type Operation,
  type TBuilderSource,
  type TSavedReport,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import CustomReportPage from './custom-report.page.tsx';
import CustomReportsPage from './custom-reports.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const definition = {
  source: 'course_progress' as const,
  columns: ['course'],
  filters: [],
  group_by: 'course',
  aggregates: [{ column: 'progress', fn: 'avg' as const }],
  sort: [],
};
const saved: TSavedReport = {
  id: 5,
  name: 'Progress by course',
  description: 'Monthly',
  definition,
  shared_roles: [3],
  owner: { id: 7, fullname: 'Ann Admin' },
  mine: false,
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-02T08:00:00.000Z',
  abilities: { edit: false, delete: false, run: true },
};
const source: TBuilderSource = {
  key: 'course_progress',
  title: 'Course progress',
  section: 'courses',
  date_column: 'enrolled_at',
  columns: [
    { key: 'course', label: 'Course', type: 'text', groupable: true, aggregatable: false },
    { key: 'progress', label: 'Progress', type: 'percent', groupable: false, aggregatable: true },
    { key: 'enrolled_at', label: 'Enrolled', type: 'date', groupable: true, aggregatable: false },
  ],
};

const calls: { op: Operation; args: Record<string, unknown> }[] = [];
let rows: TSavedReport[] = [saved];

beforeEach(() => {
  calls.length = 0;
  rows = [saved];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    switch (op) {
      case builderOps.list:
        return { count: rows.length, next: null, previous: null, results: rows };
      case builderOps.get:
        return saved;
      case builderOps.sources:
        return { results: [source] };
      case builderOps.run:
        return {
          columns: [
            { key: 'course', label: 'Course', type: 'text' },
            { key: 'count', label: 'Count', type: 'number' },
            { key: 'avg_progress', label: 'Average of progress', type: 'percent' },
          ],
          count: 1,
          count_capped: false,
          page: 1,
          page_size: 20,
          results: [{ course: 'Alpha', count: 3, avg_progress: 50 }],
        };
      case builderOps.create:
        return { ...saved, id: 9, mine: true };
      default:
        throw new Error(`unexpected ${op.path}`);
    }
  }) as unknown as typeof call);
});

describe('custom reports', () => {
  it('lists saved reports with their owner, and shows the empty state', async () => {
    renderWithApp(<CustomReportsPage />, { path: '/reports/custom', url: '/reports/custom' });
    const table = await screen.findByRole('table', { name: 'Saved reports' });
    expect(within(table).getByRole('link', { name: 'Progress by course' })).toBeTruthy();
    expect(within(table).getByText('Ann Admin')).toBeTruthy();
    // Shared with the caller, not theirs: no delete.
    expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'New report' })).toBeTruthy();
  });

  it('shows an empty state without reports', async () => {
    rows = [];
    renderWithApp(<CustomReportsPage />, { path: '/reports/custom', url: '/reports/custom' });
    expect(await screen.findByText(/No custom reports yet/)).toBeTruthy();
  });

  it('opens a saved report as a view that runs it, without editing for a non-owner', async () => {
    renderWithApp(<CustomReportPage />, { path: '/reports/custom/:id', url: '/reports/custom/5' });
    expect(await screen.findByRole('heading', { name: 'Progress by course' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Report preview' });
    expect(within(table).getByText('Alpha')).toBeTruthy();
    expect(within(table).getByText('50%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await waitFor(() =>
      expect(calls.find((c) => c.op === builderOps.run)?.args).toMatchObject({
        body: { definition: { source: 'course_progress', group_by: 'course' }, page: 1 },
      }),
    );
  });

  it('builds a new report and saves it with its shared roles', async () => {
    renderWithApp(<CustomReportPage />, {
      path: '/reports/custom/new',
      url: '/reports/custom/new',
    });
    await screen.findByRole('heading', { name: 'New custom report' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Enrolled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Mine' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Trainer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === builderOps.create)?.args).toMatchObject({
        body: {
          name: 'Mine',
          shared_roles: [3],
          definition: { source: 'course_progress', columns: ['course', 'progress'] },
        },
      }),
    );
    // The editor's many fields render slowly on a loaded machine.
  }, 30_000);
});
