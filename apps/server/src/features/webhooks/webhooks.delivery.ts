import { WEBHOOK_DISABLE_AFTER, WEBHOOK_HEADERS } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AppContext } from '../../core/context.ts';
import { guardedFetch } from '../../core/http/outbound.ts';
import { defineJob } from '../../core/module.ts';
import { webhookDeliveries, webhooks } from '../../schema/webhooks.table.ts';
import { openWebhookSecret, signature } from './webhooks.secrets.ts';
import { deliveryError, RESPONSE_EXCERPT_MAX, webhookPolicy } from './webhooks.url.ts';

/** Thrown to have the queue retry the job: the attempt is already in the log. */
class DeliveryFailed extends Error {}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
}

async function post(ctx: AppContext, url: string, headers: Record<string, string>, body: string) {
  try {
    const res = await guardedFetch(
      url,
      // A redirect is answered as is (a failure): the receiver's URL is the one the admin saved.
      { method: 'POST', headers, body, redirect: 'manual' },
      webhookPolicy(ctx.config),
    );
    const text = await res.text();
    return {
      ok: res.status >= 200 && res.status < 300,
      statusCode: res.status,
      excerpt: text.slice(0, RESPONSE_EXCERPT_MAX),
      error: res.status >= 200 && res.status < 300 ? null : `The receiver answered ${res.status}.`,
    } satisfies Outcome;
  } catch (err) {
    ctx.log.warn({ err, url }, 'webhook delivery failed');
    return { ok: false, statusCode: null, excerpt: null, error: deliveryError(err) };
  }
}

/**
 * One attempt of one delivery: signed POST through the outbound guard (which checks the address
 * again: DNS may have changed since the URL was saved), outcome written to the log. A failure
 * before the last attempt throws so the queue retries with its backoff; the last one marks the
 * delivery failed and counts against the webhook, which is switched off after
 * WEBHOOK_DISABLE_AFTER deliveries failed in a row.
 */
export async function deliver(ctx: AppContext, deliveryId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ d: webhookDeliveries, w: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Deleted with its webhook, or already settled (a duplicated or taken-over job).
  if (!row || row.d.status === 'succeeded' || row.d.status === 'failed') return;
  const { d, w } = row;
  const attempt = d.attempts + 1;
  const started = Date.now();
  let outcome: Outcome;
  const secret = await openWebhookSecret(ctx, w.organisationId, w.sealedSecret);
  if (!w.isActive) {
    outcome = { ok: false, statusCode: null, excerpt: null, error: 'The webhook is switched off.' };
  } else if (!secret) {
    outcome = { ok: false, statusCode: null, excerpt: null, error: 'The secret cannot be read.' };
  } else {
    const body = JSON.stringify({ ...d.body, delivery_id: d.id });
    const timestamp = Math.floor(Date.now() / 1000);
    outcome = await post(
      ctx,
      w.url,
      {
        'content-type': 'application/json',
        [WEBHOOK_HEADERS.webhookId]: String(w.id),
        [WEBHOOK_HEADERS.deliveryId]: String(d.id),
        [WEBHOOK_HEADERS.event]: d.event,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signature(secret, timestamp, body),
      },
      body,
    );
  }
  // Switched off or unreadable: retrying cannot help.
  const final = outcome.ok || attempt >= d.maxAttempts || !w.isActive || !secret;
  const status = outcome.ok ? 'succeeded' : final ? 'failed' : 'retrying';
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: attempt,
        statusCode: outcome.statusCode,
        durationMs: w.isActive ? Date.now() - started : null,
        responseExcerpt: outcome.excerpt,
        error: outcome.error,
        lastAttemptAt: new Date(),
      })
      .where(eq(webhookDeliveries.id, d.id));
    if (!w.isActive) return;
    if (outcome.ok) {
      await tx
        .update(webhooks)
        .set({ consecutiveFailures: 0, lastDeliveryAt: new Date() })
        .where(eq(webhooks.id, w.id));
    } else if (final) {
      const [updated] = await tx
        .update(webhooks)
        .set({
          consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
          lastDeliveryAt: new Date(),
        })
        .where(eq(webhooks.id, w.id))
        .returning({ failures: webhooks.consecutiveFailures, isActive: webhooks.isActive });
      if (updated?.isActive && updated.failures >= WEBHOOK_DISABLE_AFTER) {
        await tx
          .update(webhooks)
          .set({
            isActive: false,
            disabledReason: `Switched off after ${updated.failures} deliveries failed in a row.`,
          })
          .where(eq(webhooks.id, w.id));
        await recordAudit(tx, {
          action: 'webhook.disabled',
          organisationId: w.organisationId,
          details: { webhookId: w.id, failures: updated.failures },
        });
      }
    }
  });
  if (!final) throw new DeliveryFailed(outcome.error ?? 'delivery failed');
}

export const webhookJobs = [
  defineJob({
    type: 'webhook.deliver',
    handle: (ctx, payload) => deliver(ctx, payload.deliveryId),
  }),
];
