import { profileOps as ops, type TEducation } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import {
  createMany,
  createSection,
  deleteSection,
  SECTIONS,
  updateSection,
} from './profile-sections.service.ts';

/**
 * Open to a user awaiting approval: their own sections only, since
 * mayAdminister (profiles.policy.ts) grants them nobody else's.
 */
const sectionAccess = { access: access.authenticated({ unapproved: 'allow' }) };

/** education/, professional-info/, location/, additional-info/, social-media/ and bulk-edu-create/. */
export function registerProfileSectionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.educationCreate, sectionAccess, async (req) =>
    createSection(ctx, caller(req), SECTIONS.education, req.body, req.ip),
  );
  route(app, ops.educationUpdate, sectionAccess, async (req) =>
    updateSection(ctx, caller(req), SECTIONS.education, req.params.id, req.body, req.ip),
  );
  route(app, ops.educationRemove, sectionAccess, async (req) => {
    await deleteSection(ctx, caller(req), SECTIONS.education, req.params.id, req.ip);
  });

  route(app, ops.professionalInfoCreate, sectionAccess, async (req) =>
    createSection(ctx, caller(req), SECTIONS.professionalInfo, req.body, req.ip),
  );
  route(app, ops.professionalInfoUpdate, sectionAccess, async (req) =>
    updateSection(ctx, caller(req), SECTIONS.professionalInfo, req.params.id, req.body, req.ip),
  );

  route(app, ops.addressCreate, sectionAccess, async (req) =>
    createSection(ctx, caller(req), SECTIONS.location, req.body, req.ip),
  );
  route(app, ops.addressUpdate, sectionAccess, async (req) =>
    updateSection(ctx, caller(req), SECTIONS.location, req.params.id, req.body, req.ip),
  );

  route(app, ops.additionalInfoCreate, sectionAccess, async (req) =>
    createSection(ctx, caller(req), SECTIONS.additionalInfo, req.body, req.ip),
  );
  route(app, ops.additionalInfoUpdate, sectionAccess, async (req) =>
    updateSection(ctx, caller(req), SECTIONS.additionalInfo, req.params.id, req.body, req.ip),
  );

  route(app, ops.socialMediaCreate, sectionAccess, async (req) =>
    createSection(ctx, caller(req), SECTIONS.socialMedia, req.body, req.ip),
  );
  route(app, ops.socialMediaUpdate, sectionAccess, async (req) =>
    updateSection(ctx, caller(req), SECTIONS.socialMedia, req.params.id, req.body, req.ip),
  );

  route(app, ops.educationBulkCreate, sectionAccess, async (req) => ({
    results: await createMany<TEducation>(ctx, caller(req), SECTIONS.education, req.body, req.ip),
  }));
}
