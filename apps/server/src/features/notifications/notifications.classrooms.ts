import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { classroomBookings, classroomSessions } from '../../schema/classrooms.table.ts';
import { notify } from './notify.ts';

/**
 * Classrooms (issue 18): learners hear of their bookings and of changes to their sessions. The
 * invitation mail (with its calendar entry) goes from the classrooms slice; these are the bell's
 * items, which mail only where no invitation does (a waitlist place). Each links to the learner's
 * booking view. A request's outcome is told by the approval flow (approval_decided).
 */

const sessionOf = async (ctx: AppContext, id: number) =>
  (await ctx.db.select().from(classroomSessions).where(eq(classroomSessions.id, id)))[0];

const when = (s: typeof classroomSessions.$inferSelect) =>
  `${s.date} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)} ${s.timeZone}`;

const about = (s: typeof classroomSessions.$inferSelect) => ({
  subject: { kind: 'classroom_session' as const, id: s.id, title: s.title },
  link: `/classroom/classes?session=${s.id}`,
});

const BOOKING_TYPES = {
  booked: 'classroom_booked',
  waitlisted: 'classroom_waitlisted',
  promoted: 'classroom_promoted',
  cancelled: 'classroom_booking_cancelled',
} as const;

export const classroomSubscribers = [
  defineSubscriber({
    event: 'classroom.booking_changed',
    name: 'notify-classroom-booking',
    when: (e) => e.change in BOOKING_TYPES && e.actorId !== e.userId,
    async handle(ctx, e, meta) {
      if (!(e.change in BOOKING_TYPES)) return;
      const s = await sessionOf(ctx, e.sessionId);
      if (!s) return;
      await notify(ctx, meta, {
        type: BOOKING_TYPES[e.change as keyof typeof BOOKING_TYPES],
        organisationId: e.organisationId,
        actorId: e.actorId,
        ...about(s),
        detail: when(s),
        recipients: [e.userId],
      });
    },
  }),
  defineSubscriber({
    event: 'classroom.session_changed',
    name: 'notify-classroom-session',
    async handle(ctx, e, meta) {
      const s = await sessionOf(ctx, e.sessionId);
      if (!s) return;
      // Changed: everyone still in play (booked, waitlisted, asking). Cancelled: everyone whose
      // booking the cancellation ended.
      const rows = await ctx.db
        .select({ userId: classroomBookings.userId })
        .from(classroomBookings)
        .where(
          e.change === 'updated'
            ? and(
                eq(classroomBookings.sessionId, s.id),
                inArray(classroomBookings.status, ['booked', 'waitlisted', 'requested']),
              )
            : and(
                eq(classroomBookings.sessionId, s.id),
                eq(classroomBookings.cancelledBy, 'session'),
              ),
        );
      await notify(ctx, meta, {
        type: e.change === 'updated' ? 'classroom_session_changed' : 'classroom_session_cancelled',
        organisationId: e.organisationId,
        actorId: e.actorId,
        ...about(s),
        detail:
          e.change === 'cancelled' && e.reason === 'minimum'
            ? `${when(s)}: too few learners booked it`
            : when(s),
        recipients: rows.map((r) => r.userId),
      });
    },
  }),
];
