import type { TEvent, TEventCount, TEventDetail, TEventQuery } from '@atrium/contract';
import { and, asc, desc, eq, gt, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { eventEnrolments, events } from '../../schema/events.table.ts';
import { eventFor, memberFacts, visibleEvents } from './events.access.ts';
import { presentDetail, presentEvents } from './events.present.ts';
import { occurrencesBetween } from './events.recurrence.ts';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/events/: what the caller may see, by first start (or latest end first). */
export async function listEvents(
  db: DbOrTx,
  actor: Actor,
  q: TEventQuery,
): Promise<{ count: number; rows: TEvent[] }> {
  const member = await memberFacts(db, actor.userId, actor.organisationId);
  const where: (SQL | undefined)[] = [visibleEvents(actor, member)];
  if (q.from) where.push(gt(events.lastEndsAt, new Date(q.from)));
  if (q.to) where.push(lt(events.startsAt, new Date(q.to)));
  if (q.type) where.push(eq(events.typeId, q.type));
  if (q.status) where.push(eq(events.status, q.status));
  if (q.search) where.push(ilike(events.title, `%${likeEscape(q.search)}%`));
  if (q.mine) {
    where.push(
      sql`exists (select 1 from ${eventEnrolments} e where e.event_id = ${events.id} and e.user_id = ${actor.userId} and e.status in ('requested', 'enrolled'))`,
    );
  }
  const filter = and(...where);
  const { limit, offset } = pageBounds(q);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(filter);
  const rows = await db
    .select()
    .from(events)
    .where(filter)
    .orderBy(
      ...(q.order === 'latest'
        ? [desc(events.lastEndsAt), desc(events.id)]
        : [asc(events.startsAt), asc(events.id)]),
    )
    .limit(limit)
    .offset(offset);
  return { count: Number(counted?.n ?? 0), rows: await presentEvents(db, actor, rows) };
}

/** POST /api/events/get-event/. */
export async function eventDetail(db: DbOrTx, actor: Actor, id: number): Promise<TEventDetail> {
  await eventFor(db, actor, id);
  return presentDetail(db, actor, id);
}

/**
 * The occurrences of published events the caller may see (learners: within the audience, or
 * enrolled; staff: all of the organisation's) that overlap the range, with the events.
 */
export async function visibleOccurrences(db: DbOrTx, actor: Actor, from: Date, to: Date) {
  const member = await memberFacts(db, actor.userId, actor.organisationId);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        visibleEvents(actor, member),
        eq(events.status, 'published'),
        gt(events.lastEndsAt, from),
        lt(events.startsAt, to),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.flatMap((event) =>
    occurrencesBetween(event, from, to).map((occurrence) => ({ event, occurrence })),
  );
}

const DAYS_30 = 30 * 86_400_000;

/** Spec §3 eventInstantCount: occurrences starting in the next 30 days the caller may see. */
export async function eventInstantCount(
  db: DbOrTx,
  actor: Actor,
  now = new Date(),
): Promise<TEventCount> {
  const to = new Date(now.getTime() + DAYS_30);
  const found = await visibleOccurrences(db, actor, now, to);
  return {
    eventInstantCount: found.filter((f) => f.occurrence.start.getTime() >= now.getTime()).length,
  };
}
