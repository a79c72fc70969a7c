import {
  type Operation,
  REPORT_EXPORT_PROGRESS,
  ROLE,
  reportExportOps,
  type TReportExport,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { fakeRealtime } from '../../../shared/testing/fake-realtime.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { REPORT_NOTICE } from '../labels.ts';
import DownloadReportPage from './download-report.page.tsx';
import DownloadsPage from './downloads.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const base: TReportExport = {
  id: 7,
  title: 'Course Completion',
  format: 'csv',
  status: 'running',
  progress: 10,
  rows_done: 500,
  row_count: 5000,
  file_name: null,
  file_size: null,
  error: null,
  created_at: '2026-12-07T10:00:00Z',
  finished_at: null,
  expires_at: '2026-12-14T10:00:00Z',
};
const done: TReportExport = {
  ...base,
  id: 8,
  title: 'Top Courses',
  format: 'xlsx',
  status: 'done',
  progress: 100,
  rows_done: 5,
  row_count: 5,
  file_name: 'top-courses-2026-12-07.xlsx',
  file_size: 2048,
};

const calls: { op: Operation; args: Record<string, unknown> }[] = [];
let current: TReportExport = base;

beforeEach(() => {
  calls.length = 0;
  current = base;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === reportExportOps.get) return current;
    if (op === reportExportOps.list) {
      return { count: 2, next: null, previous: null, results: [base, done] };
    }
    if (op === reportExportOps.remove) return null;
    throw new Error(`unexpected ${op.path}`);
  }) as never);
});

const staff = { roleId: ROLE.ADMIN, permittedPaths: ['/reports'] };

describe('download report page', () => {
  it('asks for patience, shows live progress, then offers the file', async () => {
    const realtime = fakeRealtime();
    renderWithApp(<DownloadReportPage />, {
      ...staff,
      path: '/download-report/:id',
      url: '/download-report/7',
      realtime,
    });
    expect(await screen.findByText(REPORT_NOTICE)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Report progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('10');

    await realtime.deliver(REPORT_EXPORT_PROGRESS, {
      id: 7,
      status: 'running',
      progress: 60,
      rows_done: 3000,
    });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('60'));
    expect(screen.getByText(/3,000 of 5,000 rows/)).toBeTruthy();
    // Another export's progress changes nothing here.
    await realtime.deliver(REPORT_EXPORT_PROGRESS, {
      id: 99,
      status: 'running',
      progress: 90,
      rows_done: 1,
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('60');

    current = { ...base, ...done, id: 7 };
    await realtime.deliver(REPORT_EXPORT_PROGRESS, {
      id: 7,
      status: 'done',
      progress: 100,
      rows_done: 5,
    });
    expect(
      await screen.findByRole('button', { name: 'Download top-courses-2026-12-07.xlsx' }),
    ).toBeTruthy();
    expect(screen.queryByText(REPORT_NOTICE)).toBeNull();
  });

  it('shows why an export failed', async () => {
    current = { ...base, status: 'failed', error: 'Department not found.' };
    renderWithApp(<DownloadReportPage />, {
      ...staff,
      path: '/download-report/:id',
      url: '/download-report/7',
    });
    expect(await screen.findByText('Department not found.')).toBeTruthy();
  });
});

describe('my downloads', () => {
  it('lists exports with their status and deletes one after confirmation', async () => {
    renderWithApp(<DownloadsPage />, { ...staff, url: '/reports/downloads' });
    const table = await screen.findByRole('table', { name: 'My downloads' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Generating 10%')).toBeTruthy();
    expect(within(rows[2]!).getByText('Ready')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: /^Download/ })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /^Download/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Top Courses (XLSX)' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.op === reportExportOps.remove)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === reportExportOps.remove)?.args).toMatchObject({
        params: { id: 8 },
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('The download is deleted.'));
  });
});
