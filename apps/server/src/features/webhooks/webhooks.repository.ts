import type { TWebhook, TWebhookDelivery, TWebhookDeliveryStatus } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { webhookDeliveries, webhooks } from '../../schema/webhooks.table.ts';
import { canManageWebhook } from './webhooks.policy.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const WEBHOOK_NOT_FOUND = 'Webhook not found.';

/** The webhook if the caller manages it; 404 otherwise (another organisation's does not exist). */
export async function managedWebhook(db: DbOrTx, actor: Actor, id: number): Promise<WebhookRow> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row || !canManageWebhook(actor, row)) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/** One delivery of that webhook (a delivery id of another webhook is a 404 too). */
export async function deliveryOf(
  db: DbOrTx,
  webhookId: number,
  deliveryId: number,
): Promise<DeliveryRow> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
  if (!row) throw notFound('Delivery not found.');
  return row;
}

export function presentWebhook(row: WebhookRow): TWebhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    is_active: row.isActive,
    disabled_reason: row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
  };
}

export function presentDelivery(row: DeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status as TWebhookDeliveryStatus,
    attempt: row.attempts,
    max_attempts: row.maxAttempts,
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    redelivery_of: row.redeliveryOf,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  };
}
