import type { TEventRemoved } from '@atrium/contract';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict } from '../../core/errors/app-error.ts';
import { eventEnrolments, events } from '../../schema/events.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';
import { EVENT_ENROLMENT_APPROVAL } from './enrolments.approval.ts';
import { eventFor } from './events.access.ts';
import './events.events.ts';

/**
 * DELETE /api/events/:id/. Without enrolments the event goes. With any, it is cancelled
 * instead (its history stays: who enrolled, who attended, what was credited): the live
 * enrolments end, open requests close, and the enrolled get a CANCEL.
 */
export async function removeEvent(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  now = new Date(),
): Promise<TEventRemoved> {
  return runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const { event } = await eventFor(tx, auth, id, { manage: true, lock: true });
    if (event.status === 'cancelled') throw conflict('This event is already cancelled.');
    // Deleted or cancelled (its status shows in the subtitle): the index rereads it either way.
    emit('search.changed', { kind: 'event', ids: [event.id] });
    const all = await tx
      .select()
      .from(eventEnrolments)
      .where(eq(eventEnrolments.eventId, event.id))
      .for('update');
    const audit = {
      actorId: auth.userId,
      organisationId: event.organisationId,
      details: { eventId: event.id, title: event.title },
    };
    if (all.length === 0) {
      await tx.delete(events).where(eq(events.id, event.id));
      await recordAudit(tx, { action: 'event.deleted', ...audit });
      return { outcome: 'deleted' };
    }
    const live = all.filter((e) => e.status !== 'cancelled');
    await tx
      .update(events)
      .set({ status: 'cancelled', sequence: event.sequence + 1, updatedAt: now })
      .where(eq(events.id, event.id));
    if (live.length > 0) {
      await tx
        .update(eventEnrolments)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(
          inArray(
            eventEnrolments.id,
            live.map((e) => e.id),
          ),
        );
    }
    for (const e of live.filter((r) => r.status === 'requested')) {
      await closeApprovalRequestOf(ctx, uow, {
        kind: EVENT_ENROLMENT_APPROVAL,
        subjectId: e.id,
        status: 'rejected',
        actorId: auth.userId,
        comment: 'The event was cancelled.',
        notifyRequester: false,
      });
    }
    await recordAudit(tx, {
      action: 'event.cancelled',
      ...audit,
      details: { ...audit.details, enrolments: live.length },
    });
    emit('event.changed', {
      eventId: event.id,
      organisationId: event.organisationId,
      change: 'cancelled',
      actorId: auth.userId,
      cancelledEnrolmentIds: live.map((e) => e.id),
    });
    return { outcome: 'cancelled' };
  });
}
