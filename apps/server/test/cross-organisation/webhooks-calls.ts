import { webhookDeliveries, webhooks } from '../../src/schema/webhooks.table.ts';
import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import type { IdCall } from './calls.ts';

/**
 * Webhooks (issue 24) in the cross-organisation test: acme's webhook with one delivery in its log,
 * and a spare one to delete. Written directly: saving a URL through the API resolves its host,
 * which this test's app (no outbound allowance) would refuse for any address it can reach.
 */
export interface WebhookObjects {
  webhook: number;
  spareWebhook: number;
  webhookDelivery: number;
}

export async function makeWebhookObjects(t: TestApp, acme: Staff): Promise<WebhookObjects> {
  const row = (n: number) => ({
    organisationId: acme.org.id,
    url: `https://hooks.example.com/acme/${n}`,
    events: ['user.approved'],
    sealedSecret: 'v1.sealed',
    secretHint: 'whsec_abcd',
  });
  const [hook, spare] = await t.database.db
    .insert(webhooks)
    .values([row(1), row(2)])
    .returning({ id: webhooks.id });
  const [delivery] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook!.id,
      event: 'webhook.ping',
      body: { event: 'webhook.ping' },
      maxAttempts: 6,
    })
    .returning({ id: webhookDeliveries.id });
  return { webhook: hook!.id, spareWebhook: spare!.id, webhookDelivery: delivery!.id };
}

export const WEBHOOK_CALLS: Record<string, IdCall> = {
  'GET /api/webhooks/:id/': { params: (f) => ({ id: f.webhook }) },
  'PATCH /api/webhooks/:id/': {
    params: (f) => ({ id: f.webhook }),
    body: () => ({ description: 'Taken over' }),
  },
  'DELETE /api/webhooks/:id/': { params: (f) => ({ id: f.spareWebhook }) },
  'POST /api/webhooks/:id/rotate-secret/': { params: (f) => ({ id: f.webhook }) },
  'POST /api/webhooks/:id/ping/': { params: (f) => ({ id: f.webhook }) },
  'GET /api/webhooks/:id/deliveries/': { params: (f) => ({ id: f.webhook }) },
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver/': {
    params: (f) => ({ id: f.webhook, deliveryId: f.webhookDelivery }),
  },
};
