import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { liveSubscribers } from './gamification.live.ts';
import { gamificationMatrix } from './gamification.matrix.ts';
import { registerGamificationRoutes } from './gamification.routes.ts';
import { gamificationSubscribers } from './gamification.subscribers.ts';
import './gamification.events.ts';

/**
 * Gamification (issue 21, part 1; spec §2 /leaderboard, §7 Gamification): points awarded from
 * the learning slices' events by rules each organisation may change, a ledger that counts each
 * source once, totals for the boards (all time and monthly), and levels by points (the top bar's
 * badge). `points.awarded` and `level.reached` are for what hangs on points (notifications now,
 * badges later).
 */
export const gamificationModule: AppModule = {
  name: 'gamification',
  feature: 'gamification',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerGamificationRoutes(app, ctx);
  },
  subscribers: [...gamificationSubscribers, ...liveSubscribers],
  matrix: gamificationMatrix,
};

export { type AwardInput, type AwardResult, award } from './gamification.award.ts';
export { levelOf, levelRows } from './gamification.levels.ts';
