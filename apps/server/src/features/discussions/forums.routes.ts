import { forumOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { listTopicsIn } from './discussions.lists.ts';
import { limitPerHour } from './discussions.routes.ts';
import { forumJobsOnReady } from './forums.jobs.ts';
import {
  createForum,
  forumDetail,
  listForums,
  removeForum,
  setSubscription,
  updateForum,
} from './forums.service.ts';

/** Forums created by one person in an hour (per node, like every limiter). */
export const FORUMS_PER_HOUR = 20;

/**
 * Spec §7 Forum, behind the /discussions menu entry like the discussions they hold. Creating,
 * changing and deleting is for admins and trainers (which forum: the policy's rule, 403/404).
 */
export function registerForumRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/discussions') };
  const managers = { access: access.menu('/discussions', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.list, members, async (req) => {
    const page = await listForums(ctx.db, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(
    app,
    ops.create,
    { ...managers, rateLimit: limitPerHour('forums', FORUMS_PER_HOUR) },
    async (req) => createForum(ctx, caller(req), req.body),
  );
  route(app, ops.detail, members, async (req) => forumDetail(ctx, caller(req), req.params.slug));
  route(app, ops.update, managers, async (req) =>
    updateForum(ctx, caller(req), req.params.slug, req.body),
  );
  route(app, ops.remove, managers, async (req) => {
    await removeForum(ctx, caller(req), req.params.slug);
  });
  route(app, ops.subscribe, members, async (req) =>
    setSubscription(ctx, caller(req), req.params.slug, req.body.subscribed),
  );
  route(app, ops.threads, members, async (req) => {
    const page = await listTopicsIn(ctx.db, caller(req), req.query, { threadsOnly: true });
    return toPage(req.url, req.query, page.count, page.rows);
  });

  app.addHook('onReady', () => forumJobsOnReady(ctx));
}
