import { searchOps as ops } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { searchOnReady } from './search.indexer.ts';
import { searchKindPage, searchKinds, searchOverview } from './search.service.ts';

/** Spec §2 /search: everyone signed in searches; what they find is what they may open. */
export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };
  // Per person and node (SEARCH_RATE_PER_MINUTE, 120): the box searches as they type, debounced,
  // so two a second is generous for a person and still bounds a script.
  const perPerson = {
    max: ctx.config.search.ratePerMinute,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `search:${req.auth?.userId ?? req.ip}`,
  };
  const searching = { ...signedIn, rateLimit: perPerson };
  route(app, ops.kinds, signedIn, async (req) => searchKinds(ctx, caller(req)));
  route(app, ops.overview, searching, async (req) => searchOverview(ctx, caller(req), req.query.q));
  route(app, ops.byKind, searching, async (req) =>
    searchKindPage(ctx, caller(req), req.params.kind, req.query, req.url),
  );
  app.addHook('onReady', () => searchOnReady(ctx));
}
