import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';
import { seatsTaken, sessionContext } from './bookings.repository.ts';
import { cancelScheduledSession } from './sessions.cancel.ts';
import './classrooms.events.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Cancels sessions below their minimum size at their cut-off; then queues its next run. */
    'classrooms.cutoff': Record<string, never>;
  }
}

/** Cut-offs are set in hours and days: a quarter of an hour late is prompt enough. */
export const CUTOFF_EVERY_MS = 15 * 60_000;
const BATCH = 100;

/**
 * One run of the minimum-size cut-off as of `now` (the job passes the time; tests pass their
 * own): every scheduled session whose cut-off passed before it started, with fewer seats booked
 * than its minimum and not kept by an admin, is cancelled. Each in its own transaction under the
 * session's lock (a booking racing it counts first or finds it cancelled): its trainers and room
 * are released, its live bookings cancelled by the session, its SEQUENCE raised, and
 * `classroom.session_changed` (cancelled, minimum) tells the learners and sends the CANCELs.
 * Returns the cancelled session ids.
 */
export async function cancelBelowMinimum(ctx: AppContext, now = new Date()): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const cancelled: number[] = [];
  let after = 0;
  for (;;) {
    const due = await queryRows<{ id: number }>(
      ctx.db,
      sql`select s.id from classroom_sessions s
          where s.status = 'scheduled' and s.minimum_size is not null
            and not s.keep_below_minimum
            and s.cut_off_at <= ${at} and s.starts_at > ${at} and s.id > ${after}
            and (select count(*) from classroom_bookings b
                 where b.session_id = s.id
                   and b.status in ('booked', 'attended', 'partial', 'no_show')) < s.minimum_size
          order by s.id limit ${BATCH}`,
    );
    for (const { id } of due) {
      const sessionId = Number(id);
      after = sessionId;
      const done = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
        const c = await sessionContext(uow.tx, sessionId, { lock: true });
        // Looked at again under the lock: an admin may have kept it, or a learner booked.
        if (c?.session.status !== 'scheduled' || c.session.keepBelowMinimum) return false;
        const { minimumSize } = c.session;
        if (minimumSize === null || (await seatsTaken(uow.tx, sessionId)) >= minimumSize) {
          return false;
        }
        await cancelScheduledSession(ctx, uow, sessionId, now);
        uow.emit('classroom.session_changed', {
          sessionId,
          organisationId: c.session.organisationId,
          change: 'cancelled',
          reason: 'minimum',
          actorId: null,
        });
        return true;
      });
      if (done) cancelled.push(sessionId);
    }
    if (due.length < BATCH) return cancelled;
  }
}

/** For the module's onReady hook (index.ts): starts the chain. */
export const bookingJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'classrooms.cutoff', CUTOFF_EVERY_MS);

export const bookingJobs = [
  defineJob({
    type: 'classrooms.cutoff',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'classrooms.cutoff', CUTOFF_EVERY_MS);
      await cancelBelowMinimum(ctx);
    },
  }),
];
