import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';

/** (Being built, issue 16.) */
export function registerAttemptRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
export const attemptMatrix: Record<string, MatrixRow> = {};
export const attemptJobs: JobDefinition[] = [];
export const attemptSubscribers: EventSubscriber[] = [];
export function attemptOnReady(_ctx: AppContext): Promise<void> | void {}
