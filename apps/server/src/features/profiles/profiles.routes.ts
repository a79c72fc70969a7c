import { GENDERS, LANGUAGES, PROFILE_IMAGE_MAX_BYTES, profileOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { unsupportedMediaType } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { openProfileImage, replaceProfileImage } from './profile-image.service.ts';
import { registerProfileSectionRoutes } from './profile-sections.routes.ts';
import { getProfileDetails, skillChoices, updateProfile } from './profiles.service.ts';

/**
 * A user awaiting approval may read and edit only their own profile (spec §4);
 * the lists the profile form needs are open to them too.
 */
const ownProfile = access.authenticated({ unapproved: 'own' });
// The fixed lists change only with a release; a signed-in browser may keep them a while.
const LIST_CACHE = 'private, max-age=3600';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, profileOps.details, { access: ownProfile }, async (request) =>
    getProfileDetails(ctx.db, caller(request), request.params.id),
  );

  route(app, profileOps.update, { access: ownProfile }, async (request) =>
    updateProfile(ctx, caller(request), request.params.id, request.body, request.ip),
  );

  route(app, profileOps.replaceImage, { access: ownProfile }, async (request) => {
    if (!request.isMultipart()) {
      throw unsupportedMediaType('Send the image as multipart/form-data in a field named file.');
    }
    return replaceProfileImage(
      ctx,
      caller(request),
      request.params.id,
      async () => {
        // No throw at the limit: the service answers 413 in its own words.
        const part = await request.file({
          limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 },
          throwFileSizeLimit: false,
        });
        return part && { filename: part.filename, fieldname: part.fieldname, file: part.file };
      },
      request.ip,
    );
  });

  route(app, profileOps.image, { access: ownProfile }, async (request, reply) => {
    const { stream, version } = await openProfileImage(ctx, caller(request), request.params.id);
    // A versioned URL never changes content; a bare one must be revalidated.
    const cache =
      request.query.v === version ? 'private, max-age=31536000, immutable' : 'private, no-cache';
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="profile-${request.params.id}.webp"`)
      .send(stream);
  });

  const lists = { access: access.authenticated({ unapproved: 'allow' }) };
  route(app, profileOps.genders, lists, async (_request, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { results: GENDERS.map((g) => ({ ...g })) };
  });

  route(app, profileOps.languages, lists, async (_request, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { results: LANGUAGES.map((l) => ({ ...l })) };
  });

  route(app, profileOps.skills, lists, async (request) => ({
    results: await skillChoices(ctx.db, caller(request), request.query.search),
  }));

  registerProfileSectionRoutes(app, ctx);
}
