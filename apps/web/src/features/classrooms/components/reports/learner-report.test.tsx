import {
  classroomBookingOps,
  classroomReportOps,
  type Operation,
  type TClassroomLearnerReport,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { saveBlob } from '../../../../shared/api/download.ts';
import ClassroomHomePage from '../../pages/classroom-home.page.tsx';
import { makeSession, page } from '../../test-classrooms.ts';
import { renderWithApp } from '../../test-render.tsx';
import { AttendeesTable } from '../attendees/attendees-table.tsx';
import { LearnerReport } from './learner-report.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-03-10',
}));

const mine: TClassroomLearnerReport = {
  user: { id: 5, fullname: 'Lee Learner', email: 'lee@example.test' },
  bookings: [
    {
      booking: 31,
      session: 22,
      session_title: 'Forklift practice',
      class: 4,
      class_name: 'March cohort',
      classroom_title: 'Warehouse safety',
      starts_at: '2026-03-05T09:00:00.000Z',
      session_status: 'completed',
      status: 'partial',
      attendance: 'late',
      checked_in_at: '2026-03-05T09:12:00.000Z',
    },
    {
      booking: 30,
      session: 21,
      session_title: 'Forklift basics',
      class: 4,
      class_name: 'March cohort',
      classroom_title: 'Warehouse safety',
      starts_at: '2026-03-03T09:00:00.000Z',
      session_status: 'completed',
      status: 'no_show',
      attendance: 'excused',
      checked_in_at: null,
    },
  ],
  classes: [
    {
      class: 4,
      class_name: 'March cohort',
      classroom_title: 'Warehouse safety',
      attended: 1,
      total: 2,
      completed: false,
      completed_at: null,
    },
    {
      class: 5,
      class_name: 'April cohort',
      classroom_title: 'Warehouse safety',
      attended: 2,
      total: 2,
      completed: true,
      completed_at: '2026-04-02T10:00:00.000Z',
    },
  ],
};

let answer: () => Promise<unknown>;
const calls: { op: Operation; query?: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  answer = async () => mine;
  vi.mocked(saveBlob).mockClear();
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    calls.push({ op, query: args.query });
    if (op === classroomReportOps.learnerReport) return answer();
    if (op === classroomReportOps.learnerReportExport) return new Blob(['x']);
    if (op === classroomBookingOps.attendees) {
      return page([
        {
          id: 30,
          user: { id: 8, fullname: 'Ann Archer', email: 'ann@example.test' },
          status: 'booked',
          attendance: null,
          waitlist_position: null,
          requested_at: '2026-03-01T09:00:00.000Z',
          booked_at: '2026-03-01T09:00:00.000Z',
          checked_in_at: null,
          checkin_method: null,
        },
      ]);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('LearnerReport', () => {
  it('a learner reads their own classes, completion and every booking with its mark', async () => {
    renderWithApp(<LearnerReport />);
    const classes = await screen.findByRole('list', { name: 'Classes and completion' });
    expect(calls[0]?.query).toEqual({});
    const march = within(classes).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(march).getByText(/1\/2 sessions attended/)).toBeTruthy();
    expect(within(march).getByText('Not completed')).toBeTruthy();
    expect(
      within(march).getByRole('progressbar', { name: 'March cohort: 1 of 2 sessions attended' }),
    ).toBeTruthy();
    expect(within(classes).getByText(/^Completed /)).toBeTruthy();

    const bookings = screen.getByRole('table', { name: 'Bookings' });
    const late = within(bookings).getByRole('row', { name: /Forklift practice/ });
    expect(within(late).getByText('Partly attended')).toBeTruthy();
    expect(within(late).getByText('Late')).toBeTruthy();
    const excused = within(bookings).getByRole('row', { name: /Forklift basics/ });
    expect(within(excused).getByText('Excused')).toBeTruthy();
  });

  it('exports the learner’s own report', async () => {
    renderWithApp(<LearnerReport />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export my attendance as CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(calls.find((c) => c.op === classroomReportOps.learnerReportExport)?.query).toEqual({
      format: 'csv',
    });
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('my-attendance-2026-03-10.csv');
  });

  it('is the learner’s "My attendance" tab of the classroom home', async () => {
    renderWithApp(<ClassroomHomePage />, { url: '/classroom?tab=attendance' });
    expect(await screen.findByRole('tab', { name: 'My attendance', selected: true })).toBeTruthy();
    await screen.findByRole('table', { name: 'Bookings' });
  });

  it('says when there are no bookings yet', async () => {
    answer = async () => ({ ...mine, bookings: [], classes: [] });
    renderWithApp(<LearnerReport />);
    expect(await screen.findByText('No bookings yet.')).toBeTruthy();
    expect(screen.getByText('You have not booked into a class yet.')).toBeTruthy();
  });

  it('staff open a learner’s report from the attendees list, about that learner', async () => {
    renderWithApp(
      <AttendeesTable
        session={makeSession({
          abilities: { edit: true, cancel: true, attendance: true, book: false },
        })}
      />,
      { roleId: 3 },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Ann Archer' }));
    const dialog = await screen.findByRole('dialog', { name: /Ann Archer/ });
    await within(dialog).findByRole('table', { name: 'Bookings' });
    expect(calls.find((c) => c.op === classroomReportOps.learnerReport)?.query).toEqual({
      user_id: 8,
    });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Export the learner report as XLSX' }),
    );
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(calls.find((c) => c.op === classroomReportOps.learnerReportExport)?.query).toEqual({
      user_id: 8,
      format: 'xlsx',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
