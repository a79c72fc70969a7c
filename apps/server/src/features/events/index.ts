import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { eventEnrolmentApproval } from './enrolments.approval.ts';
import { eventsCalendar } from './events.calendar.ts';
import { eventsMatrix } from './events.matrix.ts';
import { registerEventRoutes } from './events.routes.ts';
import { eventsSearch } from './events.search.ts';
import { eventSubscribers } from './events.subscribers.ts';
import './events.events.ts';

/**
 * The event engine (issue 19): typed events of an organisation, one-off or recurring (RRULE
 * with exceptions, in the event's zone), with an audience, seats, enrolment (open, closed or by
 * approval) with iCalendar invitations, attendance per occurrence and a CPD value that the CPD
 * slice credits from `event.attended`; its occurrences on people's calendars.
 */
export const eventsModule: AppModule = {
  name: 'events',
  feature: 'events',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerEventRoutes(app, ctx);
  },
  matrix: eventsMatrix,
  approvalKinds: [eventEnrolmentApproval],
  subscribers: eventSubscribers,
  calendar: eventsCalendar,
  search: eventsSearch,
};

export * from './events.policy.ts';
export { eventUid } from './invitations.send.ts';
