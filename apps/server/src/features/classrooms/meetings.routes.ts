import { classroomMeetingOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { createMeeting, meetingEnd, meetingToken } from './meetings.service.ts';
import { readMeetingSettings, saveMeetingSettings } from './meetings.settings.ts';

/**
 * Meetings: the provider settings are the organisation admins'; creating a meeting is the
 * hosts' (learners 403 at the route; which session is the policy's); the token request and the
 * end page are any signed-in caller's at the route, and the handlers admit the session's hosts
 * and learners with a seat.
 */
export function registerMeetingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admins = { access: access.roles(ROLE.ADMIN) };
  const hosts = { access: access.menu('/classroom', [ROLE.ADMIN, ROLE.TRAINER]) };
  const signedIn = { access: access.authenticated() };

  route(app, ops.settings, admins, async (req) =>
    readMeetingSettings(ctx, caller(req), req.query.organisation),
  );
  route(app, ops.saveSettings, admins, async (req) =>
    saveMeetingSettings(ctx, caller(req), req.query.organisation, req.body, req.ip),
  );
  route(app, ops.create, hosts, async (req) =>
    createMeeting(ctx, caller(req), req.body.session, { requireOnline: true }),
  );
  route(app, ops.createClassroom, hosts, async (req) =>
    createMeeting(ctx, caller(req), req.body.session, { requireOnline: false }),
  );
  route(app, ops.token, signedIn, async (req) => meetingToken(ctx, caller(req), req.body.key));
  route(app, ops.end, signedIn, async (req) => meetingEnd(ctx, caller(req), req.params.uuid));
}
