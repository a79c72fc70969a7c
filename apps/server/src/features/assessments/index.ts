import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { assessmentsMatrix } from './assessments.matrix.ts';
import { registerQuestionBankRoutes } from './question-bank.routes.ts';

/**
 * Assessments (issue 16). So far the question bank: an organisation's questions of every type,
 * in categories and tags, versioned so that an answered question is never changed under its
 * attempts. Assessments, attempts and grading come next in this slice.
 */
export const assessmentsModule: AppModule = {
  name: 'assessments',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerQuestionBankRoutes(app, ctx);
  },
  matrix: assessmentsMatrix,
};

// For the attempts to come: freezing the versions an attempt answered.
export { markVersionsUsed } from './question-bank.service.ts';
