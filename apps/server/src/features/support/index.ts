import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { supportJobs } from './support.contact.ts';
import { supportMatrix } from './support.matrix.ts';
import { registerSupportRoutes } from './support.routes.ts';
import { ticketJobs } from './support.tickets.mail.ts';
import { registerTicketRoutes } from './support.tickets.routes.ts';

/**
 * Support (issue 23; spec §2 /contactUs and /feedback): the contact form, open to signed-out
 * visitors, whose messages reach the organisation's admins; and feedback, a rating with a comment
 * about the product or a page, which admins list and export; support tickets (a conversation with
 * the organisation's admins, in-app or by e-mail, worked from a queue with SLA targets).
 */
export const supportModule: AppModule = {
  name: 'support',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerSupportRoutes(app, ctx);
    registerTicketRoutes(app, ctx);
  },
  matrix: supportMatrix,
  jobs: [...supportJobs, ...ticketJobs],
};

export { ticketNotice, ticketStaffIds } from './support.tickets.notice.ts';
