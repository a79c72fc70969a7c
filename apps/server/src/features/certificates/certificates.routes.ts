import { certificateOps as ops, ROLE, type TCertificatePrinted } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { uploadImage } from './certificates.images.ts';
import { drawPdf, printedOf, verifyUrlOf } from './certificates.issue.ts';
import {
  certificateDetail,
  listCertificates,
  reissueCertificate,
  revokeCertificate,
  sendPdf,
  verifyCertificate,
} from './certificates.service.ts';
import {
  assignTemplate,
  createTemplate,
  type Design,
  getTemplate,
  listAssignments,
  listTemplates,
  removeTemplate,
  unassignTemplate,
  updateTemplate,
} from './certificates.templates.ts';

/** Verification look-ups per client address a minute: codes cannot be enumerated. */
export const VERIFY_PER_MINUTE = 30;
/** Previews and uploads draw or decode on the server: limited per admin. */
export const PREVIEWS_PER_MINUTE = 30;

const perUser = (name: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `certificates.${name}:${req.auth?.userId ?? req.ip}`,
});

export function registerCertificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.authenticated() };
  const admins = { access: access.roles(ROLE.ADMIN) };
  const org = (req: FastifyRequest) => caller(req).organisationId;

  route(app, ops.dropDown, admins, async (req) =>
    (await listTemplates(ctx.db, org(req))).map((t) => ({ id: t.id, name: t.name })),
  );
  route(app, ops.list, members, async (req) =>
    listCertificates(ctx, caller(req), req.query, req.url),
  );

  route(app, ops.templates, admins, async (req) => listTemplates(ctx.db, org(req)));
  route(app, ops.createTemplate, admins, async (req) => createTemplate(ctx, caller(req), req.body));
  route(
    app,
    ops.preview,
    { ...admins, rateLimit: perUser('preview', PREVIEWS_PER_MINUTE) },
    async (req, reply) => {
      const { name: _n, validity_months: months, ...design } = req.body;
      const now = new Date();
      const expires = months ? new Date(now.getTime() + months * 30 * 86_400_000) : null;
      const { url, organisationName } = await verifyUrlOf(ctx, org(req), 'SAMP-LE00-CODE');
      const printed: TCertificatePrinted = printedOf(
        {
          code: 'SAMP-LE00-CODE',
          learnerName: 'Alex Example',
          achievementName: 'Sample course',
          issuedAt: now,
          expiresAt: expires,
          score: 92,
          hours: 4,
        } as never,
        design as Design,
        organisationName,
      );
      const pdf = await drawPdf(ctx, org(req), printed, design as Design, url);
      reply
        .header('content-disposition', 'inline; filename="preview.pdf"')
        .header('cache-control', 'no-store')
        .type('application/pdf');
      return reply.send(Buffer.from(pdf));
    },
  );
  route(app, ops.template, admins, async (req) => getTemplate(ctx.db, org(req), req.params.id));
  route(app, ops.updateTemplate, admins, async (req) =>
    updateTemplate(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeTemplate, admins, async (req) => {
    await removeTemplate(ctx, caller(req), req.params.id);
  });
  route(
    app,
    ops.uploadImage,
    { ...admins, rateLimit: perUser('images', PREVIEWS_PER_MINUTE) },
    async (req) => uploadImage(ctx, caller(req), req),
  );

  route(app, ops.assignments, admins, async (req) => listAssignments(ctx.db, org(req)));
  route(app, ops.assign, admins, async (req) => assignTemplate(ctx, caller(req), req.body));
  route(app, ops.unassign, admins, async (req) => {
    await unassignTemplate(ctx, caller(req), req.params.id);
  });

  route(app, ops.detail, members, async (req) =>
    certificateDetail(ctx, caller(req), req.params.id),
  );
  route(app, ops.pdf, members, async (req, reply) =>
    sendPdf(ctx, caller(req), req.params.id, reply),
  );
  route(app, ops.revoke, admins, async (req) =>
    revokeCertificate(ctx, caller(req), req.params.id, req.body.reason),
  );
  route(app, ops.reissue, admins, async (req) =>
    reissueCertificate(ctx, caller(req), req.params.id),
  );

  route(
    app,
    ops.verify,
    {
      access: access.public(),
      rateLimit: {
        max: VERIFY_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `certificates.verify:${req.ip}`,
      },
    },
    async (req) => verifyCertificate(ctx, req.params.code),
  );
}
