import type { TEvent, TEventDetail } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { eventAttendance, eventEnrolments, events, eventTypes } from '../../schema/events.table.ts';
import { users } from '../../schema/users.table.ts';
import { EVENT_ENROLMENT_APPROVAL } from './enrolments.approval.ts';
import { type EventRow, LIVE_ENROLMENT, memberFacts } from './events.access.ts';
import { eventAbilities } from './events.policy.ts';
import { occurrencesOf } from './events.recurrence.ts';

/** How the API shows events: one query per kind of fact for the whole page, not per row. */

const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

export async function presentEvents(
  db: DbOrTx,
  actor: Actor,
  rows: EventRow[],
  now = new Date(),
): Promise<TEvent[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const typeIds = [...new Set(rows.map((r) => r.typeId).filter((x): x is number => x !== null))];
  const creatorIds = [
    ...new Set(rows.map((r) => r.createdBy).filter((x): x is number => x !== null)),
  ];
  const types = new Map(
    (typeIds.length
      ? await db.select().from(eventTypes).where(inArray(eventTypes.id, typeIds))
      : []
    ).map((t) => [t.id, { id: t.id, name: t.name, colour: t.colour }]),
  );
  const creators = new Map(
    (creatorIds.length
      ? await db
          .select({ id: users.id, fullname: personName })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : []
    ).map((u) => [u.id, u]),
  );
  const counts = new Map(
    (
      await db
        .select({ eventId: eventEnrolments.eventId, n: sql<number>`count(*)::int` })
        .from(eventEnrolments)
        .where(and(inArray(eventEnrolments.eventId, ids), eq(eventEnrolments.status, 'enrolled')))
        .groupBy(eventEnrolments.eventId)
    ).map((r) => [r.eventId, Number(r.n)]),
  );
  const mine = new Map(
    (
      await db
        .select({
          enrolment: eventEnrolments,
          request: approvalRequests.id,
        })
        .from(eventEnrolments)
        .leftJoin(
          approvalRequests,
          and(
            eq(approvalRequests.kind, EVENT_ENROLMENT_APPROVAL),
            eq(approvalRequests.subjectId, eventEnrolments.id),
            eq(approvalRequests.status, 'pending'),
          ),
        )
        .where(
          and(
            inArray(eventEnrolments.eventId, ids),
            eq(eventEnrolments.userId, actor.userId),
            inArray(eventEnrolments.status, [...LIVE_ENROLMENT]),
          ),
        )
    ).map((r) => [r.enrolment.eventId, r]),
  );
  const members = new Map<number, Awaited<ReturnType<typeof memberFacts>>>();
  for (const org of new Set(rows.map((r) => r.organisationId))) {
    members.set(org, await memberFacts(db, actor.userId, org));
  }
  return rows.map((e) => {
    const enrolled = counts.get(e.id) ?? 0;
    const my = mine.get(e.id);
    const next = occurrencesOf(e).find((o) => o.end.getTime() > now.getTime());
    const creator = e.createdBy === null ? undefined : creators.get(e.createdBy);
    return {
      id: e.id,
      uuid: e.uuid,
      organisation: e.organisationId,
      type: (e.typeId === null ? undefined : types.get(e.typeId)) ?? null,
      title: e.title,
      description: e.description,
      starts_at: e.startsAt.toISOString(),
      ends_at: e.endsAt.toISOString(),
      time_zone: e.timeZone,
      rrule: e.rrule,
      exdates: e.exdates,
      last_ends_at: e.lastEndsAt.toISOString(),
      next_occurrence: next?.start.toISOString() ?? null,
      location: e.location,
      online_url: e.onlineUrl,
      capacity: e.capacity,
      audience: e.audience,
      cpd_value: e.cpdValue === null ? null : Number(e.cpdValue),
      cpd_unit: e.cpdUnit,
      cpd_category: e.cpdCategoryId,
      enrolment: e.enrolment,
      status: e.status,
      created_by: creator ?? null,
      enrolled_count: enrolled,
      my_enrolment: my
        ? {
            id: my.enrolment.id,
            status: my.enrolment.status,
            for_cpd: my.enrolment.forCpd,
            approval_request: my.request,
          }
        : null,
      abilities: eventAbilities(actor, e, {
        member: members.get(e.organisationId) ?? null,
        hasLiveEnrolment: my !== undefined,
        forCpd: my?.enrolment.forCpd ?? false,
        full: e.capacity !== null && enrolled >= e.capacity,
        now,
      }),
    };
  });
}

/** One event with its occurrences, each saying whether the caller attended it. */
export async function presentDetail(
  db: DbOrTx,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<TEventDetail> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error(`event ${id} vanished`);
  const [event] = await presentEvents(db, actor, [row], now);
  const attended = new Set(
    event!.my_enrolment
      ? (
          await db
            .select({ at: eventAttendance.occurrenceStart })
            .from(eventAttendance)
            .where(eq(eventAttendance.enrolmentId, event!.my_enrolment.id))
        ).map((a) => a.at.getTime())
      : [],
  );
  return {
    ...event!,
    occurrences: occurrencesOf(row).map((o) => ({
      starts_at: o.start.toISOString(),
      ends_at: o.end.toISOString(),
      attended: attended.has(o.start.getTime()),
    })),
  };
}
