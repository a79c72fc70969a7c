import { classroomBookingOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { bookingJobsOnReady } from './bookings.jobs.ts';
import { myClassroomEvents, sessionAttendees } from './bookings.lists.ts';
import { bookSeat, cancelBooking } from './bookings.service.ts';

/**
 * Seats. Booking and cancelling are any signed-in user's at the route: the use case admits a
 * learner for their own seat and the classroom's managers for anyone's (which session: the
 * policy). The attendee list is staff's (which session: managers and its trainers).
 */
export function registerBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };
  const staff = { access: access.menu('/classroom', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.book, signedIn, async (req) => bookSeat(ctx, caller(req), req.body));
  route(app, ops.cancel, signedIn, async (req) => {
    await cancelBooking(ctx, caller(req), req.params.id);
  });
  route(app, ops.attendees, staff, async (req) => {
    const page = await sessionAttendees(ctx.db, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.myEvents, signedIn, async (req) => {
    const page = await myClassroomEvents(ctx.db, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });

  // Every node makes sure the cut-off chain exists (one queued run at a time).
  app.addHook('onReady', () => bookingJobsOnReady(ctx));
}
