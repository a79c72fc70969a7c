import { defineSubscriber } from '../../core/module.ts';
import { notify } from './notify.ts';

/**
 * Gamification (issue 21): a person whose points took them to a new level hears of it
 * (`level_reached`), from nobody (the system awarded it). The event carries the level's name as
 * it was when reached; the link opens the leaderboard, where the level shows.
 */
export const gamificationSubscribers = [
  defineSubscriber({
    event: 'level.reached',
    name: 'notify-level-reached',
    async handle(ctx, e, meta) {
      await notify(ctx, meta, {
        type: 'level_reached',
        organisationId: e.organisationId,
        actorId: null,
        subject: { kind: 'level', id: e.levelId, title: e.levelName },
        link: '/leaderboard',
        recipients: [e.userId],
      });
    },
  }),
  defineSubscriber({
    // A badge earned, automatically or from an admin: from nobody, linked to the person's badges.
    event: 'badge.awarded',
    name: 'notify-badge-awarded',
    async handle(ctx, e, meta) {
      await notify(ctx, meta, {
        type: 'badge_awarded',
        organisationId: e.organisationId,
        actorId: null,
        subject: { kind: 'badge', id: e.badgeId, title: e.badgeName },
        link: `/leaderboard/${e.userId}`,
        recipients: [e.userId],
      });
    },
  }),
];
