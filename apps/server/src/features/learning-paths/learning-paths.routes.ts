import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';

/** Paths, their structure, status, course view and reviews (helper A fills this in). */
export function registerLearningPathRoutes(_app: FastifyInstance, _ctx: AppContext) {}
