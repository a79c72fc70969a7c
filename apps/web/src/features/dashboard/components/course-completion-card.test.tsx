import { type Operation, reportOps } from '@atrium/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { CourseCompletionCard } from './course-completion-card.tsx';
import { renderCard } from './test-harness.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// The chart is a picture (aria-hidden); the table carries the figures and is what is tested.
vi.mock('./course-completion-chart.tsx', () => ({ default: () => <div data-testid="chart" /> }));

let results: unknown[] = [];
const queries: unknown[] = [];
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    if (op !== reportOps.topCourse) throw new Error(`unexpected ${op.method} ${op.path}`);
    queries.push(args.query);
    return { results };
  }) as unknown as typeof call);
});

describe('CourseCompletionCard', () => {
  it('asks for the top five courses and says when there is nothing to chart', async () => {
    results = [];
    renderCard(<CourseCompletionCard title="My courses’ completion" />);
    expect(await screen.findByText('No enrolments in your courses yet.')).toBeTruthy();
    expect(queries[0]).toEqual({ limit: 5 });
  });

  it('draws the chart with a table of the same figures, shown on request', async () => {
    results = [
      { course: { id: 1, title: 'Fire safety' }, enrolled: 4, completed: 1, completion_rate: 25 },
      { course: { id: 2, title: 'First aid' }, enrolled: 2, completed: 2, completion_rate: 100 },
    ];
    renderCard(<CourseCompletionCard title="My courses’ completion" />);
    expect(await screen.findByTestId('chart')).toBeTruthy();
    const table = screen.getByRole('table', { name: /Completion of the top 5 courses/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Fire safety');
    expect(rows[1]!.textContent).toContain('25 %');
    expect(rows[2]!.textContent).toContain('100 %');
    fireEvent.click(screen.getByLabelText('Table'));
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
