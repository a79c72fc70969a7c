import { type Operation, organisationOps, ROLE, reportOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import {
  SessionContext,
  type SessionValue,
  useSession,
} from '../../../shared/session/session-context.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import type { Dataset } from '../datasets.ts';
import { REPORT_NOTICE } from '../labels.ts';
import * as fixtures from '../test-reports.ts';
import ReportsPage from './reports.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

// jsdom lays nothing out, so the chart is a stub that shows the figures it was given: the test
// can then hold the table against exactly what the chart draws.
vi.mock('../components/dataset-chart.tsx', () => ({
  default: ({ dataset }: { dataset: Dataset }) => (
    <pre data-testid="chart">{JSON.stringify(dataset.rows.map((r) => [r.label, ...r.values]))}</pre>
  ),
}));

const calls: { op: Operation; args: Record<string, unknown> }[] = [];
let failing: Operation | null = null;
let hanging: Operation | null = null;
let empty = false;
let summarisedAt: string | null = null;

beforeEach(() => {
  calls.length = 0;
  summarisedAt = null;
  failing = null;
  hanging = null;
  empty = false;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === hanging) return new Promise(() => {});
    if (op === failing)
      throw new ApiError({ status: 500, message: 'Report failed.', hasServerMessage: true });
    const query = (args.query ?? {}) as Record<string, unknown>;
    const year = Number(query.year ?? 2026);
    switch (op) {
      case reportOps.userStatistics:
        return fixtures.statistics;
      case reportOps.topCourse:
        return empty ? { results: [] } : fixtures.topCourses;
      case reportOps.categoryStatistics:
        return fixtures.categories;
      case reportOps.topLearner:
        return fixtures.topLearners(query.role_name as 'learner' | 'trainer');
      case reportOps.userStatus:
        return fixtures.userStatus;
      case reportOps.loginChart:
        return fixtures.monthly(year, [
          { key: 'logins', label: 'Sign-ins', at: { 1: 12, 2: 9 } },
          { key: 'users', label: 'Users signing in', at: { 1: 5, 2: 4 } },
        ]);
      case reportOps.completionChart:
        return fixtures.monthly(year, [
          { key: 'enrolled', label: 'Enrolments', at: { 3: 6 } },
          { key: 'completed', label: 'Completions', at: { 3: 2 } },
        ]);
      case reportOps.timeSpentMonthly:
        return fixtures.monthly(year, [{ key: 'seconds', label: 'Time spent', at: { 1: 3600 } }]);
      case reportOps.courseCompletion:
        return empty ? fixtures.page([]) : fixtures.courseCompletion;
      case reportOps.courseCompletionTrainer:
        return fixtures.trainerCompletion;
      case reportOps.freshness:
        return summarisedAt
          ? { summarised: true, as_of: summarisedAt, refresh_minutes: 15 }
          : { summarised: false, as_of: null, refresh_minutes: null };
      case organisationOps.list:
        return fixtures.page([{ id: 4, title: 'Acme' }]);
      case organisationOps.departmentsOf:
        return [
          {
            id: 9,
            organization: 4,
            name: 'Sales',
            head: null,
            user_count: 3,
            designation_count: 1,
            location_count: 0,
          },
        ];
      case organisationOps.designationsOf:
        return [{ id: 11, department: 9, name: 'Analyst', user_count: 2 }];
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

/** The shared test session has no membership: give it the organisation an admin belongs to. */
function WithOrganisation({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = {
    ...session.user,
    membership: { organization: { id: 4, title: 'Acme', acronym: 'AC' } },
  };
  return <SessionContext value={{ ...session, user } as SessionValue}>{children}</SessionContext>;
}

const open = (roleId: number = ROLE.ADMIN, url = '/reports') =>
  renderWithApp(
    <WithOrganisation>
      <ReportsPage />
    </WithOrganisation>,
    { path: '/reports', url, roleId },
  );

const queriesOf = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args.query);
const card = (name: string) => screen.getByRole('region', { name });

async function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// A whole page of widgets per test: slow on a busy machine.
describe('ReportsPage', { timeout: 20_000 }, () => {
  it('shows every widget’s figures to an admin, without the organisation filter', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    const stats = card('Current statistics');
    expect(await within(stats).findByText('301')).toBeTruthy();
    expect(within(stats).getByText('Sign-ins')).toBeTruthy();
    await within(card('Top 5 courses')).findByRole('table', { name: 'Top courses by enrolments' });
    expect(await within(card('Top trainers')).findAllByText('Tom Trainer')).toBeTruthy();
    expect(await within(card('Course completion')).findByText('82.5 %')).toBeTruthy();
    expect(await within(card('Trainer completion')).findByText('68 %')).toBeTruthy();
    expect(await within(card('Users by status')).findByText('Awaiting approval')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).toBeNull();
    // An admin's departments are their organisation's.
    await choose('Department', 'Sales');
    await waitFor(() => expect(queriesOf(reportOps.topCourse).at(-1)).toEqual({ department: 9 }));
  });

  it('says when the figures of a large organisation were taken; nothing for live ones', async () => {
    summarisedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    open();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'Figures taken 5 minutes ago, refreshed every 15 minutes. Filtered and date-range figures are live.',
    );
    expect(queriesOf(reportOps.freshness)).toEqual([{}]);
  });

  it('shows no freshness note when the figures are live', async () => {
    open();
    await within(card('Current statistics')).findByText('301');
    await waitFor(() => expect(queriesOf(reportOps.freshness)).toHaveLength(1));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('the table alternative holds the numbers the chart draws', async () => {
    open();
    const courses = card('Top 5 courses');
    const chart = await within(courses).findByTestId('chart');
    expect(JSON.parse(chart.textContent ?? '')).toEqual([
      ['Safety basics', 20, 15, 75],
      ['Fire drill', 10, 2, 20],
    ]);
    fireEvent.click(within(courses).getByRole('button', { name: 'Table' }));
    expect(within(courses).queryByTestId('chart')).toBeNull();
    const table = within(courses).getByRole('table', { name: 'Top courses by enrolments' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Course', 'Enrolled', 'Completed', 'Completion rate'],
      ['Safety basics', '20', '15', '75 %'],
      ['Fire drill', '10', '2', '20 %'],
    ]);
    // A month chart: twelve months, the same figures as the chart's.
    const signIns = card('Sign-ins per month');
    const drawn = JSON.parse((await within(signIns).findByTestId('chart')).textContent ?? '');
    expect(drawn).toHaveLength(12);
    const hidden = within(signIns).getByRole('table', { name: 'Sign-ins per month, 2026' });
    const january = within(hidden).getAllByRole('row')[1]!;
    expect(
      within(january)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '5']);
    expect(drawn[0].slice(1)).toEqual([12, 5]);
  });

  it('filter changes refetch with the right query and land in the URL', async () => {
    const { router } = open();
    await within(card('Current statistics')).findByText('301');
    await choose('Year', '2025');
    await waitFor(() => expect(queriesOf(reportOps.loginChart).at(-1)).toEqual({ year: 2025 }));
    expect(queriesOf(reportOps.courseCompletionTrainer).at(-1)).toEqual({
      year: 2025,
      page: 1,
      page_size: 10,
    });
    await choose('User type', 'Learners');
    await waitFor(() =>
      expect(queriesOf(reportOps.userStatus).at(-1)).toEqual({ user_type: 'learner' }),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(queriesOf(reportOps.courseCompletion).at(-1)).toEqual({
        from: '2026-01-01',
        user_type: 'learner',
        page: 1,
        page_size: 10,
      }),
    );
    expect(router.state.location.search).toBe('?from=2026-01-01&year=2025&user_type=learner');
    // An end before the start is flagged and left out rather than sent.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-01' } });
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(queriesOf(reportOps.topCourse).every((q) => !(q as { to?: string }).to)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the filters of a shared link', async () => {
    open(ROLE.ADMIN, '/reports?department=9&designation=11&year=2024&organisation=3');
    // Only a superadmin picks an organisation: the admin's link ignores it.
    await waitFor(() =>
      expect(queriesOf(reportOps.completionChart)[0]).toEqual({
        department: 9,
        designation: 11,
        year: 2024,
      }),
    );
  });

  it('a superadmin picks an organisation, then its departments and designations', async () => {
    open(ROLE.SUPERADMIN);
    await within(card('Current statistics')).findByText('301');
    expect(screen.getByText('Choose an organisation first.')).toBeTruthy();
    await choose('Organisation', 'Acme');
    await waitFor(() =>
      expect(queriesOf(reportOps.userStatus).at(-1)).toEqual({ organisation: 4 }),
    );
    await choose('Department', 'Sales');
    await choose('Designation', 'Analyst');
    await waitFor(() =>
      expect(queriesOf(reportOps.topLearner).at(-1)).toEqual({
        organisation: 4,
        department: 9,
        designation: 11,
        role_name: 'trainer',
      }),
    );
  });

  it('a trainer sees their courses’ reports, without the trainer widgets', async () => {
    open(ROLE.TRAINER);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My courses’ reports' }),
    ).toBeTruthy();
    await within(card('Top learners')).findAllByText('Ada Learner');
    expect(screen.queryByRole('region', { name: 'Top trainers' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Trainer completion' })).toBeNull();
    expect(queriesOf(reportOps.courseCompletionTrainer)).toEqual([]);
  });

  it('says so when there is nothing to show, and shows a failing report’s message with a retry', async () => {
    empty = true;
    failing = reportOps.userStatus;
    open();
    expect(await screen.findByText('No enrolments for these filters.')).toBeTruthy();
    expect(await screen.findByText('No courses to report on for these filters.')).toBeTruthy();
    const status = card('Users by status');
    expect(await within(status).findByText('Report failed.')).toBeTruthy();
    failing = null;
    fireEvent.click(within(status).getByRole('button', { name: 'Retry' }));
    expect(await within(status).findByText('Awaiting approval')).toBeTruthy();
  });

  it('asks for patience while a report is slow (spec §9)', async () => {
    hanging = reportOps.courseCompletion;
    open();
    await within(card('Current statistics')).findByText('301');
    expect(screen.queryByText(REPORT_NOTICE)).toBeNull();
    expect(await screen.findByText(REPORT_NOTICE, {}, { timeout: 2500 })).toBeTruthy();
  });
});
