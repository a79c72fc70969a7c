import {
  APPROVAL_CODES,
  type TApprovalRequest,
  type TApprovalRequestDetail,
  type TApprovalSummaryQuery,
} from '@atrium/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  approvalDelegations,
  approvalRequestApprovers,
  approvalRequests,
  approvalTransitions,
} from '../../schema/approvals.table.ts';
import { users } from '../../schema/users.table.ts';
import { canSeeAll, canView, requestAbilities } from './approvals.policy.ts';
import { activeDelegators, type RequestRow } from './approvals.transitions.ts';

const DAY = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const NAME = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** Names of these users, one query. */
export async function peopleById(db: DbOrTx, ids: Iterable<number>) {
  const list = [...new Set(ids)];
  const map = new Map<number, { id: number; fullname: string }>();
  if (list.length === 0) return map;
  const rows = await db
    .select({ id: users.id, fullname: NAME })
    .from(users)
    .where(inArray(users.id, list));
  for (const r of rows) map.set(r.id, r);
  return map;
}

/** The requests the caller (or someone they stand in for now) decides or decided. */
const involving = (ids: number[], currentLevelOnly: boolean) =>
  exists(
    sql`(select 1 from ${approvalRequestApprovers} a where a.request_id = ${approvalRequests.id} and a.user_id in ${ids}${
      currentLevelOnly ? sql` and a.level = ${approvalRequests.level}` : sql``
    })`,
  );

/** How many requests wait for this person's decision now: the Requests counter. */
export async function pendingDecisionCount(
  db: DbOrTx,
  actor: Pick<Actor, 'userId' | 'organisationId'>,
): Promise<number> {
  const ids = [actor.userId, ...(await activeDelegators(db, actor.userId, actor.organisationId))];
  const [row] = await db
    .select({ n: count() })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.status, 'pending'),
        eq(approvalRequests.organisationId, actor.organisationId),
        involving(ids, true),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The list's rows as the API shows them: names, who the current level waits on (with the
 * delegates standing in for them), and what the caller may do, in four queries for the page.
 */
export async function requestViews(
  ctx: AppContext,
  auth: AuthContext,
  rows: RequestRow[],
): Promise<TApprovalRequest[]> {
  if (rows.length === 0) return [];
  const db = ctx.db;
  const ids = rows.map((r) => r.id);
  const delegators = await activeDelegators(db, auth.userId, auth.organisationId);
  const approverRows = await db
    .select()
    .from(approvalRequestApprovers)
    .where(inArray(approvalRequestApprovers.requestId, ids));
  const now = new Date();
  const waitingIds = [
    ...new Set(
      approverRows
        .filter((a) =>
          rows.some((r) => r.id === a.requestId && r.status === 'pending' && r.level === a.level),
        )
        .map((a) => a.userId),
    ),
  ];
  const delegates =
    waitingIds.length === 0
      ? []
      : await db
          .select({
            organisationId: approvalDelegations.organisationId,
            userId: approvalDelegations.userId,
            delegateId: approvalDelegations.delegateId,
          })
          .from(approvalDelegations)
          .where(
            and(
              inArray(approvalDelegations.userId, waitingIds),
              inArray(approvalDelegations.organisationId, [
                ...new Set(rows.map((r) => r.organisationId)),
              ]),
              lte(approvalDelegations.startsAt, now),
              gt(approvalDelegations.endsAt, now),
            ),
          );
  const people = await peopleById(db, [
    ...rows.map((r) => r.requesterId),
    ...waitingIds,
    ...delegates.map((d) => d.delegateId),
  ]);
  const me = new Set([auth.userId, ...delegators]);
  return rows.map((r) => {
    const mine = approverRows.filter((a) => a.requestId === r.id && me.has(a.userId));
    const involvement = { levels: [...new Set(mine.map((a) => a.level))] };
    const waiting =
      r.status === 'pending'
        ? approverRows
            .filter((a) => a.requestId === r.id && a.level === r.level)
            .map((a) => a.userId)
        : [];
    const waitingOn = new Set(waiting);
    // A delegation stands in within its own organisation only.
    for (const d of delegates) {
      if (d.organisationId === r.organisationId && waiting.includes(d.userId)) {
        waitingOn.add(d.delegateId);
      }
    }
    return {
      id: r.id,
      module: r.kind,
      module_label: ctx.approvalKinds.get(r.kind)?.label ?? r.kind,
      subject: { id: r.subjectId, title: r.subjectTitle, link: r.subjectLink },
      requester: people.get(r.requesterId) ?? { id: r.requesterId, fullname: '' },
      status: r.status,
      status_code: APPROVAL_CODES[r.status],
      level: r.level,
      level_count: r.plan.length,
      waiting_on: [...waitingOn].flatMap((id) => people.get(id) ?? []),
      comment: r.comment,
      created_at: r.createdAt.toISOString(),
      decided_at: iso(r.decidedAt),
      expires_at: iso(r.expiresAt),
      abilities: requestAbilities(auth, r, involvement),
    };
  });
}

export async function listRequests(ctx: AppContext, auth: AuthContext, q: TApprovalSummaryQuery) {
  const db = ctx.db;
  let scope: SQL | undefined;
  let pendingScope: SQL | undefined;
  const org = eq(approvalRequests.organisationId, auth.organisationId);
  if (q.scope === 'mine') {
    scope = and(org, eq(approvalRequests.requesterId, auth.userId));
  } else if (q.scope === 'all') {
    if (!canSeeAll(auth, auth.organisationId)) {
      throw forbidden("Only the organisation's admins see every request.");
    }
    scope = org;
  } else {
    const ids = [auth.userId, ...(await activeDelegators(db, auth.userId, auth.organisationId))];
    scope = and(org, involving(ids, false));
    pendingScope = and(org, involving(ids, true));
  }
  const filters = and(
    scope,
    q.module ? eq(approvalRequests.kind, q.module) : undefined,
    q.status ? eq(approvalRequests.status, q.status) : undefined,
    q.from ? gte(approvalRequests.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to
      ? lt(approvalRequests.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY))
      : undefined,
  );
  const [rows, [total], [pending]] = await Promise.all([
    db
      .select()
      .from(approvalRequests)
      .where(filters)
      .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(approvalRequests).where(filters),
    db
      .select({ n: count() })
      .from(approvalRequests)
      .where(and(pendingScope ?? scope, eq(approvalRequests.status, 'pending'))),
  ]);
  return {
    total: total?.n ?? 0,
    pending: pending?.n ?? 0,
    results: await requestViews(ctx, auth, rows),
  };
}

/** One request with its history, for whoever may see it (others: 404). */
export async function requestDetail(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<TApprovalRequestDetail> {
  const [row] = await ctx.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!row) throw notFound('Approval request not found.');
  const [view] = await requestViews(ctx, auth, [row]);
  const involved = await ctx.db
    .select({ level: approvalRequestApprovers.level })
    .from(approvalRequestApprovers)
    .where(
      and(
        eq(approvalRequestApprovers.requestId, id),
        inArray(approvalRequestApprovers.userId, [
          auth.userId,
          ...(await activeDelegators(ctx.db, auth.userId, row.organisationId)),
        ]),
      ),
    );
  if (!view || !canView(auth, row, { levels: involved.map((i) => i.level) })) {
    throw notFound('Approval request not found.');
  }
  const steps = await ctx.db
    .select()
    .from(approvalTransitions)
    .where(eq(approvalTransitions.requestId, id))
    .orderBy(asc(approvalTransitions.id));
  const people = await peopleById(
    ctx.db,
    steps.flatMap((s) => [s.actorId, s.onBehalfOfId]).filter((x): x is number => x !== null),
  );
  return {
    ...view,
    history: steps.map((s) => ({
      id: s.id,
      action: s.action,
      level: s.level,
      status: s.status,
      actor: (s.actorId && people.get(s.actorId)) || null,
      on_behalf_of: (s.onBehalfOfId && people.get(s.onBehalfOfId)) || null,
      comment: s.comment,
      created_at: s.createdAt.toISOString(),
    })),
  };
}
