import { catalogueOps, type Operation } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { MyCoursesCard } from './my-courses-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let results: unknown[] = [];
const queries: unknown[] = [];
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    if (op !== catalogueOps.assigned) throw new Error(`unexpected ${op.method} ${op.path}`);
    queries.push(args.query);
    return { count: results.length, next: null, previous: null, results };
  }) as unknown as typeof call);
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <MyCoursesCard /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('MyCoursesCard', () => {
  it('asks for the courses in progress and says where to find one when there is none', async () => {
    results = [];
    renderCard();
    expect(await screen.findByText(/No course in progress/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find courses' }).getAttribute('href')).toBe(
      '/unasssigned_course',
    );
    expect(queries[0]).toMatchObject({ enrolment_status: 'enrolled', page: 1, page_size: 5 });
  });

  it('lists each course with its progress, one click from it', async () => {
    results = [
      {
        id: 7,
        title: 'Fire safety',
        enrolment: { status: 'enrolled', progress_percent: 40, completed_at: null },
      },
    ];
    renderCard();
    const link = await screen.findByRole('link', { name: 'Fire safety' });
    expect(link.getAttribute('href')).toBe('/course/7');
    const bar = screen.getByRole('progressbar', { name: 'Progress in Fire safety' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
  });
});
