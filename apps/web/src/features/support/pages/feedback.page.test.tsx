import { type Operation, ROLE, supportFeedbackOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { pageFrom } from '../components/feedback-form.tsx';
import FeedbackPage from './feedback.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const entry = {
  id: 1,
  rating: 4,
  page: '/courses',
  comment: 'Clear',
  user: { id: 5, fullname: 'Lee Learner' },
  organisation_id: 1,
  created_at: '2026-12-01T10:00:00Z',
};

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === supportFeedbackOps.sendFeedback) return { ...entry, ...(args.body as object) };
    if (op === supportFeedbackOps.feedbackList)
      return { count: 1, next: null, previous: null, results: [entry], average: 4 };
    if (op === supportFeedbackOps.feedbackExport) return new Blob(['Date\n']);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('pageFrom', () => {
  const origin = 'https://lms.example';
  it('takes ?from= or a same-site referrer, never another site or the feedback page', () => {
    expect(pageFrom('/courses/3', '', origin)).toBe('/courses/3');
    expect(pageFrom('//evil.example', '', origin)).toBeNull();
    expect(pageFrom(null, 'https://lms.example/blogs?x=1', origin)).toBe('/blogs?x=1');
    expect(pageFrom(null, 'https://evil.example/blogs', origin)).toBeNull();
    expect(pageFrom('/feedback', '', origin)).toBeNull();
    expect(pageFrom(null, '', origin)).toBeNull();
  });
});

describe('FeedbackPage', () => {
  it('rates the page one came from, with a comment', async () => {
    renderWithApp(<FeedbackPage />, { url: '/?from=/courses/3' });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Choose a rating from 1 to 5.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /4 Stars/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Useful page' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeTruthy();
    expect(calls.find((c) => c.op === supportFeedbackOps.sendFeedback)?.args.body).toEqual({
      rating: 4,
      page: '/courses/3',
      comment: 'Useful page',
    });
  });

  it('rates the product when asked to', async () => {
    renderWithApp(<FeedbackPage />, { url: '/?from=/courses/3' });
    fireEvent.click(screen.getByRole('radio', { name: 'The product as a whole' }));
    fireEvent.click(screen.getByRole('radio', { name: /5 Stars/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thank you for your feedback.');
    expect(calls.find((c) => c.op === supportFeedbackOps.sendFeedback)?.args.body).toEqual({
      rating: 5,
      page: null,
    });
  });

  it('shows admins everyone’s feedback with the average, filters and exports it', async () => {
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    renderWithApp(<FeedbackPage />, { roleId: ROLE.ADMIN, url: '/?tab=all' });
    expect(await screen.findByText(/Average rating 4.00 of 5 over 1 answer/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Feedback' });
    expect(within(table).getByText('Clear')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.op === supportFeedbackOps.feedbackList && c.args.query?.from === '2026-12-01',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.find((c) => c.op === supportFeedbackOps.feedbackExport)?.args.query).toEqual({
      from: '2026-12-01',
    });
  });

  it('gives learners no list', () => {
    renderWithApp(<FeedbackPage />, { url: '/?tab=all' });
    expect(screen.queryByRole('tab', { name: 'All feedback' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send feedback' })).toBeTruthy();
  });
});
