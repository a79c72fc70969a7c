import { gamificationOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { leaderboard } from './gamification.leaderboard.ts';
import { createLevel, levelList, removeLevel, updateLevel } from './gamification.levels.ts';
import {
  organisationPointList,
  settingsOf,
  updateSettings,
  userDetail,
  userPointList,
} from './gamification.people.ts';
import { listRules, saveRules } from './gamification.rules.ts';

/** Opt-out changes a person may make an hour (per node): a switch, not a stream. */
export const SETTINGS_PER_HOUR = 30;

/**
 * Spec §2 /leaderboard and §7 Gamification (points, levels, boards). No menu entry guards them
 * (the leaderboard is in the top bar for everyone signed in); rules and levels are written by
 * the organisation's admins, the organisation list is the superadmins'.
 */
export function registerGamificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.authenticated() };
  const admins = { access: access.roles(ROLE.ADMIN) };

  route(app, ops.levels, members, async (req) => levelList(ctx.db, caller(req).organisationId));
  route(app, ops.createLevel, admins, async (req) => createLevel(ctx, caller(req), req.body));
  route(app, ops.updateLevel, admins, async (req) =>
    updateLevel(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeLevel, admins, async (req) => {
    await removeLevel(ctx, caller(req), req.params.id);
  });

  route(app, ops.rules, admins, async (req) => listRules(ctx.db, caller(req)));
  route(app, ops.saveRules, admins, async (req) => saveRules(ctx, caller(req), req.body));

  route(app, ops.leaderboard, members, async (req) =>
    leaderboard(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.settings, members, async (req) => settingsOf(ctx.db, caller(req).userId));
  route(
    app,
    ops.updateSettings,
    {
      ...members,
      rateLimit: {
        max: SETTINGS_PER_HOUR,
        timeWindow: '1 hour',
        keyGenerator: (req: FastifyRequest) =>
          `gamification.settings:${req.auth?.userId ?? req.ip}`,
      },
    },
    async (req) => updateSettings(ctx.db, caller(req), req.body),
  );

  route(app, ops.userPoints, admins, async (req) =>
    userPointList(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.userDetail, members, async (req) =>
    userDetail(ctx.db, caller(req), req.params.id, req.query, req.url),
  );
  route(app, ops.organisations, { access: access.roles(ROLE.SUPERADMIN) }, async (req) =>
    organisationPointList(ctx.db, caller(req), req.query, req.url),
  );
}
