import { classroomAttendanceOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { markAttendance } from './attendance.service.ts';
import { checkIn, checkinCodeFor } from './checkin.service.ts';

/**
 * A learner gets this many check-in attempts a minute: a six-digit code valid for two periods
 * leaves a guesser about one chance in 50,000 per minute and session, while a mistyped code is
 * simply typed again.
 */
export const CHECKIN_ATTEMPTS_PER_MINUTE = 10;

/**
 * Attendance and check-in. Marks and the code are the hosts' (learners 403 at the route; which
 * session is the policy's); check-in is any classroom member's at the route and the handler
 * admits only a learner with a seat.
 */
export function registerAttendanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const hosts = { access: access.menu('/classroom', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.mark, hosts, async (req) => markAttendance(ctx, caller(req), req.body));
  route(app, ops.checkinCode, hosts, async (req) =>
    checkinCodeFor(ctx, caller(req), req.query.session),
  );
  route(
    app,
    ops.checkin,
    {
      access: access.menu('/classroom'),
      rateLimit: {
        max: CHECKIN_ATTEMPTS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `classrooms.check-in:${req.auth?.userId ?? req.ip}`,
      },
    },
    async (req) => checkIn(ctx, caller(req), req.body),
  );
}
