import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';

export function registerReportRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
