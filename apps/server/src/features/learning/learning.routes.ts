import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { registerAssignmentRoutes } from './assignments.routes.ts';
import { registerEnrolmentRoutes } from './enrolments.routes.ts';
import { registerFaqRoutes } from './faqs.routes.ts';
import { registerProgressRoutes } from './progress.routes.ts';
import { registerReviewRoutes } from './reviews.routes.ts';

/** What learners and trainers do inside a course (issue 6, part B). */
export function registerLearningRoutes(app: FastifyInstance, ctx: AppContext) {
  registerFaqRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerEnrolmentRoutes(app, ctx);
  registerProgressRoutes(app, ctx);
  registerAssignmentRoutes(app, ctx);
}
