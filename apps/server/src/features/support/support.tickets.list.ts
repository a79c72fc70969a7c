import type { TTicketPage, ZMyTicketsQuery, ZTicketQueueQuery } from '@atrium/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { supportTickets } from '../../schema/support-tickets.table.ts';
import { queueScope } from './support.policy.ts';
import { SLA_WARNING_MS } from './support.sla.ts';
import { presentSummary, selectTickets } from './support.tickets.repository.ts';

/** The requester's own tickets and the staff's queue: one page query and one bounded count. */

const ACTIVE = ['open', 'pending', 'on_hold'];

async function page(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  q: { page: number; page_size: number },
  requestUrl: string,
  now: Date,
): Promise<TTicketPage> {
  const { limit, offset } = pageBounds(q);
  const [rows, counted] = await Promise.all([
    selectTickets(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(supportTickets)
        .where(where)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  return toPage(
    requestUrl,
    q,
    boundedCount(Number(counted[0]?.n ?? 0)),
    rows.map((r) => presentSummary(r, now)),
  );
}

export function myTickets(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZMyTicketsQuery>,
  requestUrl: string,
  now = new Date(),
): Promise<TTicketPage> {
  const where = and(
    eq(supportTickets.requesterId, actor.userId),
    q.status ? eq(supportTickets.status, q.status) : undefined,
  );
  return page(
    db,
    where,
    [desc(supportTickets.updatedAt), desc(supportTickets.id)],
    q,
    requestUrl,
    now,
  );
}

/** Soonest SLA due first; tickets with nothing due (resolved, closed) last, newest first. */
export function queue(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZTicketQueueQuery>,
  requestUrl: string,
  now = new Date(),
): Promise<TTicketPage> {
  const scope = queueScope(actor);
  if (scope === 'none') return Promise.resolve(toPage(requestUrl, q, boundedCount(0), []));
  const organisationId = scope.organisationId ?? q.organisation ?? null;
  const needle = q.search ? `%${q.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const soon = new Date(now.getTime() + SLA_WARNING_MS);
  const where = and(
    organisationId === null ? undefined : eq(supportTickets.organisationId, organisationId),
    q.status
      ? eq(supportTickets.status, q.status)
      : q.state === 'all'
        ? undefined
        : inArray(supportTickets.status, ACTIVE),
    q.priority ? eq(supportTickets.priority, q.priority) : undefined,
    q.assignee === undefined
      ? undefined
      : q.assignee === 'none'
        ? isNull(supportTickets.assigneeId)
        : eq(supportTickets.assigneeId, q.assignee === 'me' ? actor.userId : q.assignee),
    // Breached here means the next target is past due (what someone can still act on).
    q.sla === 'breached'
      ? lt(supportTickets.slaDueAt, now)
      : q.sla === 'breaching_soon'
        ? and(gte(supportTickets.slaDueAt, now), lt(supportTickets.slaDueAt, soon))
        : undefined,
    needle
      ? or(ilike(supportTickets.reference, needle), ilike(supportTickets.subject, needle))
      : undefined,
  );
  return page(
    db,
    where,
    [
      sql`${supportTickets.slaDueAt} asc nulls last`,
      desc(supportTickets.updatedAt),
      asc(supportTickets.id),
    ],
    q,
    requestUrl,
    now,
  );
}
