import {
  GENDERS,
  LANGUAGES,
  PROFILE_IMAGE_MAX_BYTES,
  profilePaths,
  ZChoiceList,
  ZErrorResponse,
  ZImageQuery,
  ZLanguageQuery,
  ZProfileDetails,
  ZProfileImage,
  ZProfileUpdate,
  ZSkillQuery,
  ZUserIdParams,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { unsupportedMediaType } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { openProfileImage, replaceProfileImage } from './profile-image.service.ts';
import { registerProfileSectionRoutes } from './profile-sections.routes.ts';
import { getProfileDetails, skillChoices, updateProfile } from './profiles.service.ts';

const errors = errorResponses(400, 401, 403, 404);
/**
 * A user awaiting approval may read and edit only their own profile (spec §4);
 * the lists the profile form needs are open to them too.
 */
const ownProfile = access.authenticated({ unapproved: 'own' });
const tags = ['profiles'];
// The fixed lists change only with a release; a signed-in browser may keep them a while.
const LIST_CACHE = 'private, max-age=3600';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    profilePaths.details,
    {
      schema: {
        tags,
        summary:
          "A user's whole profile: anyone of the same organisation may read it, a superadmin anyone's",
        params: ZUserIdParams,
        response: { 200: ZProfileDetails, ...errors },
      },
      config: { access: ownProfile },
    },
    async (request) => getProfileDetails(ctx.db, caller(request), request.params.id),
  );

  r.patch(
    profilePaths.update,
    {
      schema: {
        tags,
        summary:
          'Edit profile basics: the user themself, or an admin for users of their organisation (e-mail: admins only)',
        params: ZUserIdParams,
        body: ZProfileUpdate,
        response: { 200: ZProfileDetails, ...errors, 409: ZErrorResponse },
      },
      config: { access: ownProfile },
    },
    async (request) =>
      updateProfile(ctx, caller(request), request.params.id, request.body, request.ip),
  );

  r.patch(
    profilePaths.image,
    {
      schema: {
        tags,
        summary:
          'Replace the profile photo: multipart field `file` (jpg, jpeg, png or webp, at most 5 MB), stored as a 256×256 webp',
        consumes: ['multipart/form-data'],
        params: ZUserIdParams,
        response: {
          200: ZProfileImage,
          ...errors,
          413: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
      config: { access: ownProfile },
    },
    async (request) => {
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
    },
  );

  r.get(
    profilePaths.image,
    {
      schema: {
        tags,
        summary: "A user's profile photo (image/webp); same rule as reading the profile",
        params: ZUserIdParams,
        querystring: ZImageQuery,
        response: errors,
      },
      config: { access: ownProfile },
    },
    async (request, reply) => {
      const { stream, version } = await openProfileImage(ctx, caller(request), request.params.id);
      // A versioned URL never changes content; a bare one must be revalidated.
      const cache =
        request.query.v === version ? 'private, max-age=31536000, immutable' : 'private, no-cache';
      return (
        reply
          .header('content-type', 'image/webp')
          .header('cache-control', cache)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="profile-${request.params.id}.webp"`)
          // A stream goes out as is, past the JSON serializer the response types describe.
          .send(stream as never)
      );
    },
  );

  r.get(
    profilePaths.genders,
    {
      schema: {
        tags,
        summary: 'The gender choices of the profile form',
        response: { 200: ZChoiceList, 401: ZErrorResponse },
      },
      config: { access: access.authenticated({ unapproved: 'allow' }) },
    },
    async (_request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { results: GENDERS.map((g) => ({ ...g })) };
    },
  );

  r.get(
    profilePaths.languages,
    {
      schema: {
        tags,
        summary: 'Languages a profile may list (ISO 639-1 codes); `mobile` is accepted',
        querystring: ZLanguageQuery,
        response: { 200: ZChoiceList, ...errors },
      },
      config: { access: access.authenticated({ unapproved: 'allow' }) },
    },
    async (_request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { results: LANGUAGES.map((l) => ({ ...l })) };
    },
  );

  r.get(
    profilePaths.skills,
    {
      schema: {
        tags,
        summary:
          "Skills to pick from: the organisation's own and a base list, filtered by `search`, at most 50",
        querystring: ZSkillQuery,
        response: { 200: ZChoiceList, ...errors },
      },
      config: { access: access.authenticated({ unapproved: 'allow' }) },
    },
    async (request) => ({
      results: await skillChoices(ctx.db, caller(request), request.query.search),
    }),
  );

  registerProfileSectionRoutes(app, ctx);
}
