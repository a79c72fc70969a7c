import { WEBHOOK_EVENT_NAMES } from '@atrium/contract';
import type { DomainEvents } from '../../core/events/event-bus.ts';
import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { WEBHOOK_CATALOGUE } from './webhooks.catalogue.ts';
import { fanOut } from './webhooks.service.ts';

/**
 * One durable subscriber per catalogued event (keyed `webhooks:deliver-<event>`; the names must
 * stay stable): it turns the event into one queued delivery per subscribed webhook of the event's
 * organisation. The POSTs themselves are jobs of their own (`webhook.deliver`), so a slow
 * receiver never holds the event machinery.
 */
export const webhookSubscribers: EventSubscriber[] = WEBHOOK_EVENT_NAMES.map((event) =>
  defineSubscriber({
    event,
    name: `deliver-${event}`,
    async handle(ctx, payload, meta) {
      const shape = WEBHOOK_CATALOGUE[event] as {
        organisationId(p: DomainEvents[typeof event]): number;
        data(p: DomainEvents[typeof event]): Record<string, unknown>;
      };
      await fanOut(ctx, event, shape.organisationId(payload), shape.data(payload), meta);
    },
  }),
);
