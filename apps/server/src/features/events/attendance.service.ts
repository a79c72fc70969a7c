import type {
  TEventAttendanceInput,
  TEventAttendanceResult,
  TEventEnrolmentQuery,
  TEventEnrolmentRow,
} from '@atrium/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { eventAttendance, eventEnrolments } from '../../schema/events.table.ts';
import { users } from '../../schema/users.table.ts';
import { eventFor } from './events.access.ts';
import { occurrencesOf } from './events.recurrence.ts';
import './events.events.ts';

const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** GET /api/events/:id/enrolments/: the event's managers; live ones first, by request time. */
export async function listEnrolments(
  db: DbOrTx,
  actor: Actor,
  eventId: number,
  q: TEventEnrolmentQuery,
): Promise<{ count: number; rows: TEventEnrolmentRow[] }> {
  await eventFor(db, actor, eventId, { manage: true });
  const filter = and(
    eq(eventEnrolments.eventId, eventId),
    q.status ? eq(eventEnrolments.status, q.status) : undefined,
  );
  const { limit, offset } = pageBounds(q);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventEnrolments)
    .where(filter);
  const rows = await db
    .select({
      enrolment: eventEnrolments,
      user: { id: users.id, fullname: personName, email: users.email },
    })
    .from(eventEnrolments)
    .innerJoin(users, eq(users.id, eventEnrolments.userId))
    .where(filter)
    .orderBy(
      sql`(${eventEnrolments.status} = 'cancelled')`,
      asc(eventEnrolments.requestedAt),
      asc(eventEnrolments.id),
    )
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.enrolment.id);
  const marks = ids.length
    ? await db
        .select()
        .from(eventAttendance)
        .where(inArray(eventAttendance.enrolmentId, ids))
        .orderBy(asc(eventAttendance.occurrenceStart))
    : [];
  return {
    count: Number(counted?.n ?? 0),
    rows: rows.map(({ enrolment: e, user }) => ({
      id: e.id,
      user,
      status: e.status,
      for_cpd: e.forCpd,
      requested_at: e.requestedAt.toISOString(),
      enrolled_at: e.enrolledAt?.toISOString() ?? null,
      attended: marks
        .filter((m) => m.enrolmentId === e.id)
        .map((m) => m.occurrenceStart.toISOString()),
    })),
  };
}

/**
 * attendance/ POST: the event's managers mark who attended an occurrence that has started (or
 * undo the mark). Each enrolment's first mark of an occurrence raises `event.attended`, which
 * the CPD slice credits; marking again raises nothing more.
 */
export async function markAttendance(
  ctx: AppContext,
  auth: AuthContext,
  eventId: number,
  input: TEventAttendanceInput,
  now = new Date(),
): Promise<TEventAttendanceResult> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { event } = await eventFor(tx, auth, eventId, { manage: true, lock: true });
    const at = new Date(input.occurrence);
    const occurrence = occurrencesOf(event).find((o) => o.start.getTime() === at.getTime());
    if (!occurrence) {
      const message = 'Choose an occurrence of the event (its start).';
      throw badRequest(message, { occurrence: [message] });
    }
    if (occurrence.start.getTime() > now.getTime()) {
      const message = 'This occurrence has not started yet.';
      throw badRequest(message, { occurrence: [message] });
    }
    const userIds = [...new Set(input.users)];
    const enrolled = await tx
      .select()
      .from(eventEnrolments)
      .where(
        and(
          eq(eventEnrolments.eventId, event.id),
          inArray(eventEnrolments.userId, userIds),
          eq(eventEnrolments.status, 'enrolled'),
        ),
      );
    const strangers = userIds.filter((u) => !enrolled.some((e) => e.userId === u));
    if (strangers.length > 0) {
      const message = `Only enrolled people can be marked; not: ${strangers.join(', ')}.`;
      throw badRequest(message, { users: [message] });
    }
    const enrolmentIds = enrolled.map((e) => e.id);
    if (input.attended) {
      const added = await tx
        .insert(eventAttendance)
        .values(
          enrolled.map((e) => ({
            enrolmentId: e.id,
            occurrenceStart: occurrence.start,
            markedBy: auth.userId,
            markedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ enrolmentId: eventAttendance.enrolmentId });
      for (const { enrolmentId } of added) {
        const e = enrolled.find((x) => x.id === enrolmentId)!;
        emit('event.attended', {
          eventId: event.id,
          organisationId: event.organisationId,
          userId: e.userId,
          occurrenceStart: occurrence.start.toISOString(),
          cpdValue: event.cpdValue,
          cpdUnit: event.cpdUnit,
          cpdCategoryId: event.cpdCategoryId,
          title: event.title,
          forCpd: e.forCpd,
        });
      }
    } else {
      await tx
        .delete(eventAttendance)
        .where(
          and(
            inArray(eventAttendance.enrolmentId, enrolmentIds),
            eq(eventAttendance.occurrenceStart, occurrence.start),
          ),
        );
    }
    await recordAudit(tx, {
      action: 'event.attendance_marked',
      actorId: auth.userId,
      organisationId: event.organisationId,
      details: {
        eventId: event.id,
        occurrence: occurrence.start.toISOString(),
        users: userIds,
        attended: input.attended,
      },
    });
    const marked = await tx
      .select({ userId: eventEnrolments.userId })
      .from(eventAttendance)
      .innerJoin(eventEnrolments, eq(eventEnrolments.id, eventAttendance.enrolmentId))
      .where(
        and(
          eq(eventEnrolments.eventId, event.id),
          eq(eventAttendance.occurrenceStart, occurrence.start),
        ),
      )
      .orderBy(asc(eventEnrolments.userId));
    return {
      occurrence: occurrence.start.toISOString(),
      attended: marked.map((m) => m.userId),
    };
  });
}
