import { calendarOps, type Operation } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { DUE_KINDS, DueSoonCard } from './due-soon-card.tsx';
import { renderCard } from './test-harness.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let items: unknown[] = [];
const queries: { from: string; to: string; kinds: string }[] = [];
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    if (op !== calendarOps.items) throw new Error(`unexpected ${op.method} ${op.path}`);
    queries.push(args.query as (typeof queries)[number]);
    return { from: '', to: '', items, unavailable: [] };
  }) as unknown as typeof call);
});

const DAY = 86_400_000;
const dueItem = (id: string, kind: string, title: string, daysFromNow: number) => {
  const day = new Date(Date.now() + daysFromNow * DAY);
  day.setUTCHours(0, 0, 0, 0);
  return {
    id,
    kind,
    title: `Due: ${title}`,
    starts_at: day.toISOString(),
    ends_at: new Date(day.getTime() + DAY).toISOString(),
    all_day: true,
    time_zone: null,
    link: kind === 'course_due' ? '/course-module/7' : '/learning-path/learner/learning-path/2',
    location: null,
    detail: null,
  };
};

describe('DueSoonCard', () => {
  it('asks the calendar for course and path due dates a month either side', async () => {
    items = [];
    renderCard(<DueSoonCard />);
    expect(await screen.findByText('Nothing due in the next 30 days.')).toBeTruthy();
    const q = queries[0]!;
    expect(q.kinds).toBe(DUE_KINDS);
    const span = (Date.parse(q.to) - Date.parse(q.from)) / DAY;
    expect(span).toBe(60);
  });

  it('marks what is overdue and links each one', async () => {
    items = [
      dueItem('course-due:1', 'course_due', 'Fire safety', -3),
      dueItem('learning-path-due:2', 'learning_path_due', 'Onboarding', 5),
    ];
    renderCard(<DueSoonCard />);
    const course = await screen.findByRole('link', { name: 'Fire safety' });
    expect(course.getAttribute('href')).toBe('/course-module/7');
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Overdue')).toBeTruthy();
    expect(within(first!).getByText(/^Course · due/)).toBeTruthy();
    expect(within(second!).queryByText('Overdue')).toBeNull();
    expect(within(second!).getByText(/^Learning path · due/)).toBeTruthy();
  });
});
