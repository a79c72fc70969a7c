import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';

/** (Being built, issue 16.) */
export function registerReportRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
export const reportMatrix: Record<string, MatrixRow> = {};
export const reportJobs: JobDefinition[] = [];
export const reportSubscribers: EventSubscriber[] = [];
export function reportOnReady(_ctx: AppContext): Promise<void> | void {}
