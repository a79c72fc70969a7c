import { manualOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { manualPages, summaryOf } from './manual.pages.ts';
import { canReadPage } from './manual.policy.ts';
import { searchManual } from './manual.search.ts';

/**
 * Spec §2 /user-manual: the pages a staff role reads, one page, and a search over them. The
 * access check keeps learners out (403, the menu hides the entry from them too); each answer
 * holds only the pages written for the caller's role.
 */
export function registerManualRoutes(app: FastifyInstance): void {
  const staff = { access: access.roles(ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER) };
  const readable = (req: Parameters<typeof caller>[0]) =>
    manualPages().filter((page) => canReadPage(caller(req), page));

  route(app, ops.list, staff, async (req) => ({ results: readable(req).map(summaryOf) }));
  route(app, ops.search, staff, async (req) => ({
    query: req.query.q,
    results: searchManual(readable(req), req.query.q),
  }));
  route(app, ops.page, staff, async (req) => {
    const page = readable(req).find((p) => p.slug === req.params.slug);
    if (!page) throw notFound('No such manual page.');
    return { ...summaryOf(page), html: page.html, headings: page.headings };
  });
}
