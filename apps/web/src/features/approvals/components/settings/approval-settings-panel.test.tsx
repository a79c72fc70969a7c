import {
  approvalsOps,
  type Operation,
  type TApprovalModule,
  type TUserRow,
  userOps,
} from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { ApprovalSettingsPanel } from './approval-settings-panel.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const sent = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args);

const enrolment: TApprovalModule = {
  kind: 'course_enrolment',
  label: 'Course enrolment',
  description: 'A learner asks to join a course.',
  enabled: true,
  reject_reason_required: false,
  expiry_days: null,
  escalation_days: null,
  escalate_to: 'next_level',
  approver_types: ['owner', 'any_admin'],
  approvers: [
    { id: 0, module: 'course_enrolment', level: 1, type: 'owner', user: null },
    { id: 0, module: 'course_enrolment', level: 2, type: 'any_admin', user: null },
  ],
  default_approvers: true,
  pending_count: 3,
};
const review: TApprovalModule = {
  ...enrolment,
  kind: 'course_review',
  label: 'Course review',
  description: 'A trainer asks for a course to be reviewed.',
  approver_types: ['department_head'],
  approvers: [
    {
      id: 11,
      module: 'course_review',
      level: 1,
      type: 'user',
      user: { id: 5, fullname: 'Ada Admin' },
    },
    { id: 12, module: 'course_review', level: 2, type: 'department_head', user: null },
  ],
  default_approvers: false,
  pending_count: 0,
};

const user = (id: number, fullname: string): TUserRow => ({
  id,
  username: fullname.toLowerCase().replace(' ', '.'),
  email: `${fullname.split(' ')[0]?.toLowerCase()}@example.test`,
  first_name: '',
  last_name: '',
  fullname,
  role: { id: 3, name: 'Trainer' },
  is_active: true,
  approval_status: 1,
  status: 'active',
  department: null,
  designation: null,
  location: null,
  date_joined: '2026-01-01T00:00:00Z',
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

let answer: (op: Operation, args: Args) => unknown;

beforeEach(() => {
  calls.length = 0;
  answer = (op, args) => {
    if (op === approvalsOps.modules) return { results: [enrolment, review] };
    if (op === userOps.list) {
      // The server searches: Tom only turns up once the picker asks for him.
      const found = args.query?.search === 'Tom' ? user(8, 'Tom Trainer') : user(9, 'Ann Admin');
      return { count: 1, next: null, previous: null, results: [found] };
    }
    if (op === approvalsOps.updateModule) return review;
    if (op === approvalsOps.addApprover) return review.approvers[0];
    if (op === approvalsOps.updateApprover) return { ...review.approvers[0], level: 2 };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  };
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    return answer(op, args);
  }) as unknown as typeof call);
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApprovalSettingsPanel />
    </QueryClientProvider>,
  );
}

/** Opens a module's panel and answers its region. */
async function open(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${label}`) }));
  return screen.getByRole('region', { name: new RegExp(`^${label}`) });
}

function chooseOption(combobox: HTMLElement, name: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(screen.getByRole('option', { name }));
}

describe('ApprovalSettingsPanel', () => {
  it('shows the defaults read-only, and configured approvers with their actions', async () => {
    renderPanel();
    const defaults = await open('Course enrolment');
    expect(
      within(defaults).getByText(
        'Default: Level 1: Course owner; Level 2: Any admin — adding an approver replaces the defaults.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Course enrolment.*3 pending/ })).toBeTruthy();
    expect(within(defaults).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(defaults).queryByRole('combobox', { name: /^Level of/ })).toBeNull();

    const configured = await open('Course review');
    expect(within(configured).queryByText(/^Default:/)).toBeNull();
    expect(
      within(configured).getByRole('button', { name: 'Remove Ada Admin from Level 1' }),
    ).toBeTruthy();
    expect(
      within(configured).getByRole('button', {
        name: "Remove Requester's department head from Level 2",
      }),
    ).toBeTruthy();
    expect(within(configured).getByText(/Requests already open keep the approvers/)).toBeTruthy();
  });

  it('moves an approver to another level', async () => {
    renderPanel();
    const panel = await open('Course review');
    chooseOption(within(panel).getByRole('combobox', { name: 'Level of Ada Admin' }), 'Level 2');
    await waitFor(() => expect(sent(approvalsOps.updateApprover)).toHaveLength(1));
    expect(sent(approvalsOps.updateApprover)[0]).toMatchObject({
      params: { id: 11 },
      body: { level: 2 },
    });
  });

  it('saves the settings with the PUT body the contract asks for', async () => {
    renderPanel();
    const panel = await open('Course review');
    const save = within(panel).getByRole('button', { name: 'Save settings' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(panel).getByRole('switch', { name: 'Reason required to reject' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Expire after (days)' }), {
      target: { value: '400' },
    });
    fireEvent.click(save);
    expect(await within(panel).findByText(/Enter whole days from 1 to 365/)).toBeTruthy();
    expect(sent(approvalsOps.updateModule)).toEqual([]);

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Expire after (days)' }), {
      target: { value: '14' },
    });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Escalate after (days)' }), {
      target: { value: '3' },
    });
    chooseOption(within(panel).getByRole('combobox', { name: 'Escalate to' }), 'An admin');
    fireEvent.click(save);
    await waitFor(() => expect(sent(approvalsOps.updateModule)).toHaveLength(1));
    expect(sent(approvalsOps.updateModule)[0]?.body).toEqual({
      kind: 'course_review',
      enabled: true,
      reject_reason_required: true,
      expiry_days: 14,
      escalation_days: 3,
      escalate_to: 'admin',
    });
  });

  it("shows the server's field errors under the inputs", async () => {
    answer = (op) => {
      if (op === approvalsOps.modules) return { results: [review] };
      throw new ApiError({
        status: 400,
        message: 'Check the settings.',
        hasServerMessage: true,
        fieldErrors: { escalation_days: ['Escalation must come before expiry.'] },
      });
    };
    renderPanel();
    // A single module opens by itself.
    const panel = await screen.findByRole('region', { name: /^Course review/ });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Escalate after (days)' }), {
      target: { value: '30' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save settings' }));
    expect(await within(panel).findByText('Escalation must come before expiry.')).toBeTruthy();
    expect(within(panel).getByText('Check the settings.')).toBeTruthy();
  });

  it('adds a named user only once one is chosen', async () => {
    renderPanel();
    const panel = await open('Course review');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add an approver to Level 2' }));
    const dialog = await screen.findByRole('dialog', { name: /^Add an approver/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add approver' }));
    expect(await within(dialog).findByText('Choose the user who approves.')).toBeTruthy();
    expect(sent(approvalsOps.addApprover)).toEqual([]);

    const picker = within(dialog).getByRole('combobox', { name: 'User' });
    fireEvent.change(picker, { target: { value: 'Tom' } });
    fireEvent.click(await screen.findByRole('option', { name: /Tom Trainer/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add approver' }));
    await waitFor(() => expect(sent(approvalsOps.addApprover)).toHaveLength(1));
    expect(sent(approvalsOps.addApprover)[0]?.body).toEqual({
      module: 'course_review',
      level: 2,
      type: 'user',
      user: 8,
    });
    expect(sent(userOps.list).at(-1)?.query).toMatchObject({ search: 'Tom', status: 'active' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("offers only the kind's relationships, and sends none with no user", async () => {
    renderPanel();
    const panel = await open('Course enrolment');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add approver' }));
    const dialog = await screen.findByRole('dialog', { name: /^Add an approver/ });
    expect(within(dialog).getByText(/This replaces the default approvers/)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Approver' }));
    const types = screen.getAllByRole('option').map((o) => o.textContent);
    expect(types).toEqual(['A named user', 'Course owner', 'Any admin']);
    fireEvent.click(screen.getByRole('option', { name: 'Any admin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add approver' }));
    await waitFor(() => expect(sent(approvalsOps.addApprover)).toHaveLength(1));
    expect(sent(approvalsOps.addApprover)[0]?.body).toEqual({
      module: 'course_enrolment',
      level: 1,
      type: 'any_admin',
      user: null,
    });
  });

  it('says so when the settings cannot be read', async () => {
    answer = () => {
      throw new ApiError({
        status: 403,
        message: 'Admins only - Permission denied.',
        hasServerMessage: true,
      });
    };
    renderPanel();
    expect(await screen.findByText('Admins only - Permission denied.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
