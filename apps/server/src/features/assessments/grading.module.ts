import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';

/** (Being built, issue 16.) */
export function registerGradingRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
export const gradingMatrix: Record<string, MatrixRow> = {};
export const gradingJobs: JobDefinition[] = [];
export const gradingSubscribers: EventSubscriber[] = [];
export function gradingOnReady(_ctx: AppContext): Promise<void> | void {}
