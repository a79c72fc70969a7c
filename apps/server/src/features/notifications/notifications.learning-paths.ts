import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber, type EventMeta } from '../../core/module.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { notify } from './notify.ts';

/**
 * Learning paths (issue 15): the learners hear that they were enrolled (by a manager, their
 * department, or again for recertification), that their path is due soon or overdue, that they
 * completed it, and what its managers write to them. Each reads the path as it is now: a path
 * taken out of publication since tells nobody of enrolment or due dates.
 */

type PathNotification = {
  type:
    | 'learning_path_assigned'
    | 'learning_path_due_soon'
    | 'learning_path_overdue'
    | 'learning_path_completed'
    | 'learning_path_message';
  pathId: number;
  organisationId: number;
  actorId: number | null;
  detail?: string | null;
  recipients: number[];
  /** Only while the path is published (enrolment, due dates); a completion or message stands. */
  publishedOnly: boolean;
};

/** Tells the path's learners, linking to their own page of it. */
async function tellLearners(ctx: AppContext, meta: EventMeta, n: PathNotification) {
  const [path] = await ctx.db.select().from(learningPaths).where(eq(learningPaths.id, n.pathId));
  if (!path || (n.publishedOnly && path.status !== 'published')) return;
  await notify(ctx, meta, {
    type: n.type,
    organisationId: n.organisationId,
    actorId: n.actorId,
    subject: { kind: 'learning_path', id: path.id, title: path.title },
    link: `/learning-path/learner/learning-path/${path.id}`,
    detail: n.detail ?? null,
    recipients: n.recipients,
  });
}

export const learningPathSubscribers = [
  defineSubscriber({
    event: 'learning_path.enrolled',
    name: 'notify-learning-path-enrolled',
    async handle(ctx, e, meta) {
      // Nobody is told of their own join; a granted request is told by the approval flow.
      if (e.reason === 'self' || e.reason === 'request') return;
      await tellLearners(ctx, meta, {
        type: 'learning_path_assigned',
        pathId: e.pathId,
        organisationId: e.organisationId,
        actorId: e.assignedBy,
        detail: e.reason === 'recertification' ? 'recertification' : null,
        recipients: e.userIds,
        publishedOnly: true,
      });
    },
  }),
  ...(['due_soon', 'overdue'] as const).map((kind) =>
    defineSubscriber({
      event: `learning_path.${kind}`,
      name: `notify-learning-path-${kind.replace('_', '-')}`,
      handle: (ctx, e, meta) =>
        tellLearners(ctx, meta, {
          type: `learning_path_${kind}`,
          pathId: e.pathId,
          organisationId: e.organisationId,
          actorId: null,
          detail: e.dueAt,
          recipients: e.userIds,
          publishedOnly: true,
        }),
    }),
  ),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'notify-learning-path-completed',
    // Told even when the path was archived since: the completion stands.
    handle: (ctx, e, meta) =>
      tellLearners(ctx, meta, {
        type: 'learning_path_completed',
        pathId: e.pathId,
        organisationId: e.organisationId,
        actorId: null,
        recipients: [e.userId],
        publishedOnly: false,
      }),
  }),
  defineSubscriber({
    event: 'learning_path.message',
    name: 'notify-learning-path-message',
    handle: (ctx, e, meta) =>
      tellLearners(ctx, meta, {
        type: 'learning_path_message',
        pathId: e.pathId,
        organisationId: e.organisationId,
        actorId: e.sentBy,
        detail: `${e.subject}: ${e.message}`,
        recipients: e.userIds,
        publishedOnly: false,
      }),
  }),
];
