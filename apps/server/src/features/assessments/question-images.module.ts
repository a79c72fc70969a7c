import { questionImageOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob, type JobDefinition, type MatrixRow } from '../../core/module.ts';
import { removeUnusedImages, sendQuestionImage, uploadQuestionImage } from './question-images.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Removes question images no version shows a day after upload; then queues its next run. */
    'assessments.images.cleanup': Record<string, never>;
  }
}

/**
 * Images of question text: authors upload them (learners 403: they write no questions); every
 * signed-in member of the image's organisation may read one, since learners see them in their
 * attempts (the handler gives 404 outside the organisation).
 */
const CLEANUP_EVERY_MS = 6 * 3600_000;

export function registerQuestionImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const authors = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };
  const signedIn = { access: access.authenticated() };
  route(app, ops.upload, authors, async (req) => uploadQuestionImage(ctx, caller(req), req));
  route(app, ops.read, signedIn, async (req, reply) =>
    sendQuestionImage(ctx, caller(req), req.params.uuid, req, reply),
  );
}

export const questionImageMatrix: Record<string, MatrixRow> = {
  'POST /api/assessment/question/image/': AUTHORS,
  'GET /api/assessment/question/image/:uuid/': SIGNED_IN,
};

export const questionImageJobs: JobDefinition[] = [
  defineJob({
    type: 'assessments.images.cleanup',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'assessments.images.cleanup', CLEANUP_EVERY_MS);
      await removeUnusedImages(ctx);
    },
  }),
];

export const questionImagesOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'assessments.images.cleanup', CLEANUP_EVERY_MS);
