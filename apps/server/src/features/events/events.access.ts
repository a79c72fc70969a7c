import { ROLE } from '@atrium/contract';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { eventEnrolments, events } from '../../schema/events.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { canManageEvent, canSeeEvent, type MemberFacts } from './events.policy.ts';

/**
 * The loaders that turn the policy's "no" into 404 (cannot see it: another organisation's, or
 * outside a learner's audience) and 403 (sees it, may not change it), and the policy as SQL for
 * the lists.
 */

export type EventRow = typeof events.$inferSelect;
export type EnrolmentRow = typeof eventEnrolments.$inferSelect;

export const EVENT_NOT_FOUND = 'Event not found.';
export const ENROLMENT_NOT_FOUND = 'Enrolment not found.';
const MANAGERS_ONLY = "Only the event's managers can do this.";

/** Statuses of an enrolment still in play (one per user and event). */
export const LIVE_ENROLMENT = ['requested', 'enrolled'] as const;

/** The caller's role, department and designation in the organisation (null: not a member). */
export async function memberFacts(
  db: DbOrTx,
  userId: number,
  organisationId: number,
): Promise<MemberFacts | null> {
  const [row] = await db
    .select({
      roleId: memberships.roleId,
      departmentId: userProfiles.departmentId,
      designationId: userProfiles.designationId,
    })
    .from(memberships)
    .leftJoin(userProfiles, eq(userProfiles.userId, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
  if (!row) return null;
  return {
    roleId: row.roleId,
    departmentId: row.departmentId ?? null,
    designationId: row.designationId ?? null,
  };
}

export async function liveEnrolmentOf(db: DbOrTx, eventId: number, userId: number) {
  const [row] = await db
    .select()
    .from(eventEnrolments)
    .where(
      and(
        eq(eventEnrolments.eventId, eventId),
        eq(eventEnrolments.userId, userId),
        inArray(eventEnrolments.status, [...LIVE_ENROLMENT]),
      ),
    );
  return row;
}

/** The event, unchecked; `lock` holds its row (every seat change takes it first). */
export async function loadEvent(db: DbOrTx, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(events).where(eq(events.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export interface EventContext {
  event: EventRow;
  member: MemberFacts | null;
}

/** The event as the caller may see it (404 otherwise), and may manage it when asked (403). */
export async function eventFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { manage?: boolean; lock?: boolean } = {},
): Promise<EventContext> {
  const event = await loadEvent(db, id, options);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const member = await memberFacts(db, actor.userId, event.organisationId);
  const enrolled =
    event.organisationId === actor.organisationId &&
    (await liveEnrolmentOf(db, event.id, actor.userId)) !== undefined;
  if (!canSeeEvent(actor, event, member, enrolled)) throw notFound(EVENT_NOT_FOUND);
  if (options.manage && !canManageEvent(actor, event)) throw forbidden(MANAGERS_ONLY);
  return { event, member };
}

/** Seats taken: enrolled users (a request holds none until approved). */
export async function seatsTaken(db: DbOrTx, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventEnrolments)
    .where(and(eq(eventEnrolments.eventId, eventId), eq(eventEnrolments.status, 'enrolled')));
  return Number(row?.n ?? 0);
}

const contains = (key: 'departments' | 'designations' | 'roles', id: number) =>
  sql`${events.audience} -> ${key} @> ${JSON.stringify([id])}::jsonb`;

/**
 * canSeeEvent as SQL over `events`: the organisation the caller signed in to (a superadmin's
 * too, as every list of theirs), all of it for staff; for the rest, the published (or cancelled)
 * events whose audience includes them and those they are enrolled in.
 */
export function visibleEvents(actor: Actor, member: MemberFacts | null): SQL | undefined {
  const own = eq(events.organisationId, actor.organisationId);
  if (actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER) {
    return own;
  }
  const audience: SQL[] = [sql`${events.audience} is null`];
  if (member?.departmentId) audience.push(contains('departments', member.departmentId));
  if (member?.designationId) audience.push(contains('designations', member.designationId));
  if (member) audience.push(contains('roles', member.roleId));
  const enrolled = sql`exists (select 1 from ${eventEnrolments} e where e.event_id = ${events.id} and e.user_id = ${actor.userId} and e.status in ('requested', 'enrolled'))`;
  return and(
    own,
    or(and(ne(events.status, 'draft'), member ? or(...audience) : sql`false`), enrolled),
  );
}
