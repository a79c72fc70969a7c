import type { TSession } from '@atrium/contract';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useBook, useCancelBooking } from '../api/bookings.api.ts';
import { useJoinMeeting } from '../api/meetings.api.ts';
import { useNow } from '../use-now.ts';
import { CheckinDialog } from './checkin-dialog.tsx';
import { SurveyDialog } from './survey-dialog.tsx';

/** Check-in opens this long before the start (the server's window decides; this only hides). */
export const CHECKIN_OPENS_MS = 15 * 60_000;

const LIVE = new Set(['booked', 'waitlisted', 'requested']);

export function bookLabel(session: TSession, bookingMode?: 'open' | 'request'): string {
  if (bookingMode === 'request') return 'Request a seat';
  return session.booked_count >= session.capacity ? 'Join the waitlist' : 'Book a seat';
}

const CANCEL_LABEL: Record<string, string> = {
  booked: 'Cancel booking',
  waitlisted: 'Leave the waitlist',
  requested: 'Withdraw request',
};

/**
 * The learner's buttons on a session: book (or join the waitlist, or ask), cancel, join online,
 * check in with the trainer's code while the session runs, and the survey after attending.
 * Each shows only when the server's abilities and the booking allow it.
 */
export function BookingActions({
  session,
  bookingMode,
}: {
  session: TSession;
  bookingMode?: 'open' | 'request';
}) {
  const book = useBook();
  const cancel = useCancelBooking();
  const join = useJoinMeeting();
  const now = useNow(30_000);
  const [confirming, setConfirming] = useState(false);
  const [checkingIn, setCheckingIn] = useState(false);
  const [surveying, setSurveying] = useState(false);
  const mine = session.my_booking;
  const live = mine && LIVE.has(mine.status) ? mine : null;
  const starts = Date.parse(session.starts_at);
  const ends = Date.parse(session.ends_at);
  const running = session.status !== 'cancelled' && now >= starts - CHECKIN_OPENS_MS && now <= ends;
  const notStarted = now < starts;
  const label = bookLabel(session, bookingMode);

  return (
    <>
      {session.abilities.book && !live && (
        <Button
          size="small"
          variant="contained"
          startIcon={<EventAvailableOutlined />}
          loading={book.isPending}
          aria-label={`${label}: ${session.title}`}
          onClick={() =>
            book.mutate(
              { session: session.id },
              {
                onSuccess: (made) => {
                  if (made.status === 'waitlisted') {
                    notifySuccess(
                      made.waitlist_position
                        ? `You are number ${made.waitlist_position} on the waitlist.`
                        : 'You are on the waitlist.',
                    );
                  } else if (made.status === 'requested') {
                    notifySuccess('Your request waits for approval.');
                  } else notifySuccess('Seat booked.');
                },
              },
            )
          }
        >
          {label}
        </Button>
      )}
      {live?.status === 'booked' && session.online && running && (
        <Button
          size="small"
          variant="contained"
          startIcon={<VideocamOutlined />}
          loading={join.isPending}
          onClick={() =>
            join.mutate(session.uuid, {
              onSuccess: ({ results }) => {
                window.open(results, '_blank', 'noopener');
              },
            })
          }
        >
          Join
        </Button>
      )}
      {live?.status === 'booked' && !live.checked_in && running && (
        <Button
          size="small"
          variant="contained"
          startIcon={<HowToRegOutlined />}
          onClick={() => setCheckingIn(true)}
        >
          Check in
        </Button>
      )}
      {mine && (mine.status === 'attended' || mine.status === 'partial') && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<RateReviewOutlined />}
          onClick={() => setSurveying(true)}
        >
          Survey
        </Button>
      )}
      {live && notStarted && session.status === 'scheduled' && (
        <Button
          size="small"
          color="inherit"
          onClick={() => {
            cancel.reset();
            setConfirming(true);
          }}
        >
          {CANCEL_LABEL[live.status]}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`${live ? CANCEL_LABEL[live.status] : 'Cancel'}?`}
        confirmLabel={live ? (CANCEL_LABEL[live.status] ?? 'Cancel') : 'Cancel'}
        destructive
        busy={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          live &&
          cancel.mutate(live.id, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess('Booking cancelled.');
            },
          })
        }
      >
        {live?.status === 'booked'
          ? `Your seat on “${session.title}” goes to the first learner on the waitlist.`
          : `You leave “${session.title}”.`}
      </ConfirmDialog>
      <CheckinDialog open={checkingIn} session={session} onClose={() => setCheckingIn(false)} />
      <SurveyDialog open={surveying} sessionId={session.id} onClose={() => setSurveying(false)} />
    </>
  );
}
