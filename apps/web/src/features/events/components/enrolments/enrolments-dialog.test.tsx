import { eventOps, type Operation, ROLE, type TEventEnrolmentRow } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { makeDetail, makeEnrolmentRow, page } from '../../test-events.ts';
import { renderWithApp } from '../../test-render.tsx';
import { EnrolmentsDialog } from './enrolments-dialog.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const FIRST = '2026-01-05T09:00:00Z';
const SECOND = '2026-01-12T09:00:00Z';
const event = makeDetail({
  starts_at: FIRST,
  ends_at: '2026-01-05T10:00:00Z',
  rrule: 'FREQ=WEEKLY;COUNT=2',
  occurrences: [
    { starts_at: FIRST, ends_at: '2026-01-05T10:00:00Z', attended: false },
    { starts_at: SECOND, ends_at: '2026-01-12T10:00:00Z', attended: false },
  ],
  abilities: {
    edit: true,
    delete: true,
    enrol: false,
    enrol_for_cpd: false,
    cancel_enrolment: false,
    manage_enrolments: true,
  },
});

type Args = { body?: Record<string, unknown>; params?: { id: number } };
const sent: { op: Operation; args: Args }[] = [];
let rows: TEventEnrolmentRow[];

beforeEach(() => {
  sent.length = 0;
  rows = [
    makeEnrolmentRow(),
    makeEnrolmentRow({
      id: 51,
      user: { id: 10, fullname: 'Max Mentee', email: 'max@example.org' },
      for_cpd: false,
      attended: [SECOND],
    }),
    makeEnrolmentRow({
      id: 52,
      user: { id: 11, fullname: 'Rae Request', email: 'rae@example.org' },
      status: 'requested',
    }),
  ];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    sent.push({ op, args });
    if (op === eventOps.enrolments) return page(rows);
    if (op === eventOps.attendance) return { occurrence: SECOND, attended: [9] };
    if (op === eventOps.cancelEnrolment) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('EnrolmentsDialog', () => {
  it('posts the ticked people as attending the chosen occurrence, and unticked ones as not', async () => {
    renderWithApp(<EnrolmentsDialog event={event} linkNames onClose={vi.fn()} />, {
      roleId: ROLE.ADMIN,
    });
    const dialog = await screen.findByRole('dialog', { name: /Enrolments/ });
    const lee = await within(dialog).findByRole('checkbox', { name: 'Lee Learner attended' });
    const max = within(dialog).getByRole('checkbox', { name: 'Max Mentee attended' });
    // The latest occurrence that started is chosen; Max attended it already.
    expect(max).toHaveProperty('checked', true);
    expect(lee).toHaveProperty('checked', false);
    // A request cannot be marked.
    expect(within(dialog).queryByRole('checkbox', { name: 'Rae Request attended' })).toBeNull();
    const save = within(dialog).getByRole('button', { name: 'Save attendance' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(lee);
    fireEvent.click(max);
    fireEvent.click(save);
    await waitFor(() => expect(sent.filter((s) => s.op === eventOps.attendance)).toHaveLength(2));
    const posts = sent.filter((s) => s.op === eventOps.attendance);
    expect(posts[0]?.args).toMatchObject({
      params: { id: 7 },
      body: { occurrence: SECOND, users: [9], attended: true },
    });
    expect(posts[1]?.args.body).toEqual({ occurrence: SECOND, users: [10], attended: false });
  });

  it('shows who attended what, links names to their CPD for admins, and removes an enrolment', async () => {
    renderWithApp(<EnrolmentsDialog event={event} linkNames onClose={vi.fn()} />, {
      roleId: ROLE.ADMIN,
    });
    const dialog = await screen.findByRole('dialog', { name: /Enrolments/ });
    const link = await within(dialog).findByRole('link', { name: 'Max Mentee' });
    expect(link.getAttribute('href')).toBe('/cpd-view/10');
    expect(within(dialog).getByText('1 of 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Rae Request' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sent.find((s) => s.op === eventOps.cancelEnrolment)?.args.params).toEqual({ id: 52 }),
    );
  });

  it('shows names as text to a trainer', async () => {
    renderWithApp(<EnrolmentsDialog event={event} linkNames={false} onClose={vi.fn()} />, {
      roleId: ROLE.TRAINER,
    });
    const dialog = await screen.findByRole('dialog', { name: /Enrolments/ });
    expect(await within(dialog).findByText('Max Mentee')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});
