import { and, eq, sql } from 'drizzle-orm';
import { addressOf, invitationIcs } from '../../core/calendar/ics.ts';
import { localDateTime } from '../../core/calendar/zoned-time.ts';
import type { AppContext } from '../../core/context.ts';
import { eventEnrolments, events } from '../../schema/events.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';
import type { EnrolmentRow, EventRow } from './events.access.ts';
import { occurrencesOf } from './events.recurrence.ts';

/** One UID per event for ever: every REQUEST updates its entry, a CANCEL removes it. */
export const eventUid = (uuid: string, host: string) => `event-${uuid}@${host}`;

/** "2026-07-01 09:00 Europe/London, weekly (FREQ=WEEKLY;COUNT=4)": the event's time as set. */
export const eventWhen = (e: EventRow) =>
  `${localDateTime(e.startsAt, e.timeZone)} ${e.timeZone}${e.rrule ? `, repeating (${e.rrule})` : ''}`;

/**
 * Sends one user the invitation (REQUEST) or its cancellation (CANCEL) for an event, as the
 * enrolment stands now (the same rules as classroom sessions): a REQUEST only to an enrolment
 * of a published event, a CANCEL only to a cancelled enrolment that was invited before (a request
 * never had a calendar entry to remove). The REQUEST carries the whole series: RRULE and
 * EXDATE, in the event's zone.
 *
 * SEQUENCE: the event's (raised by every change sent to all its enrolled), but always above the
 * last one this user was sent for the event on any of their enrolments of it. The number is taken
 * in its own short transaction before the mail goes: a retried delivery sends the next one.
 */
export async function sendEventInvitation(
  ctx: AppContext,
  enrolmentId: number,
  method: 'REQUEST' | 'CANCEL',
): Promise<boolean> {
  const reserved = await ctx.db.transaction(async (tx) => {
    const [en] = await tx
      .select()
      .from(eventEnrolments)
      .where(eq(eventEnrolments.id, enrolmentId))
      .for('update');
    if (!en) return null;
    const due =
      method === 'REQUEST'
        ? en.status === 'enrolled'
        : en.status === 'cancelled' && en.inviteSequence >= 0;
    if (!due) return null;
    const [event] = await tx.select().from(events).where(eq(events.id, en.eventId));
    if (!event) return null;
    if (method === 'REQUEST' && event.status !== 'published') return null;
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${eventEnrolments.inviteSequence}), -1)::int` })
      .from(eventEnrolments)
      .where(and(eq(eventEnrolments.eventId, en.eventId), eq(eventEnrolments.userId, en.userId)));
    const sequence = Math.max(event.sequence, Number(last?.n ?? -1) + 1);
    await tx
      .update(eventEnrolments)
      .set({ inviteSequence: sequence })
      .where(eq(eventEnrolments.id, en.id));
    return { en, event, sequence };
  });
  if (!reserved) return false;
  await mailInvitation(ctx, reserved.en, reserved.event, reserved.sequence, method);
  return true;
}

async function mailInvitation(
  ctx: AppContext,
  en: EnrolmentRow,
  event: EventRow,
  sequence: number,
  method: 'REQUEST' | 'CANCEL',
) {
  const [person] = await ctx.db
    .select({
      email: users.email,
      name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`,
    })
    .from(users)
    .where(eq(users.id, en.userId));
  const [org] = await ctx.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, event.organisationId));
  if (!person || !org) return;
  const base = organisationBaseUrl(org, ctx.config.publicBaseUrl);
  const page = `${base}/cpd?event=${event.id}`;
  const location = event.location || (event.onlineUrl ? `Online: ${event.onlineUrl}` : '');
  const when = eventWhen(event);
  const cancel = method === 'CANCEL';
  const lines = [
    cancel ? `Your place in ${event.title} is cancelled.` : `You are enrolled in ${event.title}.`,
    `When: ${when}`,
    ...(location ? [`Where: ${location}`] : []),
    '',
    page,
  ];
  // EXDATEs only for occurrences of the rule (all of them are: checkSeries keeps it so).
  const known = new Set(occurrencesOf({ ...event, exdates: [] }).map((o) => o.start.getTime()));
  const ics = invitationIcs({
    method,
    sequence,
    product: 'Events',
    entry: {
      uid: eventUid(event.uuid, new URL(ctx.config.publicBaseUrl).hostname),
      summary: event.title,
      description: lines.join('\n'),
      start: event.startsAt,
      end: event.endsAt,
      timeZone: event.timeZone,
      rrule: event.rrule,
      exdates: event.exdates.map((d) => new Date(d)).filter((d) => known.has(d.getTime())),
      location,
      url: event.onlineUrl ?? page,
    },
    organizer: { name: org.title, email: addressOf(ctx.config.mailFrom) },
    attendee: person,
  });
  await ctx.mailer.send({
    to: person.email,
    subject: `${cancel ? 'Cancelled' : 'Invitation'}: ${event.title} (${when})`,
    text: `${lines.join('\n')}\n\n--\n${org.title}`,
    calendar: { method, filename: cancel ? 'cancel.ics' : 'invite.ics', content: ics },
  });
}
