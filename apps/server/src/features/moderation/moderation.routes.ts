import { moderationOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { act, itemDetail, queue } from './moderation.queue.ts';
import { report } from './moderation.reports.ts';
import { addWord, listWords, removeWord } from './moderation.words.ts';

/** Reports a person may file an hour (per node): enough for a bad day, not for a flood. */
export const REPORTS_PER_HOUR = 30;

/**
 * Reports are open to every signed-in member (the content's slice says whether they see it);
 * the queue and the banned words to the organisation's admins, checked again per item.
 */
export function registerModerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admins = { access: access.roles(ROLE.ADMIN) };

  route(
    app,
    ops.report,
    {
      access: access.authenticated(),
      rateLimit: {
        max: REPORTS_PER_HOUR,
        timeWindow: '1 hour',
        keyGenerator: (req: FastifyRequest) => `moderation.reports:${req.auth?.userId ?? req.ip}`,
      },
    },
    async (req) => report(ctx, caller(req), req.body),
  );
  route(app, ops.queue, admins, async (req) => {
    const page = await queue(ctx, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.item, admins, async (req) => itemDetail(ctx, caller(req), req.params.id));
  route(app, ops.act, admins, async (req) => act(ctx, caller(req), req.params.id, req.body));
  route(app, ops.bannedWords, admins, async (req) => listWords(ctx, caller(req)));
  route(app, ops.addBannedWord, admins, async (req) => addWord(ctx, caller(req), req.body));
  route(app, ops.removeBannedWord, admins, async (req) => {
    await removeWord(ctx, caller(req), req.params.id);
  });
}
