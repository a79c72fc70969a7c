import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';

export function registerBookingRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
