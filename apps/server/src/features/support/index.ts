import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { supportJobs } from './support.contact.ts';
import { supportMatrix } from './support.matrix.ts';
import { registerSupportRoutes } from './support.routes.ts';

/**
 * Support (issue 23; spec §2 /contactUs and /feedback): the contact form, open to signed-out
 * visitors, whose messages reach the organisation's admins; and feedback, a rating with a comment
 * about the product or a page, which admins list and export. Support tickets are to join later.
 */
export const supportModule: AppModule = {
  name: 'support',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerSupportRoutes(app, ctx);
  },
  matrix: supportMatrix,
  jobs: supportJobs,
};
