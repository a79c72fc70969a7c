import {
  structurePaths as p,
  ROLE,
  THEME_IMAGE_KINDS,
  ZOrganisationContent,
  ZThemeUpdate,
  zIdParam,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { organisationContentById } from './organisations.service.ts';
import { themes } from './theme.service.ts';

const id = z.object({ id: zIdParam });
const image = id.extend({ kind: z.enum(THEME_IMAGE_KINDS) });
const errors = errorResponses(400, 401, 403, 404, 413, 415);
const tags = ['organisations'];
// The Theme entry of the side menu (/themes): admins of the organisation.
const manage = access.menu('/themes', [ROLE.ADMIN]);

export function registerThemeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.theme,
    {
      schema: {
        tags,
        summary:
          "An organisation's theme as the theme editor needs it (admins: their own; superadmin: any)",
        params: id,
        response: { 200: ZOrganisationContent, ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      themes.assertMayEdit(caller(req), req.params.id);
      return organisationContentById(ctx.db, req.params.id);
    },
  );

  r.patch(
    p.theme,
    {
      schema: {
        tags,
        summary: "Change an organisation's colours, title and welcome message",
        params: id,
        body: ZThemeUpdate,
        response: { 200: ZOrganisationContent, ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      await themes.update(ctx, caller(req), req.params.id, req.body);
      return organisationContentById(ctx.db, req.params.id);
    },
  );

  r.put(
    p.themeImage,
    {
      schema: {
        tags,
        summary:
          'Upload a theme image (multipart field `file`: png, jpg, webp or gif, at most 2 MB)',
        params: image,
        response: { 200: ZOrganisationContent, ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      const file = req.isMultipart() ? await req.file() : undefined;
      if (!file)
        throw badRequest('Send the image as multipart form data in the field "file".', {
          file: ['No file was sent.'],
        });
      await themes.setImage(ctx, caller(req), req.params.id, req.params.kind, file);
      return organisationContentById(ctx.db, req.params.id);
    },
  );

  r.delete(
    p.themeImage,
    {
      schema: {
        tags,
        summary: 'Remove a theme image',
        params: image,
        response: { 200: ZOrganisationContent, ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      await themes.removeImage(ctx, caller(req), req.params.id, req.params.kind);
      return organisationContentById(ctx.db, req.params.id);
    },
  );

  r.get(
    p.themeImage,
    {
      schema: { tags, summary: 'A theme image (public: the sign-in page shows it)', params: image },
      config: { access: access.public() },
    },
    async (req, reply) => {
      const { stream, type } = await themes.image(ctx, req.params.id, req.params.kind);
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .send(stream);
    },
  );
}
