import type { TEventEnrolment } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import { localDateTime } from '../../core/calendar/zoned-time.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, forbidden, notFound } from '../../core/errors/app-error.ts';
import { eventEnrolments } from '../../schema/events.table.ts';
import { closeApprovalRequestOf, openApprovalRequest } from '../approvals/index.ts';
import { EVENT_ENROLMENT_APPROVAL } from './enrolments.approval.ts';
import {
  ENROLMENT_NOT_FOUND,
  type EnrolmentRow,
  EVENT_NOT_FOUND,
  liveEnrolmentOf,
  loadEvent,
  memberFacts,
  seatsTaken,
} from './events.access.ts';
import { canEnrol, canManageEvent, canSeeEvent } from './events.policy.ts';
import './events.events.ts';

export const EVENT_FULL = 'This event is full.';
const ALREADY = 'You are already enrolled in this event.';
const ALREADY_ASKED = 'You already asked to enrol in this event.';

const answer = (e: EnrolmentRow, approvalRequest: number | null = null): TEventEnrolment => ({
  id: e.id,
  event: e.eventId,
  user: e.userId,
  status: e.status,
  for_cpd: e.forCpd,
  requested_at: e.requestedAt.toISOString(),
  enrolled_at: e.enrolledAt?.toISOString() ?? null,
  approval_request: approvalRequest,
});

/**
 * enrol/ and cpd_event_enroll/. A member in the event's audience enrols themselves: an open
 * event enrols them, one by approval opens an approval request; a closed, full, over or
 * unpublished event is a 409. The event row is locked before the seats are counted, so two
 * members racing for the last seat cannot both get it: the second counts after the first
 * commits and meets 'This event is full.'. `forCpd` asks for CPD credit (the event must carry a
 * CPD value); asked again on a live enrolment without it, it turns the credit on.
 */
export async function enrol(
  ctx: AppContext,
  auth: AuthContext,
  eventId: number,
  options: { forCpd: boolean; field?: string },
  now = new Date(),
): Promise<TEventEnrolment> {
  return runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const event = await loadEvent(tx, eventId, { lock: true });
    if (!event || !withinOrganisation(auth, event.organisationId)) {
      throw notFound(EVENT_NOT_FOUND);
    }
    const member = await memberFacts(tx, auth.userId, event.organisationId);
    const live = await liveEnrolmentOf(tx, event.id, auth.userId);
    if (!canSeeEvent(auth, event, member, live !== undefined)) throw notFound(EVENT_NOT_FOUND);
    if (options.forCpd && event.cpdValue === null) {
      throw fieldError(options.field ?? 'event', 'This event carries no CPD value.');
    }
    if (live) {
      if (options.forCpd && !live.forCpd) {
        const [upgraded] = await tx
          .update(eventEnrolments)
          .set({ forCpd: true })
          .where(eq(eventEnrolments.id, live.id))
          .returning();
        return answer(upgraded!);
      }
      throw conflict(live.status === 'requested' ? ALREADY_ASKED : ALREADY);
    }
    if (event.status === 'cancelled') throw conflict('This event is cancelled.');
    if (event.status !== 'published') throw conflict('This event is not published yet.');
    if (event.lastEndsAt.getTime() <= now.getTime()) throw conflict('This event is over.');
    if (event.enrolment === 'closed') throw conflict('This event does not take enrolments.');
    if (!canEnrol(auth, event, member, now)) {
      throw forbidden('This event is not open to you.');
    }
    if (event.capacity !== null && (await seatsTaken(tx, event.id)) >= event.capacity) {
      throw conflict(EVENT_FULL);
    }
    const status = event.enrolment === 'approval' ? 'requested' : 'enrolled';
    const [row] = await tx
      .insert(eventEnrolments)
      .values({
        eventId: event.id,
        userId: auth.userId,
        organisationId: event.organisationId,
        status,
        forCpd: options.forCpd,
        requestedAt: now,
        enrolledAt: status === 'enrolled' ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(ALREADY);
    const change = {
      enrolmentId: row.id,
      eventId: event.id,
      userId: auth.userId,
      organisationId: event.organisationId,
      actorId: auth.userId,
    };
    if (status === 'enrolled') {
      emit('event.enrolment_changed', { ...change, change: 'enrolled' });
      return answer(row);
    }
    const opened = await openApprovalRequest(ctx, uow, {
      kind: EVENT_ENROLMENT_APPROVAL,
      organisationId: event.organisationId,
      subjectId: row.id,
      subjectTitle: `${event.title} (${localDateTime(event.startsAt, event.timeZone)} ${event.timeZone})`,
      subjectLink: `/cpd?event=${event.id}`,
      ownerId: event.createdBy,
      requesterId: auth.userId,
    });
    emit('event.enrolment_changed', { ...change, change: 'requested' });
    // An organisation that needs no approval of it: the hook enrolled them already.
    const [settled] = await tx.select().from(eventEnrolments).where(eq(eventEnrolments.id, row.id));
    return answer(settled ?? row, opened.status === 'pending' ? opened.requestId : null);
  });
}

/**
 * enrolment/{id}/ DELETE. The user cancels their own enrolment (or withdraws their request), or
 * one of the event's managers removes it. Once the event is over it stays: attendance says what
 * happened.
 */
export async function cancelEnrolment(
  ctx: AppContext,
  auth: AuthContext,
  enrolmentId: number,
  now = new Date(),
): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const [found] = await tx
      .select({ eventId: eventEnrolments.eventId })
      .from(eventEnrolments)
      .where(eq(eventEnrolments.id, enrolmentId));
    if (!found) throw notFound(ENROLMENT_NOT_FOUND);
    // The event first, as every seat change takes it, then the enrolment itself.
    const event = await loadEvent(tx, found.eventId, { lock: true });
    const [en] = await tx
      .select()
      .from(eventEnrolments)
      .where(eq(eventEnrolments.id, enrolmentId))
      .for('update');
    if (!event || !en || !withinOrganisation(auth, en.organisationId)) {
      throw notFound(ENROLMENT_NOT_FOUND);
    }
    const own = en.userId === auth.userId;
    if (!own && !canManageEvent(auth, event)) {
      const member = await memberFacts(tx, auth.userId, event.organisationId);
      if (!canSeeEvent(auth, event, member, false)) throw notFound(ENROLMENT_NOT_FOUND);
      throw forbidden('You can cancel only your own enrolment.');
    }
    if (en.status === 'cancelled') throw conflict('This enrolment is already cancelled.');
    if (event.lastEndsAt.getTime() <= now.getTime()) {
      throw conflict('This event is over: its attendance says who came.');
    }
    await tx
      .update(eventEnrolments)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(eq(eventEnrolments.id, en.id));
    if (en.status === 'requested') {
      await closeApprovalRequestOf(ctx, uow, {
        kind: EVENT_ENROLMENT_APPROVAL,
        subjectId: en.id,
        status: own ? 'withdrawn' : 'rejected',
        actorId: auth.userId,
        comment: own ? null : 'Removed from the event by a manager.',
        notifyRequester: false,
      });
    }
    emit('event.enrolment_changed', {
      enrolmentId: en.id,
      eventId: en.eventId,
      userId: en.userId,
      organisationId: en.organisationId,
      change: 'cancelled',
      actorId: auth.userId,
    });
  });
}
