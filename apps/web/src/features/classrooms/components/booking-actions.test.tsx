import { classroomBookingOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { makeSession } from '../test-classrooms.ts';
import { renderWithApp } from '../test-render.tsx';
import { BookingActions } from './booking-actions.tsx';
import { SessionCard } from './session-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const calls: { op: Operation; body?: unknown; params?: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.mocked(notifySuccess).mockClear();
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { body?: unknown; params?: unknown } = {},
  ) => {
    calls.push({ op, body: args.body, params: args.params });
    if (op === classroomBookingOps.book) {
      return {
        id: 30,
        session: 11,
        user: 5,
        status: 'waitlisted',
        waitlist_position: 2,
        requested_at: new Date().toISOString(),
        booked_at: null,
        approval_request: null,
      };
    }
    if (op === classroomBookingOps.cancel) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('BookingActions', () => {
  it('offers the waitlist on a full session and says the place the server gave', async () => {
    renderWithApp(<BookingActions session={makeSession({ booked_count: 1, capacity: 1 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist: Forklift basics' }));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('You are number 2 on the waitlist.'),
    );
    expect(calls[0]?.body).toEqual({ session: 11 });
  });

  it('a by-request class asks for a seat', () => {
    renderWithApp(<BookingActions session={makeSession()} bookingMode="request" />);
    expect(screen.getByRole('button', { name: 'Request a seat: Forklift basics' })).toBeTruthy();
  });

  it('shows no booking button when the server does not allow one', () => {
    renderWithApp(
      <BookingActions
        session={makeSession({
          abilities: { edit: true, cancel: true, attendance: true, book: false },
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: /Book a seat/ })).toBeNull();
  });

  it('a waitlisted learner reads their number and may leave the waitlist', async () => {
    const session = makeSession({
      booked_count: 1,
      waitlisted_count: 2,
      abilities: { edit: false, cancel: false, attendance: false, book: false },
      my_booking: { id: 30, status: 'waitlisted', waitlist_position: 2, checked_in: false },
    });
    renderWithApp(<SessionCard session={session} actions={<BookingActions session={session} />} />);
    expect(screen.getByText('You are number 2 on the waitlist.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Leave the waitlist', hidden: false }),
    );
    await waitFor(() => expect(calls.some((c) => c.op === classroomBookingOps.cancel)).toBe(true));
    expect(calls.find((c) => c.op === classroomBookingOps.cancel)?.params).toEqual({ id: 30 });
  });

  it('a booked learner checks in while the session runs, not days before', () => {
    const mine = { id: 30, status: 'booked' as const, waitlist_position: null, checked_in: false };
    const later = makeSession({
      my_booking: mine,
      abilities: { edit: false, cancel: false, attendance: false, book: false },
    });
    const { unmount } = renderWithApp(<BookingActions session={later} />);
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    unmount();
    const now = makeSession({
      my_booking: mine,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      abilities: { edit: false, cancel: false, attendance: false, book: false },
    });
    renderWithApp(<BookingActions session={now} />);
    expect(screen.getByRole('button', { name: 'Check in' })).toBeTruthy();
    // Started: too late to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});
