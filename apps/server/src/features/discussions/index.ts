import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { registerCourseDiscussionRoutes } from './course-discussions.routes.ts';
import { discussionsMatrix } from './discussions.matrix.ts';
import { discussionModerationTargets } from './discussions.moderation.ts';
import { registerDiscussionRoutes } from './discussions.routes.ts';
import { discussionsSearch } from './discussions.search.ts';
import { forumJobs } from './forums.jobs.ts';
import { registerForumRoutes } from './forums.routes.ts';
import './discussions.events.ts';
import './forums.events.ts';

/**
 * Discussions (issue 20): typed topics of the organisation, a course, a learning path or a class;
 * rich-text answers threaded one level deep; reactions, views, accepted answers, pin, lock,
 * close, follow, attachments; and the §7 course-discussion-* calls over the same model.
 * Forums (part 3) are named boards of the organisation or a course whose threads are these
 * topics, with subscriptions and a 30-minute edit window before their posts are mailed.
 * `discussion.answered`, `discussion.answer_accepted` and `forum.post_ready` tell the
 * notifications slice.
 */
export const discussionsModule: AppModule = {
  name: 'discussions',
  feature: 'discussions',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerDiscussionRoutes(app, ctx);
    registerCourseDiscussionRoutes(app, ctx);
    registerForumRoutes(app, ctx);
  },
  matrix: discussionsMatrix,
  jobs: forumJobs,
  moderationTargets: discussionModerationTargets,
  search: discussionsSearch,
};

// For the notifications slice: the topic as it stands when an event is delivered, and who of its
// followers may still read it.
export { loadTopicNotice } from './discussions.notices.ts';
export { followersWhoMayRead } from './discussions.scopes.ts';
// For the demo seed: a thread needs one of the organisation's types.
export { provisionTypes } from './discussions.types.ts';
export { forumSubscribersWhoMayRead, loadForumPostNotice } from './forums.access.ts';
