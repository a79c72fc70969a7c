import { messagesOps as ops } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { attachmentFor, type StoredAttachment, storeAttachment } from './messages.attachments.ts';
import { reachablePeople } from './messages.reach.ts';
import {
  conversationFor,
  conversationViews,
  listConversations,
  listMessages,
  messageViews,
  unreadMessageCount,
} from './messages.repository.ts';
import { messagesService as service } from './messages.service.ts';

/** Sends per person per minute, across their sessions (on each node). */
export const SEND_PER_MINUTE = 30;

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerMessagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = { access: access.authenticated() };

  route(app, ops.conversations, signedIn, async (req) => {
    const auth = caller(req);
    const page = await listConversations(ctx.db, auth, req.query);
    return { results: await conversationViews(ctx.db, auth, page.ids), next_cursor: page.next };
  });

  route(app, ops.createConversation, signedIn, async (req) =>
    service.create(ctx, caller(req), req.body),
  );

  route(app, ops.direct, signedIn, async (req) =>
    service.direct(ctx, caller(req), req.body.user_id),
  );

  route(app, ops.conversation, signedIn, async (req) => {
    const auth = caller(req);
    await conversationFor(ctx.db, auth, req.params.id);
    return service.view(ctx.db, auth, req.params.id);
  });

  route(app, ops.updateConversation, signedIn, async (req) =>
    service.mute(ctx, caller(req), req.params.id, req.body.muted),
  );

  route(app, ops.messages, signedIn, async (req) => {
    const auth = caller(req);
    await conversationFor(ctx.db, auth, req.params.id);
    const page = await listMessages(ctx.db, req.params.id, req.query);
    return { results: await messageViews(ctx.db, auth, page.rows), next_cursor: page.next };
  });

  route(
    app,
    ops.send,
    {
      ...signedIn,
      rateLimit: {
        max: SEND_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `messages.send:${req.auth?.userId ?? req.ip}`,
      },
    },
    async (req) => {
      const auth = caller(req);
      // Nothing is read or stored for a send that would be refused.
      await service.assertMaySend(ctx.db, auth, req.params.id);
      const files: StoredAttachment[] = [];
      let fields: { body: string; idempotency_key: string };
      try {
        const form = await readForm(req, async (file) => {
          files.push(await storeAttachment(ctx, file, files.length));
        });
        fields = parseInput(ops.send.body.form, form);
      } catch (err) {
        await Promise.all(files.map((f) => ctx.files.delete(f.key).catch(() => {})));
        throw err;
      }
      try {
        return await service.send(ctx, auth, req.params.id, {
          body: fields.body,
          idempotencyKey: fields.idempotency_key,
          files,
        });
      } catch (err) {
        await Promise.all(files.map((f) => ctx.files.delete(f.key).catch(() => {})));
        throw err;
      }
    },
  );

  route(app, ops.markRead, signedIn, async (req) =>
    service.markRead(ctx, caller(req), req.params.id),
  );

  route(app, ops.attachment, signedIn, async (req, reply) => {
    const file = await attachmentFor(ctx, caller(req), req.params.id);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', attachment(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  route(app, ops.unread, signedIn, async (req) => {
    const auth = caller(req);
    return { count: await unreadMessageCount(ctx.db, auth.userId, auth.organisationId) };
  });

  route(app, ops.people, signedIn, async (req) => {
    const q = req.query;
    const page = await reachablePeople(ctx.db, caller(req), { search: q.search, ...pageBounds(q) });
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.block, signedIn, async (req) =>
    service.setBlock(ctx, caller(req), req.params.id, true),
  );
  route(app, ops.unblock, signedIn, async (req) =>
    service.setBlock(ctx, caller(req), req.params.id, false),
  );
}
