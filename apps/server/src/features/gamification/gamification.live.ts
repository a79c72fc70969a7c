import { POINTS_AWARDED_LIVE } from '@atrium/contract';
import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import './gamification.events.ts';

/**
 * Live points: the learner's open pages hear of each award (a snackbar "+10 points", and fresh
 * boards and top bar badge). Best effort, after the commit: the pages refetch what they show.
 */
export const liveSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'points.awarded',
    name: 'live-points-awarded',
    async handle(ctx, p) {
      await ctx.realtime.publish([p.userId], {
        type: POINTS_AWARDED_LIVE,
        data: { points: p.points, total: p.total },
      });
    },
  }),
];
