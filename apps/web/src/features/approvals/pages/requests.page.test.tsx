import { ROLE, type TApprovalRequest } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeContext, type RealtimeHandler } from '../../../shared/realtime/index.ts';
import { SessionContext, type SessionValue } from '../../../shared/session/session-context.ts';
import { approvalDetail, approvalRequest } from '../test-requests.ts';
import RequestsPage from './requests.page.tsx';

vi.mock('notistack', () => ({ enqueueSnackbar: vi.fn() }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/*
 * A stand-in for the approvals API: each scope's rows, answered through the real `call` (so
 * every response is checked against the contract), with the requests the page sent recorded.
 */
let lists: Record<'to_approve' | 'mine' | 'all', TApprovalRequest[]>;
let sent: { method: string; path: string; body: unknown }[];
const find = (id: number) =>
  [...lists.to_approve, ...lists.mine, ...lists.all].find((r) => r.id === id);
const replace = (row: TApprovalRequest) => {
  for (const scope of ['to_approve', 'mine', 'all'] as const) {
    lists[scope] = lists[scope].map((r) => (r.id === row.id ? row : r));
  }
};
const closed = (row: TApprovalRequest, status: TApprovalRequest['status']): TApprovalRequest => ({
  ...row,
  status,
  waiting_on: [],
  abilities: { approve: false, reject: false, withdraw: false },
});

const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://app.test');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, path: `${url.pathname}${url.search}`, body });
  const p = url.pathname;
  if (p === '/api/approvalflow/approval-summary/') {
    const scope = (url.searchParams.get('scope') ?? 'to_approve') as keyof typeof lists;
    const status = url.searchParams.get('status');
    const rows = lists[scope].filter((r) => !status || r.status === status);
    return json({
      count: rows.length,
      next: null,
      previous: null,
      results: rows,
      pending_count: lists[scope].filter((r) => r.status === 'pending').length,
    });
  }
  const one = p.match(/^\/api\/approvalflow\/requests\/(\d+)\/$/);
  if (one && method === 'GET') return json(approvalDetail(find(Number(one[1]))));
  const decide = p.match(/^\/api\/approvalflow\/approve-reject\/(\d+)\/$/);
  if (decide) {
    if (body.status === 2 && !body.comment) {
      return json(
        { message: 'Give a reason to reject.', errors: { comment: ['Give a reason to reject.'] } },
        400,
      );
    }
    const row = closed(find(Number(decide[1]))!, body.status === 1 ? 'approved' : 'rejected');
    replace(row);
    return json(approvalDetail(row));
  }
  if (p === '/api/approvalflow/approve-reject/bulk/') {
    return json({
      results: body.ids.map((id: number) =>
        id === 14
          ? { id, ok: false, status: 'pending', message: 'It waits at another level now.' }
          : { id, ok: true, status: 'approved', message: null },
      ),
    });
  }
  const withdraw = p.match(/^\/api\/approvalflow\/requests\/(\d+)\/withdraw\/$/);
  if (withdraw) {
    const row = closed(find(Number(withdraw[1]))!, 'withdrawn');
    replace(row);
    return json(approvalDetail(row));
  }
  if (p === '/api/approvalflow/delegations/') return json({ results: [] });
  if (p === '/api/notify/counters/') return json({ notifications: 0, requests: 1, messages: 0 });
  return json({ message: `Not in this test: ${method} ${p}` }, 404);
});

/** A stand-in for the RealtimeProvider: the test delivers the stream's messages by hand. */
const handlers = new Map<string, Set<RealtimeHandler>>();
const realtime = {
  subscribe(type: string, handler: RealtimeHandler) {
    const set = handlers.get(type) ?? new Set();
    set.add(handler);
    handlers.set(type, set);
    return () => set.delete(handler);
  },
};
const deliver = (type: string, data: unknown) =>
  act(async () => {
    for (const handler of handlers.get(type) ?? []) handler(data, { type, data });
  });

function Probe() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(url: string, roleId: number, userId = 2) {
  const session = {
    token: 't',
    approved: true,
    permittedPaths: [],
    user: { id: userId, fullname: 'Me', role: { id: roleId, name: 'Role' } },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <RealtimeContext value={realtime}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/requests" element={<RequestsPage />} />
            </Routes>
            <Probe />
          </MemoryRouter>
        </RealtimeContext>
      </SessionContext>
    </QueryClientProvider>,
  );
}

const urlNow = () => screen.getByTestId('url').textContent ?? '';
const list = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  lists = { to_approve: [approvalRequest()], mine: [], all: [] };
  sent = [];
  handlers.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('/requests', () => {
  it('lists requests with requester, module, level and status, and keeps the tab in the URL', async () => {
    lists.mine = [
      closed(approvalRequest({ id: 30, requester: { id: 2, fullname: 'Me' } }), 'rejected'),
    ];
    renderPage('/requests', ROLE.TRAINER);
    const toApprove = await list('To approve');
    const row = (await within(toApprove).findByText('Lee Learner')).closest('tr')!;
    expect(row.textContent).toContain('Course enrolment');
    expect(row.textContent).toContain('1 of 2');
    expect(row.textContent).toContain('Pending');
    expect(row.textContent).toContain('Ada Admin');
    // An approver opens the subject in request-flow mode.
    expect(within(row).getByRole('link', { name: 'Safety 101' }).getAttribute('href')).toBe(
      '/courses/course-detail/7?requestflow=11',
    );
    // To approve asks for pending requests first; its badge counts them.
    expect(
      sent.some((s) => s.path.includes('scope=to_approve') && s.path.includes('status=pending')),
    ).toBe(true);
    expect(await screen.findByLabelText('1 pending')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /All requests/ })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /My requests/ }));
    expect(urlNow()).toBe('/requests?tab=mine');
    const mine = await list('My requests');
    const own = (await within(mine).findByText('Rejected')).closest('tr')!;
    // The requester opens the item itself, not the approver's view.
    expect(within(own).getByRole('link', { name: 'Safety 101' }).getAttribute('href')).toBe(
      '/courses/course-detail/7',
    );
    expect(screen.getByRole('tab', { name: /My requests/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('opens the tab the URL names, and the role’s first tab for one it may not see', async () => {
    renderPage('/requests?tab=delegations', ROLE.ADMIN);
    expect(await screen.findByText(/No delegations/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Delegations' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: /All requests/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Approval settings' })).toBeTruthy();
  });

  it('shows a learner only their requests, even when the URL asks for another tab', async () => {
    renderPage('/requests?tab=to_approve', ROLE.LEARNER, 40);
    expect(await screen.findByText(/You have made no requests/)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['My requests']);
  });

  it('says so when nothing waits for the approver', async () => {
    lists.to_approve = [];
    renderPage('/requests', ROLE.TRAINER);
    expect(await screen.findByText('Nothing waits for your decision.')).toBeTruthy();
  });

  it('offers bulk selection only on rows the caller may decide, and reports each failure', async () => {
    lists.to_approve = [
      approvalRequest({ id: 11 }),
      approvalRequest({
        id: 12,
        subject: { id: 8, title: 'Other level', link: '/c/8' },
        abilities: { approve: false, reject: false, withdraw: false },
      }),
      approvalRequest({
        id: 14,
        subject: { id: 9, title: 'Fire drill', link: '/c/9' },
        requester: { id: 41, fullname: 'Kim Keen' },
      }),
      closed(
        approvalRequest({ id: 15, subject: { id: 10, title: 'Done', link: '/c/10' } }),
        'approved',
      ),
    ];
    renderPage('/requests?status=any', ROLE.ADMIN);
    const toApprove = await list('To approve');
    await within(toApprove).findByText('Done');
    const boxes = within(toApprove)
      .getAllByRole('checkbox')
      .map((b) => b.getAttribute('aria-label'));
    expect(boxes).toEqual([
      'Select every request you can decide',
      'Select Safety 101 (Lee Learner)',
      'Select Fire drill (Kim Keen)',
    ]);

    fireEvent.click(within(toApprove).getByLabelText('Select every request you can decide'));
    const bar = screen.getByRole('region', { name: 'Bulk decision' });
    expect(bar.textContent).toContain('2 requests selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Approve 2' }));

    const outcome = await screen.findByRole('alert');
    expect(outcome.textContent).toContain('1 request approved.');
    expect(outcome.textContent).toContain('1 request could not be approved');
    expect(outcome.textContent).toContain('Fire drill (Kim Keen): It waits at another level now.');
    expect(sent.find((s) => s.path === '/api/approvalflow/approve-reject/bulk/')?.body).toEqual({
      ids: [11, 14],
      status: 1,
    });
    expect(screen.queryByRole('region', { name: 'Bulk decision' })).toBeNull();
  });

  it('rejects from the detail with status 2 and the reason, showing the server’s comment error', async () => {
    renderPage('/requests', ROLE.TRAINER);
    const toApprove = await list('To approve');
    fireEvent.click(
      await within(toApprove).findByRole('button', { name: 'Details of Safety 101 (Lee Learner)' }),
    );
    expect(urlNow()).toBe('/requests?request=11');
    // The history shows who asked.
    expect(await screen.findByText('Requested by Lee Learner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    // No reason, and this organisation requires one: the server's words go under the field.
    expect(await within(dialog).findByText('Give a reason to reject.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Reason for the requester'), {
      target: { value: '  The course is full.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject request' })).toBeNull(),
    );
    const decisions = sent.filter((s) => s.path === '/api/approvalflow/approve-reject/11/');
    expect(decisions.map((d) => [d.method, d.body])).toEqual([
      ['PATCH', { status: 2 }],
      ['PATCH', { status: 2, comment: 'The course is full.' }],
    ]);
    // The drawer shows the closed request, with nothing left to decide.
    expect(await screen.findAllByText('Rejected')).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('offers Withdraw on the requester’s own pending request only', async () => {
    lists.mine = [
      approvalRequest({
        id: 21,
        requester: { id: 40, fullname: 'Lee Learner' },
        abilities: { approve: false, reject: false, withdraw: true },
      }),
      closed(
        approvalRequest({ id: 22, subject: { id: 9, title: 'Fire drill', link: '/c/9' } }),
        'approved',
      ),
    ];
    renderPage('/requests?request=22', ROLE.LEARNER, 40);
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close request details' }));
    await waitFor(() => expect(urlNow()).toBe('/requests'));

    const mine = await list('My requests');
    fireEvent.click(
      await within(mine).findByRole('button', { name: 'Details of Safety 101 (Lee Learner)' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw request?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(
        sent.some(
          (s) => s.method === 'POST' && s.path === '/api/approvalflow/requests/21/withdraw/',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull());
  });

  it('refetches To approve when the stream says the requests counter changed', async () => {
    renderPage('/requests', ROLE.TRAINER);
    const toApprove = await list('To approve');
    await within(toApprove).findByText('Safety 101');
    lists.to_approve = [
      approvalRequest({ id: 16, subject: { id: 12, title: 'Forklift basics', link: '/c/12' } }),
      ...lists.to_approve,
    ];
    const before = sent.length;
    // A new notification (a decision on the caller's own request) refreshes My requests only.
    await deliver('counters', { notifications: 3 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.slice(before).filter((s) => s.path.includes('scope=to_approve'))).toEqual([]);
    await deliver('counters', { requests: 2 });
    expect(await within(toApprove).findByText('Forklift basics')).toBeTruthy();
  });
});
