import { assessmentOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { assessmentDetail } from './assessment.detail.ts';
import { listAssessments } from './assessment.repository.ts';
import { assessmentService as assessments } from './assessment.service.ts';
import { copyAssessment } from './assessment-copy.service.ts';
import { messagesService as messages } from './assessment-messages.service.ts';
import { audienceJobs, audienceOnReady } from './assignment-notices.ts';
import { assignmentsService as assignments } from './assignments.service.ts';
import { bulkAssessments } from './authoring.bulk.ts';
import { overridesService as overrides } from './overrides.service.ts';
import { reviewersService as reviewers } from './reviewers.service.ts';
import { slotsService as slots } from './slots.service.ts';

/**
 * Authoring assessments (issue 16): the assessment, its settings, pages and slots, who takes it,
 * who grades it and its feedback bands. The routes let admins and trainers through (learners
 * 403: the editor names answer keys); which assessment a caller may change is the policy's,
 * through loadAssessmentFor in each use case. Regrade is the grading part's.
 */
export function registerAuthoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const authors = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.list, authors, async (req) => {
    const page = await listAssessments(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.create, authors, async (req) => assessments.create(ctx, caller(req), req.body));
  route(app, ops.read, authors, async (req) => {
    const a = await loadAssessmentFor(ctx.db, caller(req), req.params.id);
    return assessmentDetail(ctx.db, caller(req), a.id);
  });
  route(app, ops.update, authors, async (req) =>
    assessments.update(ctx, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.remove, authors, async (req) => {
    await assessments.remove(ctx, caller(req), req.params.id, req.ip);
  });
  route(app, ops.layout, authors, async (req) =>
    assessments.layout(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.readSettings, authors, async (req) =>
    assessments.readSettings(ctx, caller(req), req.query.assessment),
  );
  route(app, ops.saveSettings, authors, async (req) =>
    assessments.saveSettings(ctx, caller(req), req.body, req.ip),
  );

  route(app, ops.addPage, authors, async (req) => slots.addPage(ctx, caller(req), req.body));
  route(app, ops.updatePage, authors, async (req) =>
    slots.updatePage(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removePage, authors, async (req) =>
    slots.removePage(ctx, caller(req), req.params.id),
  );
  route(app, ops.addSlot, authors, async (req) => slots.addSlot(ctx, caller(req), req.body));
  route(app, ops.updateSlot, authors, async (req) =>
    slots.updateSlot(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeSlot, authors, async (req) =>
    slots.removeSlot(ctx, caller(req), req.params.id),
  );

  route(app, ops.assignments, authors, async (req) => {
    const page = await assignments.list(
      ctx,
      caller(req),
      req.query.assessment,
      pageBounds(req.query),
    );
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.assign, authors, async (req) =>
    assignments.assign(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.unassign, authors, async (req) => {
    await assignments.unassign(ctx, caller(req), req.query, req.ip);
  });

  route(app, ops.overrides, authors, async (req) =>
    overrides.list(ctx, caller(req), req.query.assessment),
  );
  route(app, ops.addOverride, authors, async (req) => overrides.add(ctx, caller(req), req.body));
  route(app, ops.updateOverride, authors, async (req) =>
    overrides.update(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeOverride, authors, async (req) => {
    await overrides.remove(ctx, caller(req), req.params.id);
  });

  route(app, ops.reviewers, authors, async (req) =>
    reviewers.list(ctx, caller(req), req.query.assessment),
  );
  route(app, ops.addReviewers, authors, async (req) =>
    reviewers.add(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.removeReviewer, authors, async (req) => {
    await reviewers.remove(ctx, caller(req), req.query, req.ip);
  });

  route(app, ops.messages, authors, async (req) =>
    messages.list(ctx, caller(req), req.query.assessment),
  );
  route(app, ops.saveMessages, authors, async (req) => messages.save(ctx, caller(req), req.body));

  route(app, ops.bulk, authors, async (req) => bulkAssessments(ctx, caller(req), req.body, req.ip));
  route(app, ops.copy, authors, async (req) => copyAssessment(ctx, caller(req), req.body));
}

/** Every authoring route is staff's at the access check (AUTHORS); the policy does the rest. */
export const authoringMatrix: Record<string, MatrixRow> = Object.fromEntries(
  Object.entries(ops)
    .filter(([name]) => name !== 'regrade')
    .map(([, op]) => [`${op.method} ${op.path}`, AUTHORS]),
);
export const authoringJobs: JobDefinition[] = audienceJobs;
export const authoringSubscribers: EventSubscriber[] = [];
export const authoringOnReady = audienceOnReady;
