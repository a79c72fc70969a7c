import {
  classroomOps,
  classroomReportOps,
  type Operation,
  ROLE,
  type TClassDetail,
  type TClassReport,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { saveBlob } from '../../../../shared/api/download.ts';
import ClassEditorPage from '../../pages/class-editor.page.tsx';
import { makeClassroom } from '../../test-classrooms.ts';
import { renderWithApp } from '../../test-render.tsx';
import { ClassReport } from './class-report.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-03-10',
}));
// The chart library does not draw in jsdom; the table carries the numbers.
vi.mock('./session-rate-chart.tsx', () => ({
  default: ({ sessions }: { sessions: { id: number }[] }) => (
    <div data-testid="rate-chart">{sessions.length} bars</div>
  ),
}));

const session = (over: Partial<TClassReport['sessions'][number]>) => ({
  session: 21,
  title: 'Forklift basics',
  topic_title: 'Driving',
  starts_at: '2026-03-03T09:00:00.000Z',
  status: 'completed' as const,
  capacity: 10,
  booked: 4,
  attended: 2,
  partial: 1,
  no_show: 1,
  excused: 0,
  attendance_rate: 75,
  survey_average: 4.5,
  survey_count: 2,
  ...over,
});

function report(over: Partial<TClassReport> = {}): TClassReport {
  return {
    class: {
      id: 4,
      name: 'March cohort',
      classroom: 1,
      classroom_title: 'Warehouse safety',
      completion_percent: 80,
    },
    sessions: [
      session({}),
      session({
        session: 22,
        title: 'Forklift practice',
        status: 'cancelled',
        booked: 0,
        attended: 0,
        partial: 0,
        no_show: 2,
        excused: 2,
        attendance_rate: null,
        survey_average: null,
        survey_count: 0,
      }),
    ],
    learners: [
      {
        user: { id: 8, fullname: 'Ann Archer', email: 'ann@example.test' },
        attended: 1,
        partial: 1,
        total: 1,
        completed: true,
        completed_at: '2026-03-03T10:00:00.000Z',
      },
      {
        user: { id: 9, fullname: 'Ben Baker', email: 'ben@example.test' },
        attended: 0,
        partial: 0,
        total: 1,
        completed: false,
        completed_at: null,
      },
    ],
    survey: { average: 4.5, count: 2, questions: [], comments: [] },
    ...over,
  };
}

const classroom = makeClassroom();
const classDetail: TClassDetail = {
  id: 4,
  classroom: classroom.id,
  classroom_title: classroom.title,
  classroom_status: 'published',
  organisation: 1,
  name: 'March cohort',
  description: '',
  booking_mode: 'open',
  waitlist_closes_hours: 0,
  completion_percent: 80,
  survey_questions: [],
  is_cpd: false,
  topic_count: 0,
  session_count: 0,
  abilities: { edit: true, delete: true, publish: true },
  topics: [],
};

let answer: () => Promise<unknown>;
const calls: { op: Operation; query?: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  answer = async () => report();
  vi.mocked(saveBlob).mockClear();
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    calls.push({ op, query: args.query });
    if (op === classroomReportOps.classReport) return answer();
    if (op === classroomOps.classDetail) return classDetail;
    if (op === classroomReportOps.classReportExport) return new Blob(['name,email']);
    if (op === classroomReportOps.learnerReport) {
      return {
        user: { id: 8, fullname: 'Ann Archer', email: 'ann@example.test' },
        bookings: [],
        classes: [],
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('ClassReport', () => {
  it('lists each session’s seats, marks, rate and survey, with a chart of the held ones', async () => {
    renderWithApp(<ClassReport classId={4} />);
    const table = await screen.findByRole('table', { name: 'Sessions of the class' });
    expect(calls[0]?.query).toEqual({ class_id: 4 });
    const basics = within(table).getByRole('row', { name: /Forklift basics/ });
    const cells = within(basics)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Booked, attended, late, no-show, excused, rate, survey.
    expect(cells.slice(2)).toEqual(['4/10', '2', '1', '1', '0', '75 %', '4.5 (2)']);
    // An excused absence is not a no-show here; a cancelled session says so and has no bar.
    const practice = within(table).getByRole('row', { name: /Forklift practice/ });
    expect(within(practice).getByText('Cancelled')).toBeTruthy();
    expect(
      within(practice)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(5, 7),
    ).toEqual(['0', '2']);
    expect((await screen.findByTestId('rate-chart')).textContent).toBe('1 bars');
    const figures = screen.getByRole('group', { name: 'Class figures' });
    expect(within(figures).getByText('1/2')).toBeTruthy();
  });

  it('lists each learner’s sessions attended and completion', async () => {
    renderWithApp(<ClassReport classId={4} />);
    const learners = await screen.findByRole('table', { name: 'Learners of the class' });
    const ann = within(learners).getByRole('row', { name: /Ann Archer/ });
    expect(within(ann).getByText('1/1')).toBeTruthy();
    expect(within(ann).getByText('1 late')).toBeTruthy();
    expect(within(ann).getByText('Yes')).toBeTruthy();
    const ben = within(learners).getByRole('row', { name: /Ben Baker/ });
    expect(within(ben).getByText('0/1')).toBeTruthy();
    expect(within(ben).getByText('No')).toBeTruthy();
    expect(screen.getByText(/attending 80 % of its sessions/)).toBeTruthy();
  });

  it('exports the learners as CSV and as XLSX', async () => {
    renderWithApp(<ClassReport classId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export the class report as XLSX' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(calls.find((c) => c.op === classroomReportOps.classReportExport)?.query).toEqual({
      class_id: 4,
      format: 'xlsx',
    });
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('class-4-report-2026-03-10.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Export the class report as CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(2));
    expect(vi.mocked(saveBlob).mock.calls[1]?.[1]).toBe('class-4-report-2026-03-10.csv');
  });

  it('opens a learner’s attendance from their name', async () => {
    renderWithApp(<ClassReport classId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ann Archer' }));
    const dialog = await screen.findByRole('dialog', { name: /Ann Archer/ });
    await within(dialog).findByText('No bookings yet.');
    expect(calls.find((c) => c.op === classroomReportOps.learnerReport)?.query).toEqual({
      user_id: 8,
    });
  });

  it('says when there is nothing to report yet', async () => {
    answer = async () => report({ sessions: [], learners: [] });
    renderWithApp(<ClassReport classId={4} />);
    expect(
      await screen.findByText('No sessions yet. Add them under Topics and sessions.'),
    ).toBeTruthy();
    expect(screen.getByText('Nobody has booked a session of this class yet.')).toBeTruthy();
    expect(screen.queryByTestId('rate-chart')).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    answer = async () => {
      throw new ApiError({
        status: 403,
        message: 'Not your class. - Permission denied.',
        hasServerMessage: true,
      });
    };
    renderWithApp(<ClassReport classId={4} />);
    expect(await screen.findByText('Not your class. - Permission denied.')).toBeTruthy();
  });

  it('is the Report tab of the class editor', async () => {
    const { router } = renderWithApp(<ClassEditorPage />, {
      url: '/classroom/classes/edit?class=4',
      roleId: ROLE.ADMIN,
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Report' }));
    await screen.findByRole('table', { name: 'Sessions of the class' });
    expect(router.state.location.search).toBe('?class=4&view=report');
    expect(screen.queryByRole('textbox', { name: 'New topic' })).toBeNull();
  });
});
