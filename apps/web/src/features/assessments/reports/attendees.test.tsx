import {
  assessmentOps,
  assessmentReportOps,
  type Operation,
  ZAssessmentReportDetail,
  ZAttendee,
} from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { makeDetail, page, renderWithApp } from '../authoring/test-utils.tsx';
import AttendeesPage from '../pages/attendees.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-03-01',
}));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// Charts are pictures; the test reads the figures from the tables.
vi.mock('./score-charts.tsx', () => ({ default: () => <p>Charts</p> }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const queries = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args.query);
const xlsx = new Blob(['x']);

const attendee = (id: number, name: string, over: object = {}) =>
  ZAttendee.parse({
    user: {
      id,
      fullname: name,
      email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      department: 'Ops',
    },
    status: 'graded',
    attempts_used: 1,
    last_attempt: id * 100,
    last_submitted_at: '2026-02-01T10:00:00.000Z',
    time_taken_seconds: 754,
    score: 8,
    percent: 80,
    passed: true,
    pending_manual: 0,
    ...over,
  });
const report = ZAssessmentReportDetail.parse({
  assessment: { id: 1, title: 'Fire safety', pass_mark: 50 },
  summary: {
    assigned: 3,
    started: 2,
    submitted: 2,
    graded: 2,
    passed: 1,
    average_percent: 55,
    median_percent: 55,
    average_time_seconds: 700,
  },
  distribution: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0],
  items: [
    {
      question: { id: 10, title: 'Exits', type: 'single_choice' },
      version: 1,
      responses: 2,
      facility: 0.5,
      discrimination: -0.1,
      options: [
        { id: 'a', label: 'Left', count: 1, correct: true },
        { id: 'b', label: 'Right', count: 1, correct: false },
      ],
    },
  ],
});

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === assessmentReportOps.attendees) {
      const rows = [
        attendee(1, 'Ann Able'),
        attendee(2, 'Bob Brown', { status: 'graded', percent: 30, score: 3, passed: false }),
        attendee(3, 'Cy Cole', {
          status: 'not_attempted',
          attempts_used: 0,
          last_attempt: null,
          last_submitted_at: null,
          time_taken_seconds: null,
          score: null,
          percent: null,
          passed: null,
        }),
      ];
      return page(args.query?.status === 'not_attempted' ? rows.slice(2) : rows);
    }
    if (op === assessmentReportOps.detail) return report;
    if (op === assessmentOps.read) return makeDetail();
    if (op === assessmentReportOps.export) return xlsx;
    if (op === assessmentOps.regrade) return { attempts: 2, changed: 1 };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = () =>
  renderWithApp(<AttendeesPage />, {
    path: '/assessment/attendees-list/:id',
    url: '/assessment/attendees-list/1',
  });

describe('AttendeesPage', () => {
  it('shows the attendees with their result and a link to the last attempt', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Attendees' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByRole('link', { name: 'Ann Able' }).getAttribute('href')).toBe(
      '/assessment/result/100',
    );
    expect(within(table).queryByRole('link', { name: 'Cy Cole' })).toBeNull();
    expect(within(table).getByText('Not passed')).toBeTruthy();
    expect(within(table).getAllByText('12 min 34 s')).toHaveLength(2);
    // The item analysis says what a negative discrimination means.
    expect(screen.getByText('Negative: check the key')).toBeTruthy();
    expect(screen.getByText('1 of 2 graded')).toBeTruthy();
  });

  it('filters by status and by a date preset, for the table and the report', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Attendees' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not attempted' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(queries(assessmentReportOps.attendees).at(-1)).toEqual({
      date_filter: 'all',
      status: 'not_attempted',
      page: 1,
      page_size: 20,
    });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Submitted' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(queries(assessmentReportOps.detail).at(-1)).toEqual({
        assessment: 1,
        date_filter: '30d',
      }),
    );
    expect(queries(assessmentReportOps.attendees).at(-1)).toMatchObject({
      date_filter: '30d',
      status: 'not_attempted',
    });
  });

  it('exports through the API client and regrades after a confirmation', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(xlsx, 'assessment-1-report-2026-03-01.xlsx'),
    );
    expect(queries(assessmentReportOps.export)[0]).toEqual({
      assessment: 1,
      format: 'xlsx',
      date_filter: 'all',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Regrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regrade submitted attempts?' });
    expect(calls.some((c) => c.op === assessmentOps.regrade)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regrade' }));
    expect(await screen.findByText('2 attempts regraded; 1 score changed.')).toBeTruthy();
  });
});
