import { BADGE_AWARDED_LIVE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { defineJob, defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { badges } from '../../schema/badges.table.ts';
import { backfillCandidates, evaluatePerson, recordFact } from './badges.award.ts';

/**
 * Facts from the learning slices' events, each recorded in this slice's own table (it never reads
 * theirs) and followed by a judgement of the person's badges. Recording is idempotent and an
 * award happens once, so a redelivered or duplicated event changes nothing.
 */
export const badgeSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'course.completed',
    name: 'badges-course-completed',
    async handle(ctx, p) {
      await recordFact(ctx.db, { userId: p.userId, kind: 'course', refId: p.courseId });
      await evaluatePerson(ctx, p.userId);
    },
  }),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'badges-learning-path-completed',
    async handle(ctx, p) {
      await recordFact(ctx.db, { userId: p.userId, kind: 'learning_path', refId: p.pathId });
      await evaluatePerson(ctx, p.userId);
    },
  }),
  defineSubscriber({
    event: 'assessment.passed',
    name: 'badges-assessment-passed',
    async handle(ctx, p) {
      await recordFact(ctx.db, { userId: p.userId, kind: 'assessment', refId: p.assessmentId });
      await evaluatePerson(ctx, p.userId);
    },
  }),
  defineSubscriber({
    event: 'points.awarded',
    name: 'badges-points-awarded',
    async handle(ctx, p) {
      await recordFact(ctx.db, {
        userId: p.userId,
        kind: 'points',
        refId: p.organisationId,
        value: p.total,
      });
      await evaluatePerson(ctx, p.userId, [p.organisationId]);
    },
  }),
  defineSubscriber({
    // Badges that ask for other badges (a manual award, or a chain the run did not settle).
    event: 'badge.awarded',
    name: 'badges-badge-awarded',
    async handle(ctx, p) {
      await evaluatePerson(ctx, p.userId, [p.organisationId]);
    },
  }),
  defineSubscriber({
    // The learner's open pages: a snackbar and fresh gallery, leaderboard and top bar.
    event: 'badge.awarded',
    name: 'badges-live',
    async handle(ctx, p) {
      await ctx.realtime.publish([p.userId], {
        type: BADGE_AWARDED_LIVE,
        data: { badge: p.badgeId, name: p.badgeName },
      });
    },
  }),
];

/** A badge created, changed or switched on: award it to whoever already meets it. */
export const backfillJob = defineJob({
  type: 'badges.backfill',
  async handle(ctx, { badgeId }) {
    const [badge] = await ctx.db.select().from(badges).where(eq(badges.id, badgeId));
    if (!badge) return;
    for (const userId of await backfillCandidates(ctx.db, badge))
      await evaluatePerson(ctx, userId, [badge.organisationId]);
  },
});
