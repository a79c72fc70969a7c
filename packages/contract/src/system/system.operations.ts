import { defineOperation } from '../core/operation.ts';
import { ZHealth, ZReady } from './system.ts';

const tags = ['system'];

/** Liveness and readiness for load balancers and orchestrators. */
export const systemOps = {
  health: defineOperation({
    method: 'GET',
    path: '/api/health',
    response: ZHealth,
    summary: 'Liveness',
    access: 'Anyone',
    tags,
  }),
  ready: defineOperation({
    method: 'GET',
    path: '/api/ready',
    response: ZReady,
    errors: [503],
    summary: 'Readiness: the database answers',
    access: 'Anyone',
    tags,
  }),
};
