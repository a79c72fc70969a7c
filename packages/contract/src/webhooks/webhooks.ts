import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Webhooks (issue 24): an organisation's admins subscribe an https URL to events of the catalogue
 * below. Each delivery is a signed JSON POST (see WEBHOOK_HEADERS), retried with backoff, kept in a
 * delivery log, and redeliverable by hand.
 */

/**
 * The events a webhook may subscribe to: organisation-scoped domain events with a stable public
 * payload (`data`, snake_case ids only: a receiver reads names and details back through the API
 * it is allowed to call). `webhook.ping` is the test delivery an admin sends from the page.
 */
export const WEBHOOK_EVENTS = {
  'course.published': 'A course was published. data: course_id, published_by',
  'course.completed':
    'A learner completed a course. data: course_id, user_id, enrolment_id, completed_at',
  'enrolment.requested': 'A learner asked to join a course. data: course_id, user_id, enrolment_id',
  'enrolment.approved':
    'An enrolment request was approved. data: course_id, user_id, enrolment_id, decided_by',
  'enrolment.rejected':
    'An enrolment request was rejected. data: course_id, user_id, enrolment_id, decided_by',
  'enrolment.assigned':
    'Learners were enrolled by a manager. data: course_id, user_ids, assigned_by',
  'enrolment.unassigned':
    'Learners were removed from a course. data: course_id, user_ids, unassigned_by',
  'learning_path.completed':
    'A learner completed a learning path. data: path_id, user_id, completed_at, cycle',
  'user.approved': 'An account awaiting approval was approved. data: user_id, approved_by',
  'member.removed': 'A person was removed from the organisation. data: user_id, removed_by',
} as const;
export type TWebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as [
  TWebhookEvent,
  ...TWebhookEvent[],
];
export const WEBHOOK_PING = 'webhook.ping';

/** The headers of every delivery. The signature is `v1=` + hex HMAC-SHA256 of `<timestamp>.<body>`. */
export const WEBHOOK_HEADERS = {
  webhookId: 'Atrium-Webhook-Id',
  deliveryId: 'Atrium-Delivery-Id',
  event: 'Atrium-Event',
  timestamp: 'Atrium-Timestamp',
  signature: 'Atrium-Signature',
} as const;

/** After this many deliveries failing for good in a row, the webhook is switched off. */
export const WEBHOOK_DISABLE_AFTER = 5;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const zUrl = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a valid https URL.');

const zEvents = z
  .array(z.enum(WEBHOOK_EVENT_NAMES, 'Unknown event.'))
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_NAMES.length);

export const ZWebhookCreate = z.strictObject({
  url: zUrl,
  description: plainText()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters.`)
    .default(''),
  events: zEvents,
});
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;

export const ZWebhookUpdate = z.strictObject({
  url: zUrl.optional(),
  description: plainText().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  events: zEvents.optional(),
  /** Switching a webhook back on also clears its count of failures. */
  is_active: z.boolean().optional(),
});
export type TWebhookUpdate = z.infer<typeof ZWebhookUpdate>;

export const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  is_active: z.boolean(),
  /** Why it is off when the server switched it off (too many failures); null otherwise. */
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
  /** The first characters of the secret, to tell secrets apart; never the secret. */
  secret_hint: z.string(),
  created_at: z.string(),
  last_delivery_at: z.string().nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** The answer of creating a webhook or rotating its secret: the secret, shown this once. */
export const ZWebhookWithSecret = z.object({ webhook: ZWebhook, secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const ZWebhookPage = zPage(ZWebhook);
export const ZWebhookQuery = ZPageQuery;

export const ZWebhookDeliveryStatus = z.enum(['pending', 'retrying', 'succeeded', 'failed']);
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatus>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  event: z.string(),
  status: ZWebhookDeliveryStatus,
  /** Attempts made so far. */
  attempt: z.number().int(),
  max_attempts: z.number().int(),
  /** Of the last attempt: the receiver's status, how long it took, the start of its answer. */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  /** The delivery this one resends, when an admin redelivered. */
  redelivery_of: z.number().int().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryPage = zPage(ZWebhookDelivery);
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;
export const ZWebhookDeliveryQuery = ZPageQuery.extend({
  status: ZWebhookDeliveryStatus.optional(),
});

export const ZWebhookDeliveryParams = z.object({ id: zIdParam, deliveryId: zIdParam });
