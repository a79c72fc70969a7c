import { scormOps as ops, ROLE, ZScormCommit } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuthContext, access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, unauthorized } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { scormLaunchUrl } from './content.ts';
import { packages } from './packages.service.ts';
import { reports } from './reports.service.ts';
import { runtime } from './runtime.service.ts';

/**
 * Learner-facing calls are open to every signed-in user (the course player is
 * a no-perm screen); what they may reach is the object-level rule: may see a
 * course using the file, enrolled to be tracked. Reports: admins and trainers,
 * then canManage on the course.
 */
const signedIn = { access: access.authenticated() };
const managers = { access: access.roles(ROLE.ADMIN, ROLE.TRAINER) };

/** A beacon sends its JSON as text/plain: read it as JSON (invalid JSON fails validation). */
function jsonText(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * The commit route's access rule. scorm-again sends the terminate commit with
 * navigator.sendBeacon (the SCO is unloading; a synchronous request would be
 * cancelled), which carries the token cookie but cannot add the CSRF header,
 * so the global CSRF check would refuse it. Instead: a signed-in caller, and
 * when signed in by cookie, proof that the request comes from this site —
 * Sec-Fetch-Site (browsers set it; pages of other sites cannot forge it), or
 * the Origin header where that is missing (OWASP's standard-header check).
 */
function signedInSameOrigin(ctx: AppContext, req: FastifyRequest): AuthContext {
  const auth = req.auth;
  if (!auth) throw unauthorized();
  if (auth.via === 'header') return auth;
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin') return auth;
  const origin = req.headers.origin;
  const ours = [new URL(ctx.config.publicBaseUrl).origin, `${req.protocol}://${req.host}`];
  if (site === undefined && origin && ours.includes(origin)) return auth;
  throw forbidden('CSRF Failed: the commit did not come from this site.');
}

/** Commits carry the cmi data model with interactions: more room than the 1 MB default. */
const COMMIT_BODY_LIMIT = 4 * 1024 * 1024;

export function registerScormRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.package, signedIn, async (req) =>
    packages.ofFile(ctx, caller(req), req.params.fileId),
  );

  route(app, ops.state, signedIn, async (req) => {
    const auth = caller(req);
    return runtime.state(ctx, auth, req.params.id, req.query.sco, (pkg, scoPath) =>
      scormLaunchUrl(ctx, req, auth, pkg.treeKey, pkg.version, scoPath),
    );
  });

  route(
    app,
    ops.commit,
    {
      // Public at the access layer only so the terminate commit can arrive as a beacon;
      // signedInSameOrigin below is the real rule.
      access: access.public(),
      bodyLimit: COMMIT_BODY_LIMIT,
      bodySchema: z.preprocess(jsonText, ZScormCommit),
      // Before validation, so an anonymous caller gets 401 rather than a 400 about the body.
      preValidation: async (req) => {
        signedInSameOrigin(ctx, req);
      },
    },
    async (req) => runtime.commit(ctx, caller(req), req.params.id, req.query, req.body.cmi),
  );

  route(app, ops.newAttempt, signedIn, async (req) =>
    runtime.newAttempt(ctx, caller(req), req.params.id),
  );

  route(app, ops.report, managers, async (req) => {
    const page = await reports.course(ctx, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.track, signedIn, async (req) => {
    const page = await reports.track(ctx, caller(req), req.query.email, pageBounds(req.query));
    return { ...toPage(req.url, req.query, page.count, page.rows), user: page.user };
  });
}
