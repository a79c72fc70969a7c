import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { announcementJobs } from './announcements.jobs.ts';
import { announcementsMatrix } from './announcements.matrix.ts';
import { registerAnnouncementRoutes } from './announcements.routes.ts';
import { announcementsSearch } from './announcements.search.ts';
import './announcements.events.ts';

/**
 * Announcements (issue 20): rich text an organisation's admins and trainers send to an audience
 * (departments, designations, roles, a course's learners, a class's), now or at a time, until an
 * expiry, pinned or asking to be acknowledged, with a report of who read and acknowledged it.
 * `announcement.published` tells the notifications slice to tell the audience.
 */
export const announcementsModule: AppModule = {
  name: 'announcements',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerAnnouncementRoutes(app, ctx);
  },
  matrix: announcementsMatrix,
  jobs: announcementJobs,
  search: announcementsSearch,
};

export { audienceMemberIds, loadAnnouncement } from './announcements.access.ts';
export * from './announcements.policy.ts';
