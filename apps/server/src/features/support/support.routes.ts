import { ROLE, supportContactOps, supportFeedbackOps } from '@atrium/contract';
// app.createRateLimit is typed by @fastify/rate-limit, which app.ts registers.
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { csvStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import { listContacts, sendContact, updateContact } from './support.contact.ts';
import {
  createFeedback,
  FEEDBACK_COLUMNS,
  feedbackRows,
  listFeedback,
} from './support.feedback.ts';

/** A person writes a few messages an hour at most; a script writing more is refused (429). */
export const CONTACT_PER_ADDRESS_PER_HOUR = 5;
/** The form's fields fit well within this; anything bigger is refused before it is parsed. */
const CONTACT_BODY_LIMIT = 32 * 1024;

/**
 * Spec §2 /contactUs and /feedback. The contact form is public (a signed-out visitor can ask how
 * to get an account), counted per client address (the socket's unless TRUST_PROXY, so a forged
 * X-Forwarded-For does not reset it); feedback is any signed-in person's; the lists and the
 * export are the admins'.
 */
export function registerSupportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admins = { access: access.roles(ROLE.ADMIN) };

  route(
    app,
    supportContactOps.sendContact,
    {
      access: access.public(),
      bodyLimit: CONTACT_BODY_LIMIT,
      rateLimit: {
        max: CONTACT_PER_ADDRESS_PER_HOUR,
        timeWindow: '1 hour',
        keyGenerator: (request: FastifyRequest) => `contact:${request.ip ?? 'unknown'}`,
      },
    },
    async (req) => sendContact(ctx, req.auth, req.hostname, req.body),
  );
  route(app, supportContactOps.contactMessages, admins, async (req) =>
    listContacts(ctx.db, caller(req), req.query, req.url),
  );
  route(app, supportContactOps.updateContact, admins, async (req) =>
    updateContact(ctx, caller(req), req.params.id, req.body),
  );

  route(app, supportFeedbackOps.sendFeedback, { access: access.authenticated() }, async (req) =>
    createFeedback(ctx.db, caller(req), req.body),
  );
  route(app, supportFeedbackOps.feedbackList, admins, async (req) =>
    listFeedback(ctx.db, caller(req), req.query, req.url),
  );
  route(app, supportFeedbackOps.feedbackExport, admins, async (req, reply) => {
    reply.header('content-disposition', 'attachment; filename="feedback.csv"');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    reply.type('text/csv; charset=utf-8');
    return reply.send(
      csvStream({ columns: FEEDBACK_COLUMNS, rows: feedbackRows(ctx.db, caller(req), req.query) }),
    );
  });
}
