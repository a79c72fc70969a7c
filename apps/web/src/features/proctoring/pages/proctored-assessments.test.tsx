import { assessmentOps, type Operation, proctoringOps, ROLE } from '@atrium/contract';
import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { makeSettings, page, renderProctoring } from '../test-utils.tsx';
import ProctoredAssessmentsPage from './proctored-assessments.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../dashboard/false-flag-chart.tsx', () => ({ default: () => <p>Chart</p> }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown> };
const asked: Operation[] = [];
const summary = (id: number, title: string, abilities: object) => ({
  id,
  title,
  status: 'published',
  course: null,
  submitted_count: 4,
  abilities: { edit: false, report: true, ...abilities },
});

beforeEach(() => {
  asked.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    asked.push(op);
    if (op === assessmentOps.list) {
      return page([
        summary(1, 'Fire safety', {}),
        summary(2, 'First aid', { edit: true }),
        summary(3, 'Someone else’s exam', { report: false }),
      ]);
    }
    if (op === proctoringOps.settings) {
      const id = Number(args.query?.assessment);
      return makeSettings({ assessment: id, proctored: id === 1, mode: 'live' });
    }
    if (op === proctoringOps.organisationFalseFlags) {
      return {
        signals: [{ type: 'phone', total: 2, decided: 2, dismissed: 1, false_rate: 0.5 }],
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (roleId: number) =>
  renderProctoring(
    [{ path: '/assessment/proctor-view-old', element: <ProctoredAssessmentsPage /> }],
    {
      url: '/assessment/proctor-view-old',
      roleId,
    },
  );

describe('the proctored assessments page', () => {
  it('lists the assessments the user may proctor, with the way to each live grid', async () => {
    open(ROLE.TRAINER);
    const list = await screen.findByRole('list', { name: 'Assessments' });
    const grid = await within(list).findByRole('link', { name: 'Open the live grid: Fire safety' });
    expect(grid.getAttribute('href')).toBe('/assessment/1/proctor/');
    expect(within(list).getByText('Proctored · Live')).toBeTruthy();
    // Not proctored: its editor may set it up.
    expect(
      (
        await within(list).findByRole('link', { name: 'Set up proctoring: First aid' })
      ).getAttribute('href'),
    ).toBe('/assessment/edit-assessment/2?tab=settings');
    expect(within(list).queryByText('Someone else’s exam')).toBeNull();
    // Rates across the organisation are the admins'.
    expect(
      screen.queryByRole('heading', { name: 'False flags across the organisation' }),
    ).toBeNull();
    expect(asked).not.toContain(proctoringOps.organisationFalseFlags);
  });

  it('shows admins the organisation’s false-flag rates', async () => {
    open(ROLE.ADMIN);
    expect(
      await screen.findByRole('heading', { name: 'False flags across the organisation' }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'False flags per signal' });
    expect(within(table).getByText('50 %')).toBeTruthy();
  });

  it('is not a learner’s page', async () => {
    open(ROLE.LEARNER);
    expect(await screen.findByText(/Proctoring is for an assessment’s author/)).toBeTruthy();
    expect(asked).toHaveLength(0);
  });
});
