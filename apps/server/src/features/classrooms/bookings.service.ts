import { ROLE, type TBooking, type TBookingInput } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { conflict, fieldError, forbidden, notFound } from '../../core/errors/app-error.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { closeApprovalRequestOf, openApprovalRequest } from '../approvals/index.ts';
import { CLASSROOM_BOOKING } from './bookings.approval.ts';
import {
  type BookingRow,
  LIVE_STATUSES,
  liveBookingOf,
  SESSION_NOT_FOUND,
  type SessionContext,
  seatsTaken,
  sessionContext,
  waitlistClosesAt,
  waitlistPosition,
} from './bookings.repository.ts';
import { canBook, canManageClassroom, canSeeClassroom } from './classrooms.policy.ts';
import { missingPreRequisites } from './requisites.repository.ts';
import './classrooms.events.ts';

export const WAITLIST_CLOSED = 'The waitlist for this session is closed.';
export const ALREADY_BOOKED = 'You already have a booking for this session.';
export const LEARNER_ALREADY_BOOKED = 'This learner already has a booking for this session.';
const BOOKING_NOT_FOUND = 'Booking not found.';

/** Why a session takes no booking now, or null when it does (scheduled and not started). */
function closedReason(c: SessionContext, now: Date): string | null {
  if (c.session.status === 'cancelled') return 'This session is cancelled.';
  if (c.session.status === 'completed') return 'This session is over.';
  if (c.session.startsAt.getTime() <= now.getTime()) return 'This session has already started.';
  return null;
}

export async function bookingAnswer(
  db: UnitOfWork['tx'] | AppContext['db'],
  b: BookingRow,
  approvalRequest: number | null = null,
): Promise<TBooking> {
  return {
    id: b.id,
    session: b.sessionId,
    user: b.userId,
    status: b.status,
    waitlist_position: await waitlistPosition(db, b),
    requested_at: b.requestedAt.toISOString(),
    booked_at: b.bookedAt?.toISOString() ?? null,
    approval_request: approvalRequest,
  };
}

async function waitlistLength(tx: Tx, sessionId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(classroomBookings)
    .where(
      and(eq(classroomBookings.sessionId, sessionId), eq(classroomBookings.status, 'waitlisted')),
    );
  return row?.n ?? 0;
}

/**
 * attendee/ POST. A learner books their own seat: a free seat books it, a full session puts them
 * on its waitlist (until it closes), a by-request class opens an approval request; required
 * pre-requisites not done block it. A manager of the classroom books a named learner of the
 * organisation directly (no request, no requisite check; full: waitlisted). The session row is
 * locked before the seats are counted, so two learners racing for the last seat cannot both get
 * it: the second counts after the first commits and is waitlisted.
 */
export async function bookSeat(
  ctx: AppContext,
  auth: AuthContext,
  input: TBookingInput,
  now = new Date(),
): Promise<TBooking> {
  return runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const c = await sessionContext(tx, input.session, { lock: true });
    // Another organisation's session, or a learner's draft classroom: it does not exist for them.
    if (!c || !canSeeClassroom(auth, c.classroom)) throw notFound(SESSION_NOT_FOUND);
    const forOther = input.user !== undefined && input.user !== auth.userId;
    const userId = input.user ?? auth.userId;
    if (forOther) {
      if (!canManageClassroom(auth, c.classroom)) {
        throw forbidden('Only the classroom’s managers can book a seat for someone else.');
      }
      const [member] = await tx
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.organisationId, c.session.organisationId),
            eq(memberships.roleId, ROLE.LEARNER),
            eq(users.isActive, true),
          ),
        );
      if (!member) throw fieldError('user', 'Choose an active learner of the organisation.');
      if (c.classroom.status !== 'published') {
        throw conflict('Publish the classroom before booking learners into it.');
      }
    } else if (auth.roleId !== ROLE.LEARNER || auth.isSuperadmin) {
      throw forbidden('Only learners book a seat for themselves; name the learner to book one.');
    }
    const closed = closedReason(c, now);
    if (closed) throw conflict(closed);
    if (!forOther && !canBook(auth, c.classroom, c.session, now)) throw forbidden();
    if (await liveBookingOf(tx, c.session.id, userId)) {
      throw conflict(forOther ? LEARNER_ALREADY_BOOKED : ALREADY_BOOKED);
    }
    if (!forOther) {
      const unmet = (await missingPreRequisites(tx, c.session.id, userId)).map((r) => r.title);
      if (unmet.length > 0) {
        throw conflict(
          `Complete the required pre-requisites first: ${unmet.join(', ')}.`,
          unmet.map((title) => `Pre-requisite not done: ${title}`),
        );
      }
    }
    const waitlistOpen = now.getTime() < waitlistClosesAt(c).getTime();
    // First come, first served: a seat freed a moment ago belongs to the waitlist, whose
    // promotion runs just after the cancellation; a newcomer queues behind those already waiting.
    const queueAhead = waitlistOpen && (await waitlistLength(tx, c.session.id)) > 0;
    const seatFree = !queueAhead && (await seatsTaken(tx, c.session.id)) < c.session.capacity;
    const request = !forOther && c.cls.bookingMode === 'request';
    // A request for a full session is a request for its waitlist: refused once that is closed.
    if (!seatFree && !waitlistOpen) throw conflict(WAITLIST_CLOSED);
    const status = request ? 'requested' : seatFree ? 'booked' : 'waitlisted';
    const [row] = await tx
      .insert(classroomBookings)
      .values({
        sessionId: c.session.id,
        userId,
        organisationId: c.session.organisationId,
        status,
        requestedAt: now,
        bookedAt: status === 'booked' ? now : null,
        bookedBy: forOther ? auth.userId : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(forOther ? LEARNER_ALREADY_BOOKED : ALREADY_BOOKED);
    if (status === 'requested') {
      const opened = await openApprovalRequest(ctx, uow, {
        kind: CLASSROOM_BOOKING,
        organisationId: c.session.organisationId,
        subjectId: row.id,
        subjectTitle: `${c.session.title} (${c.session.date} ${c.session.startTime.slice(0, 5)} ${c.session.timeZone})`,
        subjectLink: `/classroom/attendees/${c.session.id}`,
        ownerId: c.classroom.createdBy,
        requesterId: userId,
      });
      emit('classroom.booking_changed', {
        bookingId: row.id,
        sessionId: c.session.id,
        userId,
        organisationId: c.session.organisationId,
        change: 'requested',
        actorId: auth.userId,
      });
      // An organisation that needs no approval of it: the hook booked or waitlisted them already.
      const [settled] = await tx
        .select()
        .from(classroomBookings)
        .where(eq(classroomBookings.id, row.id));
      return bookingAnswer(
        tx,
        settled ?? row,
        opened.status === 'pending' ? opened.requestId : null,
      );
    }
    emit('classroom.booking_changed', {
      bookingId: row.id,
      sessionId: c.session.id,
      userId,
      organisationId: c.session.organisationId,
      change: status,
      actorId: auth.userId,
    });
    // Queued behind others while a seat is free: make sure the waitlist moves (promotion is
    // idempotent, so a second nudge after the cancellation's own is harmless).
    if (queueAhead) {
      emit('classroom.seat_freed', {
        sessionId: c.session.id,
        organisationId: c.session.organisationId,
      });
    }
    return bookingAnswer(tx, row);
  });
}

/**
 * attendee/{id}/ DELETE. The learner cancels their own booking, or one of the classroom's
 * managers removes it. A booked seat freed moves the waitlist (classroom.seat_freed); a request
 * still waiting closes its approval request. Once the session started (or took place) the
 * booking stays: attendance says what happened.
 */
export async function cancelBooking(
  ctx: AppContext,
  auth: AuthContext,
  bookingId: number,
  now = new Date(),
): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const [found] = await tx
      .select({ sessionId: classroomBookings.sessionId })
      .from(classroomBookings)
      .where(eq(classroomBookings.id, bookingId));
    if (!found) throw notFound(BOOKING_NOT_FOUND);
    // The session first, as every seat change takes it, then the booking itself.
    const c = await sessionContext(tx, found.sessionId, { lock: true });
    const [b] = await tx
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, bookingId))
      .for('update');
    if (!c || !b || !withinOrganisation(auth, b.organisationId)) throw notFound(BOOKING_NOT_FOUND);
    const own = b.userId === auth.userId;
    const manager = canManageClassroom(auth, c.classroom);
    if (!own && !manager) {
      if (!canSeeClassroom(auth, c.classroom)) throw notFound(BOOKING_NOT_FOUND);
      throw forbidden('You can cancel only your own booking.');
    }
    if (!(LIVE_STATUSES as readonly string[]).includes(b.status)) {
      throw conflict(
        b.status === 'cancelled'
          ? 'This booking is already cancelled.'
          : 'This session took place.',
      );
    }
    if (c.session.status === 'scheduled' && c.session.startsAt.getTime() <= now.getTime()) {
      throw conflict('This session has already started: its attendance says who came.');
    }
    await tx
      .update(classroomBookings)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: own ? 'learner' : 'manager' })
      .where(eq(classroomBookings.id, b.id));
    if (b.status === 'requested') {
      await closeApprovalRequestOf(ctx, uow, {
        kind: CLASSROOM_BOOKING,
        subjectId: b.id,
        status: own ? 'withdrawn' : 'rejected',
        actorId: auth.userId,
        comment: own ? null : 'Removed from the session by a manager.',
        notifyRequester: false,
      });
    }
    if (b.status === 'booked') {
      emit('classroom.seat_freed', {
        sessionId: b.sessionId,
        organisationId: b.organisationId,
      });
    }
    emit('classroom.booking_changed', {
      bookingId: b.id,
      sessionId: b.sessionId,
      userId: b.userId,
      organisationId: b.organisationId,
      change: 'cancelled',
      actorId: auth.userId,
    });
  });
}

/**
 * Cancels every live booking of a session the session's own cancellation ends (the cut-off job;
 * the lead's session cancel may call it too): cancelled by 'session', their open approval
 * requests closed. Returns the bookings that were live. The caller holds the session's lock and
 * emits classroom.session_changed, whose subscribers tell the learners and send the CANCELs.
 */
export async function cancelSessionBookings(
  ctx: AppContext,
  uow: UnitOfWork,
  sessionId: number,
  now: Date,
): Promise<BookingRow[]> {
  const live = await uow.tx
    .select()
    .from(classroomBookings)
    .where(
      and(
        eq(classroomBookings.sessionId, sessionId),
        inArray(classroomBookings.status, [...LIVE_STATUSES]),
      ),
    )
    .for('update');
  if (live.length === 0) return live;
  await uow.tx
    .update(classroomBookings)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'session' })
    .where(
      inArray(
        classroomBookings.id,
        live.map((b) => b.id),
      ),
    );
  for (const b of live.filter((r) => r.status === 'requested')) {
    await closeApprovalRequestOf(ctx, uow, {
      kind: CLASSROOM_BOOKING,
      subjectId: b.id,
      status: 'rejected',
      actorId: null,
      comment: 'The session was cancelled.',
      notifyRequester: false,
    });
  }
  return live;
}
