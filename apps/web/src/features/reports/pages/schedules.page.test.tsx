import { type Operation, scheduleOps, type TSchedule, userOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import SchedulesPage from './schedules.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const schedule: TSchedule = {
  id: 4,
  name: 'Monday status',
  source: { kind: 'widget', widget: 'user-status', query: {} },
  format: 'xlsx',
  recurrence: {
    frequency: 'weekly',
    weekday: 1,
    day_of_month: null,
    time: '08:00',
    timezone: 'Europe/London',
  },
  recipients: { users: [7], roles: [3] },
  recipient_users: [{ id: 7, name: 'Ann Admin' }],
  send_when_empty: false,
  active: true,
  created_by: { id: 7, name: 'Ann Admin' },
  next_run_at: '2026-12-14T08:00:00.000Z',
  last_run_at: '2026-12-07T08:00:00.000Z',
  last_status: 'partial',
  created_at: '2026-12-01T08:00:00.000Z',
  abilities: { edit: true, delete: true },
};

const calls: { op: Operation; args: Record<string, unknown> }[] = [];
let rows: TSchedule[] = [schedule];

beforeEach(() => {
  calls.length = 0;
  rows = [schedule];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    switch (op) {
      case scheduleOps.schedules:
        return { count: rows.length, next: null, previous: null, results: rows };
      case scheduleOps.updateSchedule:
        return { ...schedule, ...(args.body as object) };
      case scheduleOps.createSchedule:
        return { ...schedule, id: 9 };
      case scheduleOps.removeSchedule:
        return null;
      case userOps.list:
        return { count: 0, next: null, previous: null, results: [] };
      default:
        throw new Error(`unexpected ${op.path}`);
    }
  }) as unknown as typeof call);
});

const open = () =>
  renderWithApp(<SchedulesPage />, { path: '/reports/schedules', url: '/reports/schedules' });

describe('scheduled reports page', () => {
  it('lists schedules with their recurrence, next run and last outcome', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    expect(within(table).getByText('Monday status')).toBeTruthy();
    expect(within(table).getByText('Every Monday at 08:00 (Europe/London)')).toBeTruthy();
    expect(within(table).getByText('Partly sent')).toBeTruthy();
    expect(within(table).getByText(/User status · XLSX/)).toBeTruthy();
  });

  it('pauses a schedule with its switch', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: 'Send Monday status on schedule' });
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.op === scheduleOps.updateSchedule)?.args).toMatchObject({
        params: { id: 4 },
        body: { active: false },
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('The schedule is paused.'));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('deletes after confirmation', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Monday status' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.op === scheduleOps.removeSchedule)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === scheduleOps.removeSchedule)?.args).toEqual({
        params: { id: 4 },
      }),
    );
  });

  it('shows the empty state, and creates a schedule from the dialog', async () => {
    rows = [];
    open();
    expect(await screen.findByText(/No scheduled reports yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Weekly' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Trainers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === scheduleOps.createSchedule)?.args).toMatchObject({
        body: {
          name: 'Weekly',
          source: { kind: 'widget', widget: 'user-statistic-report', query: {} },
          recurrence: { frequency: 'weekly', weekday: 1, time: '08:00' },
          recipients: { users: [], roles: [3] },
          format: 'xlsx',
          send_when_empty: false,
        },
      }),
    );
  });
});
