import { attemptOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';
import { attemptClock, readOwnAttempt } from './attempt-access.ts';
import { downloadAttemptFile, uploadAttemptFile } from './attempt-files.ts';
import { saveAnswers } from './attempt-save.ts';
import { startAttempt, startPage } from './attempt-start.ts';
import { submitAttempt } from './attempt-submit.ts';
import { attemptView } from './attempt-view.ts';
import { attemptJobDefinitions, attemptJobsOnReady } from './attempts.jobs.ts';
import { myAssessments } from './attempts.mine.ts';
import { proctoringReactions } from './proctoring-reactions.ts';

/**
 * Taking assessments (issue 16): the learner's list, the start page, starting or resuming,
 * reading, saving, submitting, and the uploads of file-upload items. Every signed-in role passes
 * the access check; which assessment and attempt is the policy's (attempts.policy.ts): takers of
 * a published assessment of their organisation, an attempt only to its learner (404 otherwise),
 * an upload also to those who grade it.
 */
export function registerAttemptRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };
  const now = () => attemptClock.now();

  // Wrong passwords are tried at the sign-in's pace: per learner, whatever their address.
  const passwordLimit = app.createRateLimit({
    max: ctx.config.authRatePerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `assessment-password:${request.auth?.userId ?? request.ip}`,
  });

  route(app, ops.mine, signedIn, async (req) => {
    const page = await myAssessments(ctx.db, caller(req), req.query, now());
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.startPage, signedIn, async (req) =>
    startPage(ctx, caller(req), req.params.uuid, now()),
  );

  route(app, ops.start, signedIn, async (req) => {
    if (req.body.password !== undefined) {
      const limit = await passwordLimit(req);
      if (!limit.isAllowed && limit.isExceeded)
        throw new AppError(429, 'Too many tries. Please wait a minute and try again.');
    }
    return startAttempt(ctx, caller(req), req.params.uuid, req.body, now());
  });

  route(app, ops.read, signedIn, async (req) => {
    const t = now();
    const { attempt, assessment } = await readOwnAttempt(ctx.db, caller(req), req.params.id);
    return attemptView(ctx.db, attempt, assessment, t);
  });

  route(app, ops.save, signedIn, async (req) =>
    saveAnswers(ctx, caller(req), req.params.id, req.body, now()),
  );

  route(app, ops.submit, signedIn, async (req) =>
    submitAttempt(ctx, caller(req), req.params.id, req.body, now()),
  );

  route(app, ops.upload, signedIn, async (req) =>
    uploadAttemptFile(ctx, caller(req), req.params.id, req, now()),
  );

  route(app, ops.download, signedIn, async (req, reply) =>
    downloadAttemptFile(ctx, caller(req), req.params.id, req.params.file, req, reply),
  );
}

export const attemptMatrix: Record<string, MatrixRow> = {
  'GET /api/assessment/assigned/': SIGNED_IN,
  'GET /api/assessment/start/:uuid/': SIGNED_IN,
  'POST /api/assessment/start/:uuid/': SIGNED_IN,
  'GET /api/assessment/attempt/:id/': SIGNED_IN,
  'PUT /api/assessment/attempt/:id/answers/': SIGNED_IN,
  'POST /api/assessment/attempt/:id/submit/': SIGNED_IN,
  'POST /api/assessment/attempt/:id/files/': SIGNED_IN,
  'GET /api/assessment/attempt/:id/files/:file/': SIGNED_IN,
};
export const attemptJobs: JobDefinition[] = attemptJobDefinitions;
export const attemptSubscribers: EventSubscriber[] = proctoringReactions;
export function attemptOnReady(ctx: AppContext): Promise<void> | void {
  return attemptJobsOnReady(ctx);
}
