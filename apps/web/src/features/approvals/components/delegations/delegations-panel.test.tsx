import { ROLE, type TDelegation } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../../../shared/session/session-context.ts';
import { fromLocalInput } from './delegation-dialog.tsx';
import { DelegationsPanel } from './delegations-panel.tsx';

vi.mock('notistack', () => ({ enqueueSnackbar: vi.fn() }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const staff = (id: number, fullname: string) => ({
  id,
  username: fullname.toLowerCase().replace(' ', '_'),
  email: `${id}@acme.test`,
  first_name: fullname.split(' ')[0],
  last_name: fullname.split(' ')[1],
  fullname,
  role: { id: ROLE.TRAINER, name: 'Trainer' },
  is_active: true,
  approval_status: 1,
  status: 'active',
  department: null,
  designation: null,
  location: null,
  date_joined: '2025-01-01T00:00:00.000Z',
  last_login: null,
  abilities: {
    approve: false,
    reject: false,
    activate: false,
    deactivate: false,
    change_role: false,
    edit_permissions: false,
    delete: false,
  },
});

let delegations: TDelegation[];
let sent: { method: string; path: string; body: unknown }[];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://app.test');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, path: `${url.pathname}${url.search}`, body });
  if (url.pathname === '/api/v1/accounts/get-users/') {
    const results = [staff(2, 'Ada Admin'), staff(3, 'Tom Trainer')];
    return json({ count: results.length, next: null, previous: null, results });
  }
  if (url.pathname === '/api/approvalflow/delegations/' && method === 'GET') {
    return json({ results: delegations });
  }
  if (url.pathname === '/api/approvalflow/delegations/' && method === 'POST') {
    const created = {
      id: 5,
      user: { id: 2, fullname: 'Ada Admin' },
      delegate: { id: 3, fullname: 'Tom Trainer' },
      starts_at: body.starts_at,
      ends_at: body.ends_at,
      created_at: body.starts_at,
    };
    delegations = [created];
    return json(created, 201);
  }
  if (url.pathname === '/api/approvalflow/delegations/5/' && method === 'DELETE') {
    delegations = [];
    return new Response(null, { status: 204 });
  }
  return json({ message: `Not in this test: ${method} ${url.pathname}` }, 404);
});

function renderPanel() {
  const session = {
    token: 't',
    approved: true,
    permittedPaths: [],
    user: { id: 2, fullname: 'Ada Admin', role: { id: ROLE.TRAINER, name: 'Trainer' } },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <DelegationsPanel />
      </SessionContext>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  delegations = [];
  sent = [];
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('DelegationsPanel', () => {
  it('adds a delegation to a colleague, never oneself, checking the end is after the start', async () => {
    renderPanel();
    expect(await screen.findByText(/No delegations/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add delegation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a delegation' });
    // A trainer delegates their own requests: no approver to choose.
    expect(within(dialog).queryByLabelText(/Approver/)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save delegation' }));
    expect(await within(dialog).findByText('Choose who decides for you.')).toBeTruthy();
    expect(within(dialog).getByText('Enter when it ends.')).toBeTruthy();

    const picker = within(dialog).getByRole('combobox', { name: 'Delegate' });
    fireEvent.change(picker, { target: { value: 'T' } });
    const option = await screen.findByRole('option', { name: /Tom Trainer/ });
    // The caller (Ada, id 2) is left out of their own delegates.
    expect(screen.queryByRole('option', { name: /Ada Admin/ })).toBeNull();
    fireEvent.click(option);

    const starts = within(dialog).getByLabelText(/Starts/);
    const ends = within(dialog).getByLabelText(/Ends/);
    fireEvent.change(starts, { target: { value: '2026-04-10T09:00' } });
    fireEvent.change(ends, { target: { value: '2026-04-01T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save delegation' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    fireEvent.change(ends, { target: { value: '2026-04-20T18:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save delegation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      delegate: 3,
      starts_at: fromLocalInput('2026-04-10T09:00'),
      ends_at: fromLocalInput('2026-04-20T18:00'),
    });
    const row = (await screen.findByText('Tom Trainer')).closest('tr')!;
    expect(row.textContent).toContain('You');

    fireEvent.click(
      within(row).getByRole('button', { name: 'End the delegation from Ada Admin to Tom Trainer' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'End delegation?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'End' }));
    expect(await screen.findByText(/No delegations/)).toBeTruthy();
    expect(
      sent.some((s) => s.method === 'DELETE' && s.path === '/api/approvalflow/delegations/5/'),
    ).toBe(true);
  });
});
