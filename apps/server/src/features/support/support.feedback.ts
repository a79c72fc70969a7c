import type {
  TFeedback,
  TFeedbackCreate,
  TFeedbackPage,
  ZFeedbackFilter,
  ZFeedbackQuery,
} from '@atrium/contract';
import { and, avg, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { boundedCount, pageBounds, toPage } from '../../core/http/pagination.ts';
import { feedback } from '../../schema/support.table.ts';
import { users } from '../../schema/users.table.ts';
import { inboxScope } from './support.policy.ts';

/**
 * Feedback (`/feedback`): a signed-in person's rating of the product or a page, kept in the
 * organisation they are signed in to; the admins' list (with the average of what the filters
 * keep) and its CSV export, both scoped by the policy.
 */

type Filter = z.infer<typeof ZFeedbackFilter>;
type Query = z.infer<typeof ZFeedbackQuery>;

const DAY_MS = 86_400_000;

export async function createFeedback(
  db: DbOrTx,
  actor: Actor,
  input: TFeedbackCreate,
): Promise<TFeedback> {
  const [row] = await db
    .insert(feedback)
    .values({
      organisationId: actor.organisationId,
      userId: actor.userId,
      rating: input.rating,
      page: input.page || null,
      comment: input.comment ?? '',
    })
    .returning();
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, actor.userId));
  return present({ f: row!, ...u! });
}

const columns = {
  f: feedback,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

interface Row {
  f: typeof feedback.$inferSelect;
  firstName: string;
  lastName: string;
  username: string;
}

function present(r: Row): TFeedback {
  return {
    id: r.f.id,
    rating: r.f.rating,
    page: r.f.page,
    comment: r.f.comment,
    user: { id: r.f.userId, fullname: `${r.firstName} ${r.lastName}`.trim() || r.username },
    organisation_id: r.f.organisationId,
    created_at: r.f.createdAt.toISOString(),
  };
}

/** The caller's scope and the filters, or null when the caller may see nothing. */
function whereOf(actor: Actor, q: Filter): SQL | undefined | null {
  const scope = inboxScope(actor);
  if (scope === 'none') return null;
  return and(
    scope.organisationId === null ? undefined : eq(feedback.organisationId, scope.organisationId),
    q.rating === undefined ? undefined : eq(feedback.rating, q.rating),
    q.from === undefined ? undefined : gte(feedback.createdAt, new Date(`${q.from}T00:00:00Z`)),
    // `to` is a whole day, inclusive.
    q.to === undefined
      ? undefined
      : lt(feedback.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)),
  );
}

export async function listFeedback(
  db: DbOrTx,
  actor: Actor,
  q: Query,
  requestUrl: string,
): Promise<TFeedbackPage> {
  const where = whereOf(actor, q);
  if (where === null) return { ...toPage(requestUrl, q, boundedCount(0), []), average: null };
  const { limit, offset } = pageBounds(q);
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit)
      .offset(offset),
    // The average needs every filtered row anyway, so the count is exact here too.
    db
      .select({ n: count(), average: avg(feedback.rating) })
      .from(feedback)
      .where(where),
  ]);
  const average = totals?.average == null ? null : Math.round(Number(totals.average) * 100) / 100;
  return {
    ...toPage(requestUrl, q, Number(totals?.n ?? 0), rows.map(present)),
    average,
  };
}

/** Every filtered row for the export, newest first, read in pages so memory stays flat. */
export async function* feedbackRows(
  db: DbOrTx,
  actor: Actor,
  q: Filter,
): AsyncIterable<Record<string, unknown>> {
  const where = whereOf(actor, q);
  if (where === null) return;
  const PAGE = 1_000;
  for (let offset = 0; ; offset += PAGE) {
    const rows = await db
      .select(columns)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(PAGE)
      .offset(offset);
    for (const r of rows) {
      const p = present(r);
      yield {
        created_at: p.created_at,
        organisation_id: p.organisation_id,
        user: p.user.fullname,
        rating: p.rating,
        page: p.page ?? '',
        comment: p.comment,
      };
    }
    if (rows.length < PAGE) return;
  }
}

export const FEEDBACK_COLUMNS = [
  { header: 'Date', key: 'created_at' },
  { header: 'Organisation', key: 'organisation_id' },
  { header: 'User', key: 'user' },
  { header: 'Rating', key: 'rating' },
  { header: 'Page', key: 'page' },
  { header: 'Comment', key: 'comment' },
];
