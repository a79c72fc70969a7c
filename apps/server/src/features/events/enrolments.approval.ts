import { eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import { eventEnrolments } from '../../schema/events.table.ts';
import { loadEvent, seatsTaken } from './events.access.ts';
import './events.events.ts';

export const EVENT_ENROLMENT_APPROVAL = 'event_enrolment';

/**
 * A member's request to enrol in an event that takes enrolments by approval. The enrolment row
 * (status requested) is the item. Approval enrols them when a seat is free (under the event's
 * lock, as every seat change); an event cancelled, over or full meanwhile, or any other outcome,
 * cancels the request.
 */
export const eventEnrolmentApproval = defineApprovalKind({
  kind: EVENT_ENROLMENT_APPROVAL,
  label: 'Event enrolment',
  description: 'A member asks to enrol in an event that takes enrolments by approval.',
  approverTypes: ['department_head', 'owner', 'any_admin'],
  defaultLevels: [['owner', 'any_admin']],
  async onClosed(tx, outcome, emit) {
    const [found] = await tx
      .select({ eventId: eventEnrolments.eventId })
      .from(eventEnrolments)
      .where(eq(eventEnrolments.id, outcome.subjectId));
    if (!found) return;
    const event = await loadEvent(tx, found.eventId, { lock: true });
    const [en] = await tx
      .select()
      .from(eventEnrolments)
      .where(eq(eventEnrolments.id, outcome.subjectId))
      .for('update');
    // Settled another way meanwhile (withdrawn, or the event cancelled): nothing to apply.
    if (!event || !en || en.status !== 'requested') return;
    const now = new Date();
    const change = {
      enrolmentId: en.id,
      eventId: en.eventId,
      userId: en.userId,
      organisationId: en.organisationId,
      actorId: outcome.actorId,
    };
    const live = event.status === 'published' && event.lastEndsAt.getTime() > now.getTime();
    const seatFree = event.capacity === null || (await seatsTaken(tx, event.id)) < event.capacity;
    if (outcome.status === 'approved' && live && seatFree) {
      await tx
        .update(eventEnrolments)
        .set({ status: 'enrolled', enrolledAt: now })
        .where(eq(eventEnrolments.id, en.id));
      emit('event.enrolment_changed', { ...change, change: 'enrolled' });
      return;
    }
    await tx
      .update(eventEnrolments)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(eq(eventEnrolments.id, en.id));
    emit('event.enrolment_changed', {
      ...change,
      change: outcome.status === 'withdrawn' ? 'cancelled' : 'rejected',
    });
  },
});
