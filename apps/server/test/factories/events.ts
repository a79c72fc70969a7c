import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { occurrencesOf } from '../../src/features/events/events.recurrence.ts';
import {
  type EventAudience,
  type EventEnrolmentStatus,
  eventEnrolments,
  events,
  eventTypes,
} from '../../src/schema/events.table.ts';
import { makeOrganisation } from './organisations.ts';
import { makeTrainer } from './users.ts';

const suffix = () => randomBytes(3).toString('hex');

export async function makeEventType(db: DbOrTx, organisationId: number, name = `Type ${suffix()}`) {
  const [row] = await db.insert(eventTypes).values({ organisationId, name }).returning();
  return row!;
}

export interface EventOptions {
  organisationId?: number;
  /** Default: a new trainer of the organisation. */
  createdBy?: number | null;
  title?: string;
  /** Default: a week from now, on the minute. */
  startsAt?: Date;
  minutes?: number;
  timeZone?: string;
  rrule?: string | null;
  exdates?: string[];
  capacity?: number | null;
  audience?: EventAudience | null;
  cpdValue?: string | null;
  cpdUnit?: 'hours' | 'points' | null;
  cpdCategoryId?: number | null;
  enrolment?: 'open' | 'closed' | 'approval';
  status?: 'draft' | 'published' | 'cancelled';
  typeId?: number | null;
  location?: string;
}

/**
 * An event written directly (published and open unless told otherwise), its last end computed
 * from its rule as the service does. The rule is trusted: give one checkSeries would accept.
 */
export async function makeEvent(db: DbOrTx, options: EventOptions = {}) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const createdBy =
    options.createdBy === undefined
      ? (await makeTrainer(db, { organisationId })).id
      : options.createdBy;
  const startsAt =
    options.startsAt ?? new Date(Math.ceil((Date.now() + 7 * 86_400_000) / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + (options.minutes ?? 60) * 60_000);
  const timeZone = options.timeZone ?? 'UTC';
  const rrule = options.rrule ?? null;
  const exdates = options.exdates ?? [];
  const all = occurrencesOf({ startsAt, endsAt, timeZone, rrule, exdates });
  const [row] = await db
    .insert(events)
    .values({
      organisationId,
      createdBy,
      title: options.title ?? `Event ${suffix()}`,
      startsAt,
      endsAt,
      timeZone,
      rrule,
      exdates,
      lastEndsAt: all[all.length - 1]?.end ?? endsAt,
      capacity: options.capacity ?? null,
      audience: options.audience ?? null,
      cpdValue: options.cpdValue ?? null,
      cpdUnit: options.cpdValue ? (options.cpdUnit ?? 'hours') : null,
      cpdCategoryId: options.cpdCategoryId ?? null,
      enrolment: options.enrolment ?? 'open',
      status: options.status ?? 'published',
      typeId: options.typeId ?? null,
      location: options.location ?? '',
    })
    .returning();
  return row!;
}

export async function makeEventEnrolment(
  db: DbOrTx,
  event: { id: number; organisationId: number },
  userId: number,
  options: { status?: EventEnrolmentStatus; forCpd?: boolean } = {},
) {
  const status = options.status ?? 'enrolled';
  const [row] = await db
    .insert(eventEnrolments)
    .values({
      eventId: event.id,
      organisationId: event.organisationId,
      userId,
      status,
      forCpd: options.forCpd ?? false,
      enrolledAt: status === 'enrolled' ? new Date() : null,
    })
    .returning();
  return row!;
}
