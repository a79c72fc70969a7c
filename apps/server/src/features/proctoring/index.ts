import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { proctoringJobs, proctoringJobsOnReady, proctoringSubscribers } from './proctoring.jobs.ts';
import { proctoringMatrix } from './proctoring.matrix.ts';
import { registerProctoringRoutes } from './proctoring.routes.ts';
import './proctoring.events.ts';

/**
 * Proctoring (issue 17): settings per assessment, the device's sessions, flags with evidence sent
 * only when something is flagged, heartbeats, the proctors' live grid, learner cards, evidence,
 * decisions (the only thing that changes a result) and messages, the false-flag report, and the
 * retention of evidence. Detection itself runs on the learner's device (the web's
 * features/proctoring/detection).
 */
export const proctoringModule: AppModule = {
  name: 'proctoring',
  feature: 'proctoring',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerProctoringRoutes(app, ctx);
    app.addHook('onReady', async () => {
      await proctoringJobsOnReady(ctx);
    });
  },
  matrix: proctoringMatrix,
  jobs: proctoringJobs,
  subscribers: proctoringSubscribers,
};
