import type { AppContext } from '../../core/context.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';
import { publishDue } from './announcements.service.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Announces the announcements whose publish_at passed; then queues its next run. */
    'announcements.publish': Record<string, never>;
  }
}

/** Readers see an announcement at its publish_at whatever the job; it only tells them. */
export const PUBLISH_EVERY_MS = 60_000;

/** For the onReady hook the routes add (announcements.routes.ts): starts the chain. */
export const announcementJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'announcements.publish', PUBLISH_EVERY_MS);

export const announcementJobs = [
  defineJob({
    type: 'announcements.publish',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'announcements.publish', PUBLISH_EVERY_MS);
      await publishDue(ctx);
    },
  }),
];
