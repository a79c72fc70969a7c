import type { AppModule } from '../../core/module.ts';
import { webhookJobs } from './webhooks.delivery.ts';
import { webhooksMatrix } from './webhooks.matrix.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';
import { webhookSubscribers } from './webhooks.subscribers.ts';

/**
 * Webhooks (issue 24): an organisation's admins subscribe URLs to catalogued domain events; each
 * event becomes signed, retried, logged deliveries (see "Webhooks" in docs/ARCHITECTURE.md).
 */
export const webhooksModule: AppModule = {
  name: 'webhooks',
  routes: registerWebhookRoutes,
  matrix: webhooksMatrix,
  jobs: webhookJobs,
  subscribers: webhookSubscribers,
};
