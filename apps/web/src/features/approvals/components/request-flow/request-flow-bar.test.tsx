import { approvalsOps, type Operation, type TApprovalRequestDetail } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { RequestFlowBar } from './request-flow-bar.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// The snackbars need the app's provider; the bar's own outcome line is what is tested here.
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { params?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const sent = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args);

const pending: TApprovalRequestDetail = {
  id: 7,
  module: 'course_enrolment',
  module_label: 'Course enrolment',
  subject: { id: 3, title: 'Fire safety', link: '/course/3' },
  requester: { id: 20, fullname: 'Lee Learner' },
  status: 'pending',
  status_code: 0,
  level: 1,
  level_count: 2,
  waiting_on: [{ id: 5, fullname: 'Ada Admin' }],
  comment: null,
  created_at: '2026-03-01T10:00:00Z',
  decided_at: null,
  expires_at: null,
  abilities: { approve: true, reject: true, withdraw: false },
  history: [],
};
const closed = (status: 'rejected' | 'withdrawn', comment: string | null) => ({
  ...pending,
  status,
  status_code: status === 'rejected' ? 2 : 3,
  comment,
  waiting_on: [],
  decided_at: '2026-03-02T10:00:00Z',
  abilities: { approve: false, reject: false, withdraw: false },
});

let request: TApprovalRequestDetail | ApiError;

beforeEach(() => {
  calls.length = 0;
  request = pending;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === approvalsOps.request) {
      if (request instanceof ApiError) throw request;
      return request;
    }
    if (op === approvalsOps.decide) {
      const body = args.body as { status: 1 | 2; comment?: string };
      if (body.status === 2) return closed('rejected', body.comment ?? null);
      // Level 1 approved: the request moves on to level 2, where the caller is no approver.
      return {
        ...pending,
        level: 2,
        abilities: { approve: false, reject: false, withdraw: false },
      };
    }
    if (op === approvalsOps.withdraw) return closed('withdrawn', null);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

function renderBar(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <RequestFlowBar /> }], {
    initialEntries: [path],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RequestFlowBar', () => {
  it('names the request and offers approve and reject to its approver', async () => {
    renderBar('/course/3?requestflow=7');
    const bar = await screen.findByRole('region', { name: 'Approval request' });
    await within(bar).findByText(/Fire safety from Lee Learner, level 1 of 2/);
    expect(within(bar).getByText('Approval request: Course enrolment')).toBeTruthy();
    expect(within(bar).getByText('Pending')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(sent(approvalsOps.request)[0]?.params).toEqual({ id: 7 });
  });

  it('offers the requester only Withdraw', async () => {
    request = { ...pending, abilities: { approve: false, reject: false, withdraw: true } };
    renderBar('/course/3?requestflow=7');
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('rejects with status 2 and the reason, then shows the outcome and the way back', async () => {
    renderBar('/course/3?requestflow=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason for the requester' }), {
      target: { value: '  The course is full.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(sent(approvalsOps.decide)).toHaveLength(1));
    expect(sent(approvalsOps.decide)[0]).toMatchObject({
      params: { id: 7 },
      body: { status: 2, comment: 'The course is full.' },
    });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'You rejected this request. Back to requests',
    );
    expect(screen.getByRole('link', { name: 'Back to requests' }).getAttribute('href')).toBe(
      '/requests',
    );
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approves with status 1 and says where the request goes next', async () => {
    renderBar('/course/3?requestflow=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent(approvalsOps.decide)).toHaveLength(1));
    expect(sent(approvalsOps.decide)[0]?.body).toEqual({ status: 1 });
    expect((await screen.findByRole('status')).textContent).toMatch(/waits at level 2 of 2/);
    expect(screen.getByText(/level 2 of 2$/)).toBeTruthy();
  });

  it('stays quiet about a request that is not the caller’s', async () => {
    request = new ApiError({ status: 404, message: 'Not found.', hasServerMessage: true });
    renderBar('/course/3?requestflow=99');
    expect(await screen.findByText(/This approval request is not available to you/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing for the bare flag', () => {
    const { container } = renderBar('/course/3?requestflow');
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});
