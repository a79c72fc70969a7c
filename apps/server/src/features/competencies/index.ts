import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { competenciesMatrix } from './competencies.matrix.ts';
import { registerCompetencyRoutes } from './competencies.routes.ts';
import { competencySubscribers } from './competencies.subscribers.ts';

/**
 * Competencies (issue 21; spec §2 /competency, §7 competency, competency_course,
 * competency_framework, threshold): frameworks with a tree and a proficiency scale, imported
 * from CSV or CASE 1.0; thresholds; links to courses, assessments and classroom topics; evidence
 * from course.completed, assessment.passed, session.attended and classroom.completed, or by hand;
 * a person's profile and the admins' gaps per department.
 */
export const competenciesModule: AppModule = {
  name: 'competencies',
  feature: 'competencies',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerCompetencyRoutes(app, ctx);
  },
  subscribers: competencySubscribers,
  matrix: competenciesMatrix,
};
