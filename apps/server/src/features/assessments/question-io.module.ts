import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';

/** (Being built, issue 16.) */
export function registerQuestionIoRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
export const questionIoMatrix: Record<string, MatrixRow> = {};
export const questionIoJobs: JobDefinition[] = [];
export const questionIoSubscribers: EventSubscriber[] = [];
export function questionIoOnReady(_ctx: AppContext): Promise<void> | void {}
