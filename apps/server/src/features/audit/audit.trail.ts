import type {
  TAdminAuditEvent,
  TAdminAuditPage,
  TPageQuery,
  ZAdminAuditFilter,
} from '@atrium/contract';
import { aliasedTable, and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../core/db/database.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';

/**
 * The audit trail (`audit_events`) across organisations, for the superadmin console. Callers
 * check that the caller is a superadmin (the route's access rule): nothing here scopes by
 * organisation beyond the filter.
 */

type Filter = z.infer<typeof ZAdminAuditFilter>;

const DAY_MS = 86_400_000;
const actor = aliasedTable(users, 'actor');
const target = aliasedTable(users, 'target');

/** `action` ending in a dot is a prefix (every `user.` action); otherwise the exact action. */
function whereOf(q: Filter): SQL | undefined {
  return and(
    q.organisation === undefined ? undefined : eq(auditEvents.organisationId, q.organisation),
    q.actor === undefined ? undefined : eq(auditEvents.actorId, q.actor),
    !q.action
      ? undefined
      : q.action.endsWith('.')
        ? // The contract allows only [a-z_.]; `_` is a LIKE wildcard, so escape it.
          like(auditEvents.action, `${q.action.replaceAll('_', '\\_')}%`)
        : eq(auditEvents.action, q.action),
    q.from === undefined ? undefined : gte(auditEvents.createdAt, new Date(`${q.from}T00:00:00Z`)),
    q.to === undefined
      ? undefined
      : lt(auditEvents.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)),
  );
}

const columns = {
  e: auditEvents,
  actorName: actor.username,
  targetName: target.username,
  organisationTitle: organisations.title,
};

function select(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(target, eq(target.id, auditEvents.targetUserId))
    .leftJoin(organisations, eq(organisations.id, auditEvents.organisationId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
}

type Row = Awaited<ReturnType<typeof select>>[number];

function present(r: Row): TAdminAuditEvent {
  return {
    id: r.e.id,
    action: r.e.action,
    actor: r.e.actorId === null ? null : { id: r.e.actorId, username: r.actorName ?? '' },
    target_user:
      r.e.targetUserId === null ? null : { id: r.e.targetUserId, username: r.targetName ?? '' },
    organisation:
      r.e.organisationId === null
        ? null
        : { id: r.e.organisationId, title: r.organisationTitle ?? '' },
    ip: r.e.ip,
    details: r.e.details ?? null,
    created_at: r.e.createdAt.toISOString(),
  };
}

export async function auditTrail(
  db: DbOrTx,
  q: Filter & TPageQuery,
  requestUrl: string,
): Promise<TAdminAuditPage> {
  const where = whereOf(q);
  const { limit, offset } = pageBounds(q);
  const [rows, [counted]] = await Promise.all([
    select(db, where).limit(limit).offset(offset),
    // The trail grows without end: count at most COUNT_LIMIT rows (see core/http/pagination).
    db
      .select({ n: count() })
      .from(
        db.select({ id: auditEvents.id }).from(auditEvents).where(where).limit(COUNT_LIMIT).as('c'),
      ),
  ]);
  return toPage(requestUrl, q, boundedCount(Number(counted?.n ?? 0)), rows.map(present));
}

/** Every filtered event for the export, newest first, read by pages so memory stays flat. */
export async function* auditTrailRows(
  db: DbOrTx,
  q: Filter,
): AsyncIterable<Record<string, unknown>> {
  const where = whereOf(q);
  const PAGE = 1_000;
  for (let offset = 0; ; offset += PAGE) {
    const rows = await select(db, where).limit(PAGE).offset(offset);
    for (const r of rows) {
      const p = present(r);
      yield {
        created_at: p.created_at,
        organisation: p.organisation?.title ?? '',
        organisation_id: p.organisation?.id ?? '',
        action: p.action,
        actor: p.actor?.username ?? '',
        target_user: p.target_user?.username ?? '',
        ip: p.ip ?? '',
        details: p.details ? JSON.stringify(p.details) : '',
      };
    }
    if (rows.length < PAGE) return;
  }
}

export const AUDIT_TRAIL_COLUMNS = [
  { header: 'Date', key: 'created_at' },
  { header: 'Organisation', key: 'organisation' },
  { header: 'Organisation id', key: 'organisation_id' },
  { header: 'Action', key: 'action' },
  { header: 'Actor', key: 'actor' },
  { header: 'Target user', key: 'target_user' },
  { header: 'IP', key: 'ip' },
  { header: 'Details', key: 'details' },
];
