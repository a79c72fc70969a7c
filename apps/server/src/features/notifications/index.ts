import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { announcementSubscribers } from './notifications.announcements.ts';
import { approvalSubscribers } from './notifications.approvals.ts';
import { assessmentSubscribers } from './notifications.assessments.ts';
import { blogSubscribers } from './notifications.blogs.ts';
import { certificateSubscribers } from './notifications.certificates.ts';
import { classroomSubscribers } from './notifications.classrooms.ts';
import { discussionSubscribers } from './notifications.discussions.ts';
import { eventSubscribers } from './notifications.events.ts';
import { forumSubscribers } from './notifications.forums.ts';
import { gamificationSubscribers } from './notifications.gamification.ts';
import { notificationJobs, scheduleDigests } from './notifications.jobs.ts';
import { learningPathSubscribers } from './notifications.learning-paths.ts';
import { notificationsMatrix } from './notifications.matrix.ts';
import { moderationSubscribers } from './notifications.moderation.ts';
import { proctoringSubscribers } from './notifications.proctoring.ts';
import { reportSubscribers } from './notifications.reports.ts';
import { registerNotificationRoutes } from './notifications.routes.ts';
import { notificationSubscribers } from './notifications.subscribers.ts';
import { supportSubscribers } from './notifications.support.ts';
import { wallSubscribers } from './notifications.wall.ts';

/** The notification centre: notifications raised from domain events, preferences, mails, digests. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerNotificationRoutes(app, ctx);
    // Every node makes sure the digest chain exists; the period key lets only one queue a run.
    app.addHook('onReady', async () => {
      await scheduleDigests(ctx).catch((err) =>
        ctx.log.error({ err }, 'notification digests could not be scheduled'),
      );
    });
  },
  jobs: notificationJobs,
  subscribers: [
    ...notificationSubscribers,
    ...approvalSubscribers,
    ...learningPathSubscribers,
    ...assessmentSubscribers,
    ...proctoringSubscribers,
    ...classroomSubscribers,
    ...eventSubscribers,
    ...announcementSubscribers,
    ...discussionSubscribers,
    ...wallSubscribers,
    ...blogSubscribers,
    ...moderationSubscribers,
    ...forumSubscribers,
    ...gamificationSubscribers,
    ...certificateSubscribers,
    ...reportSubscribers,
    ...supportSubscribers,
  ],
  matrix: notificationsMatrix,
};

export { countersFor } from './counters.ts';
export { unreadCounts } from './notifications.repository.ts';
