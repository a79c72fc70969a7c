import { ROLE, themeOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { organisationContentById } from './organisations.service.ts';
import { themes } from './theme.service.ts';

// The Theme entry of the side menu (/themes): admins of the organisation.
const manage = access.menu('/themes', [ROLE.ADMIN]);

export function registerThemeRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, themeOps.get, { access: manage }, async (req) => {
    themes.assertMayEdit(caller(req), req.params.id);
    return organisationContentById(ctx.db, req.params.id);
  });

  route(app, themeOps.update, { access: manage }, async (req) => {
    await themes.update(ctx, caller(req), req.params.id, req.body);
    return organisationContentById(ctx.db, req.params.id);
  });

  route(app, themeOps.uploadImage, { access: manage }, async (req) => {
    const file = req.isMultipart() ? await req.file() : undefined;
    if (!file)
      throw badRequest('Send the image as multipart form data in the field "file".', {
        file: ['No file was sent.'],
      });
    await themes.setImage(ctx, caller(req), req.params.id, req.params.kind, file);
    return organisationContentById(ctx.db, req.params.id);
  });

  route(app, themeOps.removeImage, { access: manage }, async (req) => {
    await themes.removeImage(ctx, caller(req), req.params.id, req.params.kind);
    return organisationContentById(ctx.db, req.params.id);
  });

  route(app, themeOps.image, { access: access.public() }, async (req, reply) => {
    const { stream, type } = await themes.image(ctx, req.params.id, req.params.kind);
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'")
      .send(stream);
  });
}
