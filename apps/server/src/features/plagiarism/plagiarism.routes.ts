import { plagiarismOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { listChecks } from './plagiarism.repository.ts';
import {
  checkDetail,
  decideMatch,
  getSettings,
  ownScore,
  updateSettings,
} from './plagiarism.service.ts';

/**
 * Similarity checks. The staff routes need the /plagiarism menu entry and an admin or trainer
 * role; which checks is the policy's (the courses they manage; 404 for another organisation's).
 * A learner's own score needs only a session: the submission must be theirs.
 */
export function registerPlagiarismRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { access: access.menu('/plagiarism', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.checks, staff, async (req) => listChecks(ctx.db, caller(req), req.query, req.url));
  route(app, ops.check, staff, async (req) => checkDetail(ctx.db, caller(req), req.params.id));
  route(app, ops.decide, staff, async (req) =>
    decideMatch(ctx.db, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.settings, staff, async (req) => getSettings(ctx.db, caller(req), req.params.id));
  route(app, ops.updateSettings, staff, async (req) =>
    updateSettings(ctx.db, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.ownScore, { access: access.authenticated() }, async (req) =>
    ownScore(ctx.db, caller(req), req.params.id),
  );
}
