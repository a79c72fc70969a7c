import { eventOps, type Operation, ROLE, type TEventDetail } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { makeDetail, makeEvent, page } from '../test-events.ts';
import { renderWithApp } from '../test-render.tsx';
import { EventsPanel } from './events-panel.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { body?: unknown; params?: { id: number }; query?: Record<string, unknown> };
const sent: { op: Operation; args: Args }[] = [];
let detail: () => Promise<TEventDetail>;

beforeEach(() => {
  sent.length = 0;
  detail = async () => makeDetail();
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    sent.push({ op, args });
    if (op === eventOps.list) return page([makeEvent()]);
    if (op === eventOps.types) return [{ id: 3, name: 'Workshop', colour: '#aa3300' }];
    if (op === eventOps.detail) return detail();
    if (op === eventOps.enrol) {
      detail = async () =>
        makeDetail({
          enrolled_count: 4,
          my_enrolment: { id: 77, status: 'enrolled', for_cpd: false, approval_request: null },
          abilities: {
            edit: false,
            delete: false,
            enrol: false,
            enrol_for_cpd: true,
            cancel_enrolment: true,
            manage_enrolments: false,
          },
        });
      return {
        id: 77,
        event: 7,
        user: 5,
        status: 'enrolled',
        for_cpd: false,
        requested_at: '2026-01-01T00:00:00Z',
        enrolled_at: '2026-01-01T00:00:00Z',
        approval_request: null,
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('EventsPanel', () => {
  it('lists events with their type, seats and CPD, soonest first from now', async () => {
    renderWithApp(<EventsPanel />, { url: '/cpd?tab=events' });
    const list = await screen.findByRole('list', { name: 'Events' });
    expect(within(list).getByRole('button', { name: 'Safe lifting workshop' })).toBeTruthy();
    expect(within(list).getByText('Workshop')).toBeTruthy();
    expect(within(list).getByText('3 / 20 enrolled')).toBeTruthy();
    expect(within(list).getByText('1.5 CPD hours')).toBeTruthy();
    expect(within(list).getByText('Hall B')).toBeTruthy();
    const query = sent.find((s) => s.op === eventOps.list)?.args.query;
    expect(query).toMatchObject({ page: 1, page_size: 10, order: 'soonest' });
    expect(typeof query?.from).toBe('string');
    // Learners get no "New event" and no status filter.
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('opens the event of ?event= and removes the parameter on close', async () => {
    const { router } = renderWithApp(<EventsPanel />, { url: '/cpd?tab=events&event=7' });
    const dialog = await screen.findByRole('dialog', { name: 'Safe lifting workshop' });
    expect(await within(dialog).findByText('gloves')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Occurrences' })).toBeTruthy();
    expect(within(dialog).getByText(/1.5 CPD hours per occurrence attended/)).toBeTruthy();
    expect(within(dialog).getByText('Whole organisation')).toBeTruthy();
    expect(sent.find((s) => s.op === eventOps.detail)?.args.body).toEqual({ id: 7 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=events'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens an event from the list by its title', async () => {
    const { router } = renderWithApp(<EventsPanel />, { url: '/cpd?tab=events' });
    fireEvent.click(await screen.findByRole('button', { name: 'Safe lifting workshop' }));
    await screen.findByRole('dialog', { name: 'Safe lifting workshop' });
    expect(router.state.location.search).toBe('?tab=events&event=7');
  });

  it('says when the detail cannot be had', async () => {
    detail = async () => {
      throw new ApiError({ status: 0, message: 'Network error' });
    };
    renderWithApp(<EventsPanel />, { url: '/cpd?event=7' });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Could not get event detail')).toBeTruthy();
  });

  it('lets a learner enrol, then shows the enrolment and how to cancel it', async () => {
    renderWithApp(<EventsPanel />, { url: '/cpd?event=7' });
    const dialog = await screen.findByRole('dialog', { name: 'Safe lifting workshop' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Enrol' }));
    await waitFor(() =>
      expect(sent.find((s) => s.op === eventOps.enrol)?.args.params).toEqual({ id: 7 }),
    );
    expect(await within(dialog).findByText('You are enrolled')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel my enrolment' })).toBeTruthy();
    // Enrolled but not for CPD: the event's CPD value can still be claimed.
    expect(within(dialog).getByRole('button', { name: 'Enrol for CPD credit' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Enrol' })).toBeNull();
  });

  it('asks for the past most recently ended first, and any time soonest first', async () => {
    renderWithApp(<EventsPanel />, { url: '/cpd?tab=events' });
    await screen.findByRole('list', { name: 'Events' });
    const choose = async (option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'When' }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Past');
    await waitFor(() => expect(sent.at(-1)?.args.query).toMatchObject({ order: 'latest' }));
    const past = sent.at(-1)?.args.query;
    expect(typeof past?.to).toBe('string');
    expect(past?.from).toBeUndefined();
    await choose('Any time');
    await waitFor(() =>
      expect(sent.at(-1)?.args.query).toMatchObject({ order: 'soonest', from: undefined }),
    );
  });

  it('shows "Enrol for CPD credit" and "Cancel" only as the abilities say', async () => {
    const mine = { id: 77, status: 'enrolled' as const, for_cpd: false, approval_request: null };
    const none = {
      edit: false,
      delete: false,
      enrol: false,
      enrol_for_cpd: false,
      cancel_enrolment: false,
      manage_enrolments: false,
    };
    // Enrolled, yet the server allows neither (e.g. the event is over): no buttons.
    detail = async () => makeDetail({ my_enrolment: mine, abilities: none });
    const { unmount } = renderWithApp(<EventsPanel />, { url: '/cpd?event=7' });
    let dialog = await screen.findByRole('dialog', { name: 'Safe lifting workshop' });
    expect(await within(dialog).findByText('You are enrolled')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Enrol for CPD credit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel my enrolment' })).toBeNull();
    unmount();

    // A request the server lets be withdrawn, and CPD credit it offers: both buttons.
    detail = async () =>
      makeDetail({
        my_enrolment: { ...mine, status: 'requested' },
        abilities: { ...none, enrol_for_cpd: true, cancel_enrolment: true },
      });
    renderWithApp(<EventsPanel />, { url: '/cpd?event=7' });
    dialog = await screen.findByRole('dialog', { name: 'Safe lifting workshop' });
    expect(await within(dialog).findByRole('button', { name: 'Withdraw request' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Enrol for CPD credit' })).toBeTruthy();
  });

  it('gives staff the New event button and the status filter', async () => {
    renderWithApp(<EventsPanel />, { url: '/cpd', roleId: ROLE.TRAINER });
    expect(await screen.findByRole('button', { name: 'New event' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
  });
});
