import type { TDepartment, TUserRow } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { DepartmentDialog } from './department-dialog.tsx';

const ORG = 7;
const finance: TDepartment = {
  id: 3,
  organization: ORG,
  name: 'Finance',
  head: { id: 21, fullname: 'Jane Doe' },
  user_count: 2,
  designation_count: 0,
  location_count: 0,
};

const row = (id: number, fullname: string, email: string): TUserRow => ({
  id,
  username: email.split('@')[0]!,
  email,
  first_name: fullname.split(' ')[0]!,
  last_name: fullname.split(' ')[1] ?? '',
  fullname,
  role: { id: 4, name: 'Learner' },
  is_active: true,
  approval_status: 1,
  status: 'active',
  department: null,
  designation: null,
  location: null,
  date_joined: '2024-01-01T00:00:00.000Z',
  last_login: null,
  abilities: {
    approve: false,
    reject: false,
    activate: false,
    deactivate: true,
    change_role: true,
    edit_permissions: true,
    delete: true,
  },
});

const fetchMock = vi.fn(async (_url: string) => {
  const results = [
    row(21, 'Jane Doe', 'jane@acme.test'),
    row(34, 'Alice Smith', 'alice@acme.test'),
  ];
  return new Response(JSON.stringify({ count: 2, next: null, previous: null, results }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderDialog(onSave = vi.fn(async () => ({})), onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DepartmentDialog
        organisationId={ORG}
        department={finance}
        onSave={onSave}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  const head = screen.getByRole('combobox', { name: 'Department head' });
  // Typed into as a user would: focused first (MUI resets the text of an unfocused picker).
  act(() => head.focus());
  return { onSave, onClose, head };
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('DepartmentDialog', () => {
  it('shows the current head and loads no users until the list is opened', () => {
    const { head } = renderDialog();
    expect((head as HTMLInputElement).value).toBe('Jane Doe');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("searches the organisation's active users and sends only the new head", async () => {
    const { head, onSave, onClose } = renderDialog();
    fireEvent.change(head, { target: { value: 'ali' } });
    // The typed text reaches the server once typing pauses.
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('search=ali'));
    const url = String(fetchMock.mock.calls.at(-1)?.[0]);
    expect(url).toContain('/api/v1/accounts/get-users/');
    expect(url).toContain(`organization=${ORG}`);
    expect(url).toContain('status=active');
    fireEvent.click(await screen.findByRole('option', { name: /Alice Smith/ }));
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ head: 34 }));
    expect(onClose).toHaveBeenCalled();
  });

  it('clears the head when its text is emptied', async () => {
    const { head, onSave } = renderDialog();
    fireEvent.change(head, { target: { value: '' } });
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ head: null }));
  });

  it('closes without a request when nothing changed', async () => {
    const { onSave, onClose } = renderDialog();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the head under the field and stays open", async () => {
    const message = "Choose an active user of the department's organisation.";
    const onSave = vi.fn(async () => {
      throw new ApiError({ status: 400, message, fieldErrors: { head: [message] } });
    });
    const { head, onClose } = renderDialog(onSave);
    fireEvent.change(head, { target: { value: 'ali' } });
    fireEvent.click(await screen.findByRole('option', { name: /Alice Smith/ }));
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
