import { createHash } from 'node:crypto';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  calendarRange,
  calendarOps as ops,
} from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import {
  calendarKinds,
  countItems,
  gatherItems,
  requestedKinds,
  toCalendarItem,
} from './calendar.service.ts';
import { feedIcs } from './feed.ics.ts';
import {
  baseUrlOf,
  createFeedToken,
  feedActor,
  feedTokenState,
  revokeFeedToken,
} from './feed-tokens.service.ts';

const DAY_MS = 86_400_000;
/** A calendar app refreshes a subscription every few minutes at most. */
const FEED_FETCHES_PER_MINUTE = 30;

/**
 * The calendar's routes: reads and the feed token are the /calendar menu's, for every role (what
 * they show is the caller's own); the feed itself is public, its token the credential.
 */
export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/calendar') };

  route(app, ops.kinds, members, async () => calendarKinds(ctx));

  route(app, ops.items, members, async (req) => {
    const range = calendarRange(req.query);
    const kinds = requestedKinds(ctx, req.query.kinds);
    const gathered = await gatherItems(ctx, caller(req), range, kinds);
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      items: gathered.items.map(toCalendarItem),
      unavailable: gathered.unavailable,
    };
  });

  route(app, ops.counts, members, async (req) => {
    const range = calendarRange(req.query);
    const kinds = requestedKinds(ctx, req.query.kinds);
    const timeZone = req.query.time_zone ?? 'UTC';
    const gathered = await gatherItems(ctx, caller(req), range, kinds);
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      time_zone: timeZone,
      ...countItems(gathered, range, timeZone),
    };
  });

  route(app, ops.feedToken, members, async (req) => feedTokenState(ctx, caller(req)));
  route(app, ops.createFeedToken, members, async (req) => createFeedToken(ctx, caller(req)));
  route(app, ops.revokeFeedToken, members, async (req) => revokeFeedToken(ctx, caller(req)));

  // Calendar services fetch from a few shared addresses for many users: counted per feed, with
  // the app's usual per-address budget as a ceiling against someone trying tokens.
  const perAddress = app.createRateLimit({
    max: ctx.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `calendar-feed:${request.ip ?? 'unknown'}`,
  });
  route(
    app,
    ops.feed,
    {
      access: access.public(),
      rateLimit: {
        max: FEED_FETCHES_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => {
          const token = (request.params as { token?: unknown }).token;
          return `calendar-feed:${createHash('sha256')
            .update(String(token ?? ''))
            .digest('hex')}`;
        },
      },
      onRequest: async (request) => {
        const limit = await perAddress(request);
        if (!limit.isAllowed && limit.isExceeded) {
          throw new AppError(429, 'Too many requests. Please wait a moment and try again.');
        }
      },
    },
    async (req, reply) => {
      const actor = await feedActor(ctx, req.params.token.replace(/\.ics$/i, ''));
      const kinds = requestedKinds(ctx, req.query.kinds);
      const now = Date.now();
      const range = {
        from: new Date(now - CALENDAR_FEED_DAYS_BACK * DAY_MS),
        to: new Date(now + CALENDAR_FEED_DAYS_AHEAD * DAY_MS),
      };
      const { items, unavailable } = await gatherItems(ctx, actor, range, kinds);
      // A feed missing a slice's items would make subscribed calendars delete them until the
      // next refresh: better that they keep their last copy and try again.
      if (unavailable.length > 0) {
        reply.header('retry-after', '300');
        throw new AppError(503, 'The calendar is not available right now. Please try again later.');
      }
      const body = feedIcs({
        host: new URL(ctx.config.publicBaseUrl).hostname,
        baseUrl: await baseUrlOf(ctx, actor.organisationId),
        items,
      });
      reply.header('cache-control', 'private, max-age=300');
      reply.header('content-disposition', 'inline; filename="atrium.ics"');
      reply.header('x-content-type-options', 'nosniff');
      reply.type('text/calendar; charset=utf-8');
      return reply.send(body);
    },
  );
}
