import { competencyOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { addEvidence, profileOf } from './competencies.evidence.ts';
import {
  createFramework,
  frameworkDetail,
  listFrameworks,
  removeFramework,
  updateFramework,
} from './competencies.frameworks.ts';
import { gapsOf } from './competencies.gaps.ts';
import { importCase, importCsv } from './competencies.import.ts';
import { createLink, listLinks, removeLink, updateLink } from './competencies.links.ts';
import {
  createThreshold,
  listThresholds,
  removeThreshold,
  updateThreshold,
} from './competencies.settings.ts';
import { createCompetency, removeCompetency, updateCompetency } from './competencies.tree.ts';

/** Evidence records and imports a person may make an hour (per node). */
export const EVIDENCE_PER_HOUR = 300;
export const IMPORTS_PER_HOUR = 30;
/** An import's JSON body: the contract's character limit plus room for JSON escapes. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

const limit = (name: string, max: number) => ({
  max,
  timeWindow: '1 hour',
  keyGenerator: (req: FastifyRequest) => `competencies.${name}:${req.auth?.userId ?? req.ip}`,
});

/**
 * Spec §2 /competency (perm) and §7 Other. Reading frameworks, thresholds and links needs the
 * /competency menu permission; writing them is the admins'; evidence by hand is the admins' and
 * trainers'. A person's own profile needs no menu permission (every learner has one, whether or
 * not the organisation opens the page to them); others' profiles are the policy's.
 */
export function registerCompetencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/competency') };
  const admins = { access: access.menu('/competency', [ROLE.ADMIN]) };
  const staff = { access: access.menu('/competency', [ROLE.ADMIN, ROLE.TRAINER]) };
  const imports = { ...admins, rateLimit: limit('imports', IMPORTS_PER_HOUR) };

  route(app, ops.frameworks, members, async (req) =>
    listFrameworks(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.createFramework, admins, async (req) =>
    createFramework(ctx, caller(req), req.body),
  );
  route(app, ops.importCase, { ...imports, bodyLimit: IMPORT_BODY_LIMIT }, async (req) =>
    importCase(ctx, caller(req), req.body.document),
  );
  route(app, ops.framework, members, async (req) =>
    frameworkDetail(ctx.db, caller(req), req.params.id),
  );
  route(app, ops.updateFramework, admins, async (req) =>
    updateFramework(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeFramework, admins, async (req) => {
    await removeFramework(ctx, caller(req), req.params.id);
  });
  route(app, ops.importCsv, { ...imports, bodyLimit: IMPORT_BODY_LIMIT }, async (req) =>
    importCsv(ctx, caller(req), req.params.id, req.body.csv),
  );

  route(app, ops.createCompetency, admins, async (req) =>
    createCompetency(ctx, caller(req), req.body),
  );
  route(app, ops.updateCompetency, admins, async (req) =>
    updateCompetency(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeCompetency, admins, async (req) => {
    await removeCompetency(ctx, caller(req), req.params.id);
  });
  route(app, ops.profile, { access: access.authenticated() }, async (req) =>
    profileOf(ctx.db, caller(req), req.query.user_id),
  );
  route(
    app,
    ops.addEvidence,
    { ...staff, rateLimit: limit('evidence', EVIDENCE_PER_HOUR) },
    async (req) => addEvidence(ctx, caller(req), req.body),
  );
  route(app, ops.gaps, admins, async (req) => gapsOf(ctx.db, caller(req), req.query.framework_id));

  route(app, ops.thresholds, members, async (req) =>
    listThresholds(ctx.db, caller(req), req.query.framework_id),
  );
  route(app, ops.createThreshold, admins, async (req) =>
    createThreshold(ctx, caller(req), req.body),
  );
  route(app, ops.updateThreshold, admins, async (req) =>
    updateThreshold(ctx, caller(req), req.params.id, req.body.level),
  );
  route(app, ops.removeThreshold, admins, async (req) => {
    await removeThreshold(ctx, caller(req), req.params.id);
  });

  route(app, ops.links, members, async (req) => listLinks(ctx.db, caller(req), req.query, req.url));
  route(app, ops.createLink, admins, async (req) => createLink(ctx, caller(req), req.body));
  route(app, ops.updateLink, admins, async (req) =>
    updateLink(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeLink, admins, async (req) => {
    await removeLink(ctx, caller(req), req.params.id);
  });
}
