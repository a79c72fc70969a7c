import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { badgesMatrix } from './badges.matrix.ts';
import { registerBadgeRoutes } from './badges.routes.ts';
import { backfillJob, badgeSubscribers } from './badges.subscribers.ts';
import './badges.events.ts';

/**
 * Badges (issue 21; spec §7 Gamification add-badge, update-badge, user-badge-list): an
 * organisation's badges with a 256 px PNG and criteria, awarded once per person by subscribers
 * when the facts this slice records from the learning events meet them, or by hand; revoked with
 * a reason. `badge.awarded` and `badge.revoked` are for notifications, the wall and credentials.
 */
export const badgesModule: AppModule = {
  name: 'badges',
  feature: 'gamification',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerBadgeRoutes(app, ctx);
  },
  jobs: [backfillJob],
  subscribers: badgeSubscribers,
  matrix: badgesMatrix,
};

export { badgePostsToWall } from './badges.wall.ts';
