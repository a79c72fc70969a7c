import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { moderationMatrix } from './moderation.matrix.ts';
import { registerModerationRoutes } from './moderation.routes.ts';
import './moderation.events.ts';

/**
 * Moderation (issue 20, part 6): reports on people's content, the organisation's queue where its
 * admins hide, restore (release), delete or dismiss, and its banned words that hold new content
 * for review. The content stays in its slice, which answers through `ModerationTarget`
 * (core/moderation-target.ts) and its module's `moderationTargets`; this slice never reads their
 * tables. `moderation.opened` and `moderation.decided` tell the notifications slice.
 */
export const moderationModule: AppModule = {
  name: 'moderation',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerModerationRoutes(app, ctx);
  },
  matrix: moderationMatrix,
};

// For the notifications slice: an item as it stands when an event is delivered.
export { loadItemNotice } from './moderation.notices.ts';
// For the content slices: screening what people write against the organisation's banned words.
export {
  type HeldContent,
  holdForReview,
  holdIfBanned,
  screen,
} from './moderation.screen.ts';
