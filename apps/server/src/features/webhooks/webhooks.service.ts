import {
  type TWebhookCreate,
  type TWebhookUpdate,
  type TWebhookWithSecret,
  WEBHOOK_PING,
  ZWebhookCreate,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict } from '../../core/errors/app-error.ts';
import type { EventName } from '../../core/events/event-bus.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { webhookDeliveries, webhooks } from '../../schema/webhooks.table.ts';
import { webhookBody } from './webhooks.catalogue.ts';
import {
  deliveryOf,
  managedWebhook,
  presentDelivery,
  presentWebhook,
} from './webhooks.repository.ts';
import { newWebhookSecret, sealWebhookSecret, secretHint } from './webhooks.secrets.ts';
import { assertWebhookUrl, webhookPolicy } from './webhooks.url.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** One attempt to POST one delivery; the queue retries it with its backoff. */
    'webhook.deliver': { deliveryId: number };
  }
}

/** Attempts per delivery: the queue's backoff (30 s doubling) spreads six over about 15 minutes. */
export const WEBHOOK_ATTEMPTS = 6;

type Meta = { ip?: string | null };

export async function createWebhook(
  ctx: AppContext,
  auth: AuthContext,
  input: TWebhookCreate,
  meta: Meta,
): Promise<TWebhookWithSecret> {
  const body = ZWebhookCreate.parse(input);
  await assertWebhookUrl(body.url, webhookPolicy(ctx.config));
  const secret = newWebhookSecret();
  const sealedSecret = await sealWebhookSecret(ctx, auth.organisationId, secret);
  const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [created] = await tx
      .insert(webhooks)
      .values({
        organisationId: auth.organisationId,
        url: body.url,
        description: body.description,
        events: [...new Set(body.events)],
        sealedSecret,
        secretHint: secretHint(secret),
        createdBy: auth.userId,
      })
      .returning();
    await recordAudit(tx, {
      action: 'webhook.created',
      actorId: auth.userId,
      organisationId: auth.organisationId,
      ip: meta.ip,
      details: { webhookId: created!.id, url: body.url, events: created!.events },
    });
    return created!;
  });
  return { webhook: presentWebhook(row), secret };
}

export async function updateWebhook(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: TWebhookUpdate,
  meta: Meta,
) {
  if (body.url !== undefined) await assertWebhookUrl(body.url, webhookPolicy(ctx.config));
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const current = await managedWebhook(tx, auth, id);
    const switchingOn = body.is_active === true && !current.isActive;
    const [row] = await tx
      .update(webhooks)
      .set({
        ...(body.url !== undefined && { url: body.url }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.events !== undefined && { events: [...new Set(body.events)] }),
        ...(body.is_active !== undefined && { isActive: body.is_active }),
        // Switched back on: the failures that turned it off are forgotten.
        ...(switchingOn && { consecutiveFailures: 0, disabledReason: null }),
        ...(body.is_active === false && { disabledReason: null }),
      })
      .where(eq(webhooks.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'webhook.updated',
      actorId: auth.userId,
      organisationId: current.organisationId,
      ip: meta.ip,
      details: { webhookId: id, changed: Object.keys(body) },
    });
    return presentWebhook(row!);
  });
}

export async function deleteWebhook(ctx: AppContext, auth: AuthContext, id: number, meta: Meta) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const current = await managedWebhook(tx, auth, id);
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await recordAudit(tx, {
      action: 'webhook.deleted',
      actorId: auth.userId,
      organisationId: current.organisationId,
      ip: meta.ip,
      details: { webhookId: id, url: current.url },
    });
  });
}

export async function rotateSecret(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  meta: Meta,
): Promise<TWebhookWithSecret> {
  const current = await managedWebhook(ctx.db, auth, id);
  const secret = newWebhookSecret();
  const sealedSecret = await sealWebhookSecret(ctx, current.organisationId, secret);
  const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [updated] = await tx
      .update(webhooks)
      .set({ sealedSecret, secretHint: secretHint(secret) })
      .where(eq(webhooks.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'webhook.secret_rotated',
      actorId: auth.userId,
      organisationId: current.organisationId,
      ip: meta.ip,
      details: { webhookId: id },
    });
    return updated!;
  });
  return { webhook: presentWebhook(row), secret };
}

/** Writes deliveries and queues their jobs, in the caller's transaction. */
async function queueDeliveries(
  tx: DbOrTx,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<(typeof webhookDeliveries.$inferSelect)[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning();
  await enqueue(
    tx,
    'webhook.deliver',
    inserted.map((d) => ({ deliveryId: d.id })),
    { maxAttempts: WEBHOOK_ATTEMPTS },
  );
  return inserted;
}

export async function ping(ctx: AppContext, auth: AuthContext, id: number) {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const hook = await managedWebhook(tx, auth, id);
    if (!hook.isActive) throw conflict('Switch the webhook on before sending to it.');
    const body = webhookBody(
      WEBHOOK_PING,
      hook.organisationId,
      new Date(),
      { webhook_id: id },
      null,
    );
    const [row] = await queueDeliveries(tx, [
      { webhookId: id, event: WEBHOOK_PING, body, maxAttempts: WEBHOOK_ATTEMPTS },
    ]);
    return presentDelivery(row!);
  });
}

export async function redeliver(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  deliveryId: number,
) {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const hook = await managedWebhook(tx, auth, id);
    const original = await deliveryOf(tx, id, deliveryId);
    if (!hook.isActive) throw conflict('Switch the webhook on before sending to it.');
    const [row] = await queueDeliveries(tx, [
      {
        webhookId: id,
        eventId: original.eventId,
        event: original.event,
        body: original.body,
        maxAttempts: WEBHOOK_ATTEMPTS,
        redeliveryOf: original.redeliveryOf ?? original.id,
      },
    ]);
    return presentDelivery(row!);
  });
}

/**
 * The event subscribers' work: one delivery per active webhook of the event's organisation that
 * subscribed to it. Idempotent by event id (unique webhook × event), so a retried fan-out queues
 * nothing twice.
 */
export async function fanOut(
  ctx: AppContext,
  event: EventName,
  organisationId: number,
  data: Record<string, unknown>,
  meta: { eventId: number; occurredAt: Date },
): Promise<number> {
  const targets = await ctx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.organisationId, organisationId),
        eq(webhooks.isActive, true),
        sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  if (targets.length === 0) return 0;
  const body = webhookBody(event, organisationId, meta.occurredAt, data, meta.eventId);
  const inserted = await runInTransaction(ctx.db, ctx.bus, ({ tx }) =>
    queueDeliveries(
      tx,
      targets.map((t) => ({
        webhookId: t.id,
        eventId: meta.eventId,
        event,
        body,
        maxAttempts: WEBHOOK_ATTEMPTS,
      })),
    ),
  );
  return inserted.length;
}
