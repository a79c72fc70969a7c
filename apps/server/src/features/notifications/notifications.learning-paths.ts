import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { notify } from './notify.ts';

/**
 * Learning paths (issue 15): the learners hear that they were enrolled (by a manager, their
 * department, or again for recertification), that their path is due soon or overdue, that they
 * completed it, and what its managers write to them. Each reads the path as it is now: a path
 * taken out of publication since tells nobody of enrolment or due dates.
 */

async function pathOf(ctx: AppContext, id: number, publishedOnly: boolean) {
  const [path] = await ctx.db.select().from(learningPaths).where(eq(learningPaths.id, id));
  if (!path || (publishedOnly && path.status !== 'published')) return undefined;
  return path;
}

const subjectOf = (path: typeof learningPaths.$inferSelect) => ({
  kind: 'learning_path' as const,
  id: path.id,
  title: path.title,
});

export const learningPathSubscribers = [
  defineSubscriber({
    event: 'learning_path.enrolled',
    name: 'notify-learning-path-enrolled',
    async handle(ctx, e, meta) {
      // Nobody is told of their own join; a granted request is told by the approval flow.
      if (e.reason === 'self' || e.reason === 'request') return;
      const path = await pathOf(ctx, e.pathId, true);
      if (!path) return;
      await notify(ctx, meta, {
        type: 'learning_path_assigned',
        organisationId: e.organisationId,
        actorId: e.assignedBy,
        subject: subjectOf(path),
        link: `/learning-path/${path.id}`,
        detail: e.reason === 'recertification' ? 'recertification' : null,
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'learning_path.due_soon',
    name: 'notify-learning-path-due-soon',
    async handle(ctx, e, meta) {
      const path = await pathOf(ctx, e.pathId, true);
      if (!path) return;
      await notify(ctx, meta, {
        type: 'learning_path_due_soon',
        organisationId: e.organisationId,
        actorId: null,
        subject: subjectOf(path),
        link: `/learning-path/${path.id}`,
        detail: e.dueAt,
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'learning_path.overdue',
    name: 'notify-learning-path-overdue',
    async handle(ctx, e, meta) {
      const path = await pathOf(ctx, e.pathId, true);
      if (!path) return;
      await notify(ctx, meta, {
        type: 'learning_path_overdue',
        organisationId: e.organisationId,
        actorId: null,
        subject: subjectOf(path),
        link: `/learning-path/${path.id}`,
        detail: e.dueAt,
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'notify-learning-path-completed',
    async handle(ctx, e, meta) {
      // Told even when the path was archived since: the completion stands.
      const path = await pathOf(ctx, e.pathId, false);
      if (!path) return;
      await notify(ctx, meta, {
        type: 'learning_path_completed',
        organisationId: e.organisationId,
        actorId: null,
        subject: subjectOf(path),
        link: `/learning-path/${path.id}`,
        recipients: [e.userId],
      });
    },
  }),
  defineSubscriber({
    event: 'learning_path.message',
    name: 'notify-learning-path-message',
    async handle(ctx, e, meta) {
      const path = await pathOf(ctx, e.pathId, false);
      if (!path) return;
      await notify(ctx, meta, {
        type: 'learning_path_message',
        organisationId: e.organisationId,
        actorId: e.sentBy,
        subject: subjectOf(path),
        link: `/learning-path/${path.id}`,
        detail: `${e.subject}: ${e.message}`,
        recipients: e.userIds,
      });
    },
  }),
];
