import { type Operation, reportOps } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { LearnersAtRiskCard } from './learners-at-risk-card.tsx';
import { renderCard } from './test-harness.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let results: unknown[] = [];
let count = 0;
let capped = false;
const queries: unknown[] = [];
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    if (op !== reportOps.learnersAtRisk) throw new Error(`unexpected ${op.method} ${op.path}`);
    queries.push(args.query);
    return { count, next: null, previous: null, results, inactive_days: 14, count_capped: capped };
  }) as unknown as typeof call);
});

const row = (over: Record<string, unknown>) => ({
  enrolment_id: 1,
  learner: { id: 5, fullname: 'Ada Lovelace', email: 'ada@example.test' },
  course: { id: 7, title: 'Fire safety' },
  reasons: ['overdue'],
  last_activity_at: '2026-11-01T10:00:00.000Z',
  due_at: '2026-11-20T00:00:00.000Z',
  progress_percent: 30,
  days_overdue: 5,
  days_inactive: 2,
  ...over,
});

describe('LearnersAtRiskCard', () => {
  it('says nobody is at risk when the list is empty', async () => {
    results = [];
    count = 0;
    capped = false;
    renderCard(<LearnersAtRiskCard />);
    expect(await screen.findByText('Nobody is at risk.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(queries[0]).toMatchObject({ page: 1, page_size: 5 });
  });

  it('lists each learner with their course, reasons as chips and a link to their profile', async () => {
    results = [
      row({ reasons: ['overdue', 'inactive'], days_overdue: 10, days_inactive: 40 }),
      row({
        enrolment_id: 2,
        learner: { id: 6, fullname: 'Grace Hopper', email: 'g@example.test' },
        reasons: ['inactive'],
        due_at: null,
        days_overdue: 0,
        days_inactive: 1,
      }),
    ];
    count = 9;
    renderCard(<LearnersAtRiskCard />);
    const ada = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(ada.getAttribute('href')).toBe('/profile_by_id/5');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Overdue · 10 days')).toBeTruthy();
    expect(within(items[0]!).getByText('Inactive · 40 days')).toBeTruthy();
    expect(within(items[0]!).getByText(/Fire safety · 30 % done/)).toBeTruthy();
    expect(within(items[1]!).queryByText(/Overdue/)).toBeNull();
    expect(within(items[1]!).getByText('Inactive · 1 day')).toBeTruthy();
    expect(screen.getByText('The 2 most at risk of 9.')).toBeTruthy();
    // All nine, not the two shown, leave through the export menu.
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('says when the server stopped counting', async () => {
    results = [row({})];
    count = 1000;
    capped = true;
    renderCard(<LearnersAtRiskCard />);
    expect(await screen.findByText('The 1 most at risk of 1,000+.')).toBeTruthy();
  });

  it('shows the server’s message when the list cannot be read', async () => {
    vi.mocked(call).mockRejectedValue(new Error('boom'));
    renderCard(<LearnersAtRiskCard />);
    expect(await screen.findByText(/Could not get the learners at risk|boom/)).toBeTruthy();
  });
});
