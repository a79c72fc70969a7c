import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { achievementSubscribers } from './wall.achievements.ts';
import { badgePostSubscribers } from './wall.badge-post.ts';
import { wallMatrix } from './wall.matrix.ts';
import { wallModerationTargets } from './wall.moderation.ts';
import { linkPreviewJob } from './wall.previews.ts';
import { registerWallRoutes } from './wall.routes.ts';
import './wall.events.ts';

/**
 * The social wall (issue 20, part 4; spec §2 /socialwall): the organisation's feed of plain-text
 * posts with images, link previews, mentions, hashtags, reactions and comments, and Atrium's
 * achievement posts for people who allow them. `wall.mentioned` and `wall.commented` tell the
 * notifications slice.
 */
export const wallModule: AppModule = {
  name: 'wall',
  feature: 'wall',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerWallRoutes(app, ctx);
  },
  jobs: [linkPreviewJob],
  subscribers: [...achievementSubscribers, ...badgePostSubscribers],
  matrix: wallMatrix,
  moderationTargets: wallModerationTargets,
};

// For the notifications slice: the post and comment as they stand when an event is delivered.
export { loadWallNotice } from './wall.notices.ts';
