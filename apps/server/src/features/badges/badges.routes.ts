import { badgeOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { awardList, gallery, listBadges } from './badges.lists.ts';
import { awardByHand, revokeAward } from './badges.manual.ts';
import { createBadge, removeBadge, updateBadge } from './badges.service.ts';

/** Badge writes (each may carry an image to re-encode) an admin may make a minute, per node. */
export const BADGE_WRITES_PER_MINUTE = 30;
/** Manual award requests an admin may send a minute (each up to MAX_MANUAL_AWARDS people). */
export const AWARDS_PER_MINUTE = 30;

/**
 * Spec §7 Gamification, badges. No menu entry guards them (the leaderboard is everyone's); badges
 * are written, awarded by hand and revoked by the organisation's admins.
 */
export function registerBadgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.authenticated() };
  const limited = (name: string, max: number) => ({
    access: access.roles(ROLE.ADMIN),
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `badges.${name}:${req.auth?.userId ?? req.ip}`,
    },
  });
  const writes = limited('write', BADGE_WRITES_PER_MINUTE);

  route(app, ops.list, members, async (req) => listBadges(ctx.db, caller(req), req.query, req.url));
  route(app, ops.create, writes, async (req) => createBadge(ctx, caller(req), req));
  route(app, ops.update, writes, async (req) => updateBadge(ctx, caller(req), req.params.id, req));
  route(app, ops.remove, { access: access.roles(ROLE.ADMIN) }, async (req) => {
    await removeBadge(ctx, caller(req), req.params.id);
  });
  route(app, ops.award, limited('award', AWARDS_PER_MINUTE), async (req) =>
    awardByHand(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.awards, members, async (req) =>
    awardList(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.revoke, { access: access.roles(ROLE.ADMIN) }, async (req) =>
    revokeAward(ctx, caller(req), req.params.id, req.body.reason),
  );
  route(app, ops.gallery, members, async (req) => gallery(ctx.db, caller(req), req.params.id));
}
