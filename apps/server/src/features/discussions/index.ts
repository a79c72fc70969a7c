import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { registerCourseDiscussionRoutes } from './course-discussions.routes.ts';
import { discussionsMatrix } from './discussions.matrix.ts';
import { registerDiscussionRoutes } from './discussions.routes.ts';
import './discussions.events.ts';

/**
 * Discussions (issue 20): typed topics of the organisation, a course, a learning path or a class;
 * rich-text answers threaded one level deep; reactions, views, accepted answers, pin, lock,
 * close, follow, attachments; and the §7 course-discussion-* calls over the same model.
 * `discussion.answered` and `discussion.answer_accepted` tell the notifications slice.
 */
export const discussionsModule: AppModule = {
  name: 'discussions',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerDiscussionRoutes(app, ctx);
    registerCourseDiscussionRoutes(app, ctx);
  },
  matrix: discussionsMatrix,
};

// For the notifications slice: the topic as it stands when an event is delivered, and who of its
// followers may still read it.
export { loadTopicNotice } from './discussions.notices.ts';
export { followersWhoMayRead } from './discussions.scopes.ts';
