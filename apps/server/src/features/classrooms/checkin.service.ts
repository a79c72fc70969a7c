import {
  CHECKIN_PERIOD_SECONDS,
  type TCheckinCode,
  type TCheckinInput,
  type TCheckinResult,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../core/errors/app-error.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';
import { applyMark, arrivalMark } from './attendance.record.ts';
import { hostedSession, liveBookingOf, visibleSession } from './attendance.repository.ts';
import { SESSION_CANCELLED } from './attendance.service.ts';
import {
  acceptsCode,
  CHECKIN_OPENS_MINUTES_BEFORE,
  checkinOpen,
  checkinWindow,
  currentCode,
} from './checkin.code.ts';

/**
 * Self check-in: the trainer's screen shows the session's rotating code (and a QR code of the
 * address that carries it); the learner types or scans it while the check-in window is open.
 */

export const CODE_INVALID = 'This code has expired or is not valid for this session.';
export const ALREADY_CHECKED_IN = 'You have already checked in.';
export const NO_SEAT = 'You do not have a booked seat in this session.';
export const MARKED_BY_TRAINER =
  'Your trainer has already recorded your attendance for this session.';
export const WINDOW_CLOSED = `Check-in is open from ${CHECKIN_OPENS_MINUTES_BEFORE} minutes before the session starts until it ends.`;

/** Where links into the app point for this organisation (its own base URL, else the install's). */
export async function appBaseUrl(ctx: AppContext, organisationId: number): Promise<string> {
  const [org] = await ctx.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return org ? organisationBaseUrl(org, ctx.config.publicBaseUrl) : ctx.config.publicBaseUrl;
}

function windowMessage(session: { startsAt: Date; endsAt: Date }, now: Date): string {
  return now.getTime() < checkinWindow(session).opensAt.getTime()
    ? `Check-in opens ${CHECKIN_OPENS_MINUTES_BEFORE} minutes before the session starts.`
    : 'Check-in closed when the session ended.';
}

export async function checkinCodeFor(
  ctx: AppContext,
  actor: AuthContext,
  sessionId: number,
  now: Date = new Date(),
): Promise<TCheckinCode> {
  const { session } = await hostedSession(ctx.db, actor, { id: sessionId });
  if (session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
  if (!checkinOpen(session, now)) throw conflict(windowMessage(session, now));
  const { code, expiresAt } = currentCode(session.checkinSecret, now);
  const base = await appBaseUrl(ctx, session.organisationId);
  const qr = new URL('/classroom/classes', `${base}/`);
  qr.searchParams.set('session', String(session.id));
  qr.searchParams.set('checkin', code);
  return {
    code,
    qr: qr.toString(),
    period_seconds: CHECKIN_PERIOD_SECONDS,
    expires_at: expiresAt.toISOString(),
    session_starts_at: session.startsAt.toISOString(),
    session_ends_at: session.endsAt.toISOString(),
  };
}

export async function checkIn(
  ctx: AppContext,
  actor: AuthContext,
  input: TCheckinInput,
  now: Date = new Date(),
): Promise<TCheckinResult> {
  return runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { session } = await visibleSession(uow.tx, actor, { id: input.session }, { lock: true });
    if (session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
    if (!checkinOpen(session, now)) throw fieldError('code', WINDOW_CLOSED);
    const booking = await liveBookingOf(uow.tx, session.id, actor.userId, { lock: true });
    if (!booking || !['booked', 'attended', 'partial', 'no_show'].includes(booking.status)) {
      throw forbidden(NO_SEAT);
    }
    if (booking.status === 'attended' || booking.status === 'partial') {
      throw conflict(ALREADY_CHECKED_IN);
    }
    if (booking.status === 'no_show') throw conflict(MARKED_BY_TRAINER);
    if (!acceptsCode(session.checkinSecret, input.code, now)) {
      throw badRequest(CODE_INVALID, { code: [CODE_INVALID] });
    }
    const mark = arrivalMark(session, now);
    const { booking: row } = await applyMark(uow, booking, session, mark, 'code', now);
    return {
      session: session.id,
      booking: row.id,
      status: row.status as 'attended' | 'partial',
      attendance: mark,
      checked_in_at: (row.checkedInAt ?? now).toISOString(),
    };
  });
}
