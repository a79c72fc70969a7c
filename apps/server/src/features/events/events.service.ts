import type { TEventAudience, TEventDetail, TEventInput, TEventUpdate } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { cpdCategories } from '../../schema/cpd.table.ts';
import { eventEnrolments, events, eventTypes } from '../../schema/events.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { eventFor, LIVE_ENROLMENT, seatsTaken } from './events.access.ts';
import { canCreateEvent } from './events.policy.ts';
import { presentDetail } from './events.present.ts';
import { checkSeries, keptExceptions } from './events.recurrence.ts';
import './events.events.ts';

const INVALID = 'Invalid input. Please correct the fields listed.';

/** Ids the event names must be its organisation's: one 400 naming each wrong field. */
async function checkReferences(
  tx: Tx,
  organisationId: number,
  refs: { type?: number | null; category?: number | null; audience?: TEventAudience | null },
) {
  const errors: Record<string, string[]> = {};
  if (refs.type) {
    const [t] = await tx
      .select({ id: eventTypes.id })
      .from(eventTypes)
      .where(and(eq(eventTypes.id, refs.type), eq(eventTypes.organisationId, organisationId)));
    if (!t) errors.type = ['Choose an event type of the organisation.'];
  }
  if (refs.category) {
    const [c] = await tx
      .select({ id: cpdCategories.id })
      .from(cpdCategories)
      .where(
        and(eq(cpdCategories.id, refs.category), eq(cpdCategories.organisationId, organisationId)),
      );
    if (!c) errors.cpd_category = ['Choose a CPD category of the organisation.'];
  }
  const a = refs.audience;
  if (a && a.departments.length > 0) {
    const ids = [...new Set(a.departments)];
    const own = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(inArray(departments.id, ids), eq(departments.organisationId, organisationId)));
    if (own.length !== ids.length) {
      errors['audience.departments'] = ['Choose departments of the organisation.'];
    }
  }
  if (a && a.designations.length > 0) {
    const ids = [...new Set(a.designations)];
    const own = await tx
      .select({ id: designations.id })
      .from(designations)
      .innerJoin(departments, eq(departments.id, designations.departmentId))
      .where(and(inArray(designations.id, ids), eq(departments.organisationId, organisationId)));
    if (own.length !== ids.length) {
      errors['audience.designations'] = ['Choose designations of the organisation.'];
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(INVALID, errors);
}

/** An audience that names nobody is the whole organisation. */
function audienceOf(a: TEventAudience | null): TEventAudience | null {
  if (!a) return null;
  const clean = {
    departments: [...new Set(a.departments)],
    designations: [...new Set(a.designations)],
    roles: [...new Set(a.roles)],
  };
  return clean.departments.length + clean.designations.length + clean.roles.length === 0
    ? null
    : clean;
}

function checkCpd(value: number | null, unit: string | null, category: number | null) {
  if (value !== null && unit === null) {
    throw badRequest(INVALID, { cpd_unit: ['Choose hours or points.'] });
  }
  if (value === null && category !== null) {
    throw badRequest(INVALID, { cpd_value: ['Give the CPD value the category is credited.'] });
  }
}

/** POST /api/events/: admins and trainers, in the organisation they signed in to. */
export async function createEvent(
  ctx: AppContext,
  auth: AuthContext,
  input: TEventInput,
): Promise<TEventDetail> {
  if (!canCreateEvent(auth)) throw forbidden();
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const organisationId = auth.organisationId;
    const audience = audienceOf(input.audience);
    await checkReferences(tx, organisationId, {
      type: input.type,
      category: input.cpd_category,
      audience,
    });
    checkCpd(input.cpd_value, input.cpd_unit, input.cpd_category);
    const startsAt = new Date(input.starts_at);
    const endsAt = new Date(input.ends_at);
    const series = checkSeries({
      startsAt,
      endsAt,
      timeZone: input.time_zone,
      rrule: input.rrule,
      exdates: input.exdates,
    });
    const [row] = await tx
      .insert(events)
      .values({
        organisationId,
        typeId: input.type,
        title: input.title,
        description: sanitiseRichText(input.description),
        startsAt,
        endsAt,
        timeZone: input.time_zone,
        rrule: series.rrule,
        exdates: series.exdates,
        lastEndsAt: series.lastEndsAt,
        location: input.location,
        onlineUrl: input.online_url,
        capacity: input.capacity,
        audience,
        cpdValue: input.cpd_value === null ? null : input.cpd_value.toFixed(2),
        cpdUnit: input.cpd_value === null ? null : input.cpd_unit,
        cpdCategoryId: input.cpd_category,
        enrolment: input.enrolment,
        status: input.status,
        createdBy: auth.userId,
      })
      .returning({ id: events.id });
    emit('search.changed', { kind: 'event', ids: [row!.id] });
    return row!.id;
  });
  return presentDetail(ctx.db, auth, id);
}

/** Fields whose change the enrolled must hear of (a new invitation with a higher SEQUENCE). */
const SCHEDULE_FIELDS = [
  'title',
  'starts_at',
  'ends_at',
  'time_zone',
  'rrule',
  'exdates',
  'location',
  'online_url',
] as const;

/** PATCH /api/events/:id/: the event's managers; the enrolled get the new invitation. */
export async function updateEvent(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TEventUpdate,
): Promise<TEventDetail> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { event } = await eventFor(tx, auth, id, { manage: true, lock: true });
    if (event.status === 'cancelled') throw conflict('This event is cancelled.');
    const audience = input.audience === undefined ? event.audience : audienceOf(input.audience);
    await checkReferences(tx, event.organisationId, {
      ...(input.type === undefined ? {} : { type: input.type }),
      ...(input.cpd_category === undefined ? {} : { category: input.cpd_category }),
      ...(input.audience === undefined ? {} : { audience }),
    });
    const cpdValue =
      input.cpd_value === undefined
        ? event.cpdValue === null
          ? null
          : Number(event.cpdValue)
        : input.cpd_value;
    const cpdUnit = input.cpd_unit === undefined ? event.cpdUnit : input.cpd_unit;
    const cpdCategory = input.cpd_category === undefined ? event.cpdCategoryId : input.cpd_category;
    checkCpd(cpdValue, cpdUnit, cpdCategory);
    const startsAt = input.starts_at ? new Date(input.starts_at) : event.startsAt;
    const endsAt = input.ends_at ? new Date(input.ends_at) : event.endsAt;
    const timeZone = input.time_zone ?? event.timeZone;
    const rrule = input.rrule === undefined ? event.rrule : input.rrule;
    // Moved without naming its exceptions: those that are no longer occurrences fall away.
    const exdates =
      input.exdates ??
      keptExceptions({ startsAt, endsAt, timeZone, rrule, exdates: event.exdates });
    const series = checkSeries({ startsAt, endsAt, timeZone, rrule, exdates });
    const taken = await seatsTaken(tx, event.id);
    const capacity = input.capacity === undefined ? event.capacity : input.capacity;
    if (capacity !== null && capacity < taken) {
      const message = `The capacity cannot be below the ${taken} already enrolled.`;
      throw badRequest(message, { capacity: [message] });
    }
    if (input.status === 'draft' && event.status === 'published') {
      const [live] = await tx
        .select({ id: eventEnrolments.id })
        .from(eventEnrolments)
        .where(
          and(
            eq(eventEnrolments.eventId, event.id),
            inArray(eventEnrolments.status, [...LIVE_ENROLMENT]),
          ),
        )
        .limit(1);
      if (live) throw conflict('People are enrolled: cancel the event instead of unpublishing it.');
    }
    const rescheduled = SCHEDULE_FIELDS.some((f) => input[f] !== undefined);
    await tx
      .update(events)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.description === undefined
          ? {}
          : { description: sanitiseRichText(input.description) }),
        ...(input.type === undefined ? {} : { typeId: input.type }),
        startsAt,
        endsAt,
        timeZone,
        rrule: series.rrule,
        exdates: series.exdates,
        lastEndsAt: series.lastEndsAt,
        ...(input.location === undefined ? {} : { location: input.location }),
        ...(input.online_url === undefined ? {} : { onlineUrl: input.online_url }),
        capacity,
        audience,
        cpdValue: cpdValue === null ? null : cpdValue.toFixed(2),
        cpdUnit: cpdValue === null ? null : cpdUnit,
        cpdCategoryId: cpdCategory,
        ...(input.enrolment === undefined ? {} : { enrolment: input.enrolment }),
        ...(input.status === undefined ? {} : { status: input.status }),
        sequence: rescheduled ? event.sequence + 1 : event.sequence,
        updatedAt: new Date(),
      })
      .where(eq(events.id, event.id));
    if (rescheduled && event.status === 'published') {
      emit('event.changed', {
        eventId: event.id,
        organisationId: event.organisationId,
        change: 'updated',
        actorId: auth.userId,
        cancelledEnrolmentIds: [],
      });
    }
    emit('search.changed', { kind: 'event', ids: [event.id] });
  });
  return presentDetail(ctx.db, auth, id);
}
