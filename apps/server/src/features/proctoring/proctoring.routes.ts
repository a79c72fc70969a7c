import { proctoringOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { decideAttempt, sendMessage } from './decisions.service.ts';
import { sendEvidence, sendThumbnail } from './evidence.serve.ts';
import { falseFlagReport } from './false-flags.ts';
import { decideFlag, updateFileRepo, uploadFrame } from './flags.service.ts';
import { attemptOutcome } from './outcome.ts';
import { proctorGrid } from './proctor.repository.ts';
import { proctorDetail } from './proctor.timeline.ts';
import { acknowledgeMessages, heartbeat, identity, login, thumbnail } from './sessions.service.ts';
import { consentFor, readSettings, saveSettings } from './settings.service.ts';

/**
 * Proctoring's routes. The device's calls are any signed-in user's at the route (the handlers
 * admit only the attempt's own learner); the proctors' views and the settings are staff's
 * (learners 403 at the route; which assessment is the policy's).
 */
export function registerProctoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };
  const staff = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };
  const admins = { access: access.menu('/assessment', [ROLE.ADMIN]) };

  route(app, ops.settings, staff, async (req) =>
    readSettings(ctx, caller(req), req.query.assessment),
  );
  route(app, ops.saveSettings, staff, async (req) =>
    saveSettings(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.consent, signedIn, async (req) => consentFor(ctx, caller(req), req.params.uuid));

  route(app, ops.login, signedIn, async (req) => login(ctx, caller(req), req.body.attempt));
  route(app, ops.heartbeat, signedIn, async (req) => heartbeat(ctx, caller(req), req.body));
  route(app, ops.ackMessages, signedIn, async (req) => {
    await acknowledgeMessages(ctx, caller(req), req.body);
  });
  route(app, ops.uploadFrame, signedIn, async (req) => uploadFrame(ctx, caller(req), req));
  route(app, ops.updateFileRepo, signedIn, async (req) => updateFileRepo(ctx, caller(req), req));
  route(app, ops.thumbnail, signedIn, async (req) => {
    await thumbnail(ctx, caller(req), req);
  });
  route(app, ops.identity, signedIn, async (req) => identity(ctx, caller(req), req));

  route(app, ops.grid, staff, async (req) => {
    const page = await proctorGrid(ctx.db, caller(req), req.query, pageBounds(req.query));
    return { ...toPage(req.url, req.query, page.count, page.rows), groups: page.groups };
  });
  route(app, ops.detail, staff, async (req) =>
    proctorDetail(ctx.db, caller(req), req.query.session),
  );
  route(app, ops.evidence, staff, async (req, reply) =>
    sendEvidence(ctx, caller(req), req.params.id, req, reply),
  );
  route(app, ops.thumbnailImage, staff, async (req, reply) =>
    sendThumbnail(ctx, caller(req), req.params.session, req, reply),
  );
  route(app, ops.decideFlag, staff, async (req) =>
    decideFlag(ctx, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.decideAttempt, staff, async (req) => {
    const s = await decideAttempt(ctx, caller(req), req.body, req.ip);
    return proctorDetail(ctx.db, caller(req), s.id);
  });
  route(app, ops.message, staff, async (req) => sendMessage(ctx, caller(req), req.body, req.ip));
  route(app, ops.result, signedIn, async (req) =>
    attemptOutcome(ctx.db, caller(req), req.params.attempt),
  );
  route(app, ops.falseFlags, staff, async (req) => falseFlagReport(ctx.db, caller(req), req.query));
  route(app, ops.organisationFalseFlags, admins, async (req) =>
    falseFlagReport(ctx.db, caller(req), req.query),
  );
}
