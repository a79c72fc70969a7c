import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';

/** (Being built, issue 16.) */
export function registerAuthoringRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
export const authoringMatrix: Record<string, MatrixRow> = {};
export const authoringJobs: JobDefinition[] = [];
export const authoringSubscribers: EventSubscriber[] = [];
export function authoringOnReady(_ctx: AppContext): Promise<void> | void {}
