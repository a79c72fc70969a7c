import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';

/** Enrolments, progress table, export, joining and messages (helper B fills this in). */
export function registerLearningPathEnrolmentRoutes(_app: FastifyInstance, _ctx: AppContext) {}
