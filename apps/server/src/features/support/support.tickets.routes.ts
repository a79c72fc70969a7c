import { supportTicketOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { assertInboundAllowed, INBOUND_MAX_BYTES, receiveMail } from './support.inbound.ts';
import { isTicketStaff } from './support.policy.ts';
import { sendAttachment } from './support.tickets.files.ts';
import { myTickets, queue } from './support.tickets.list.ts';
import { presentTicket, TICKET_NOT_FOUND, visibleTicket } from './support.tickets.repository.ts';
import { assigneesOf, openTicket, replyToTicket, updateTicket } from './support.tickets.service.ts';

/**
 * Support tickets. Anyone signed in opens and follows their own; the queue is the admins' (their
 * organisation's) and the superadmins'; one ticket is its requester's and its staff's, and a 404
 * for everyone else. The inbound mail route is public to the access check: the gateway has no
 * account, and the shared secret is checked before the body is read.
 */
export function registerTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };

  route(app, ops.openTicket, signedIn, async (req, reply) => {
    reply.status(201);
    return openTicket(ctx, caller(req), req);
  });
  route(app, ops.myTickets, signedIn, async (req) =>
    myTickets(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.queue, { access: access.roles(ROLE.ADMIN) }, async (req) =>
    queue(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.ticket, signedIn, async (req) => {
    const row = await visibleTicket(ctx.db, caller(req), req.params.id);
    if (!row) throw notFound(TICKET_NOT_FOUND);
    return presentTicket(ctx.db, caller(req), row);
  });
  route(app, ops.updateTicket, signedIn, async (req) =>
    updateTicket(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.reply, signedIn, async (req, reply) => {
    reply.status(201);
    return replyToTicket(ctx, caller(req), req.params.id, req);
  });
  route(app, ops.attachment, signedIn, async (req, reply) =>
    sendAttachment(ctx, caller(req), req.params.id, req.params.attachmentId, req, reply),
  );
  route(app, ops.assignees, signedIn, async (req) => {
    const actor = caller(req);
    const row = await visibleTicket(ctx.db, actor, req.params.id);
    if (!row || !isTicketStaff(actor, row.t)) throw notFound(TICKET_NOT_FOUND);
    return assigneesOf(ctx, actor, req.params.id);
  });
  route(
    app,
    ops.inboundMail,
    {
      access: access.public(),
      bodyLimit: INBOUND_MAX_BYTES,
      onRequest: async (request) => {
        // Refused before a byte of the body is read when off or unauthenticated.
        const given = request.headers['x-support-secret'];
        assertInboundAllowed(ctx, Array.isArray(given) ? given[0] : given);
        // A raw message is text: read it with Fastify's text parser whatever it is labelled.
        request.headers['content-type'] = 'text/plain; charset=utf-8';
      },
    },
    async (req, reply) => {
      reply.status(201);
      return receiveMail(ctx, typeof req.body === 'string' ? req.body : '');
    },
  );
}
