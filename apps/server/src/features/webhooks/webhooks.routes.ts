import { webhookOps as ops, ROLE } from '@atrium/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { webhookDeliveries, webhooks } from '../../schema/webhooks.table.ts';
import { managedWebhook, presentDelivery, presentWebhook } from './webhooks.repository.ts';
import {
  createWebhook,
  deleteWebhook,
  ping,
  redeliver,
  rotateSecret,
  updateWebhook,
} from './webhooks.service.ts';

/**
 * `/tools-plugins`, Webhooks: the admins of an organisation (with the page's menu permission) and
 * superadmins. Lists are the caller's organisation's; one webhook is a 404 to anyone who does not
 * manage it (webhooks.policy.ts).
 */
export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admins = { access: access.menu('/tools-plugins', [ROLE.ADMIN]) };

  route(app, ops.webhooks, admins, async (req) => {
    const auth = caller(req);
    const { limit, offset } = pageBounds(req.query);
    const where = eq(webhooks.organisationId, auth.organisationId);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(webhooks)
        .where(where)
        .orderBy(desc(webhooks.id))
        .limit(limit)
        .offset(offset),
      ctx.db.select({ n: count() }).from(webhooks).where(where),
    ]);
    return toPage(req.url, req.query, total?.n ?? 0, rows.map(presentWebhook));
  });
  route(app, ops.createWebhook, admins, async (req, reply) => {
    reply.status(201);
    return createWebhook(ctx, caller(req), req.body, { ip: req.ip });
  });
  route(app, ops.webhook, admins, async (req) =>
    presentWebhook(await managedWebhook(ctx.db, caller(req), req.params.id)),
  );
  route(app, ops.updateWebhook, admins, async (req) =>
    updateWebhook(ctx, caller(req), req.params.id, req.body, { ip: req.ip }),
  );
  route(app, ops.deleteWebhook, admins, async (req) => {
    await deleteWebhook(ctx, caller(req), req.params.id, { ip: req.ip });
  });
  route(app, ops.rotateSecret, admins, async (req) =>
    rotateSecret(ctx, caller(req), req.params.id, { ip: req.ip }),
  );
  route(app, ops.ping, admins, async (req, reply) => {
    reply.status(201);
    return ping(ctx, caller(req), req.params.id);
  });
  route(app, ops.deliveries, admins, async (req) => {
    const hook = await managedWebhook(ctx.db, caller(req), req.params.id);
    const { limit, offset } = pageBounds(req.query);
    const where = and(
      eq(webhookDeliveries.webhookId, hook.id),
      req.query.status ? eq(webhookDeliveries.status, req.query.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset),
      ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
    ]);
    return toPage(req.url, req.query, total?.n ?? 0, rows.map(presentDelivery));
  });
  route(app, ops.redeliver, admins, async (req, reply) => {
    reply.status(201);
    return redeliver(ctx, caller(req), req.params.id, req.params.deliveryId);
  });
}
