import { and, eq, sql } from 'drizzle-orm';
import { addressOf } from '../../core/calendar/ics.ts';
import type { AppContext } from '../../core/context.ts';
import { classroomBookings, classroomRooms } from '../../schema/classrooms.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';
import { type BookingRow, type SessionContext, sessionContext } from './bookings.repository.ts';
import { invitationIcs } from './invitations.ics.ts';

/**
 * Sends one learner the invitation (REQUEST) or its cancellation (CANCEL) for a session, as the
 * booking stands now: a REQUEST only to a booked seat, a CANCEL only to a cancelled booking that
 * was invited before (a waitlist name or a request never had a calendar entry to remove).
 *
 * SEQUENCE: the session's (raised by every change sent to all its learners), but always above the
 * last one this learner was sent for the session, on any of their bookings of it (a learner's own
 * cancel, a booking again after one). The number is taken in its own short transaction before the
 * mail goes: a retried delivery sends the next one, which a calendar takes as the newer update.
 */
export async function sendInvitation(
  ctx: AppContext,
  bookingId: number,
  method: 'REQUEST' | 'CANCEL',
): Promise<boolean> {
  const reserved = await ctx.db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, bookingId))
      .for('update');
    if (!b) return null;
    const due =
      method === 'REQUEST'
        ? b.status === 'booked'
        : b.status === 'cancelled' && b.inviteSequence >= 0;
    if (!due) return null;
    const c = await sessionContext(tx, b.sessionId);
    if (!c) return null;
    if (method === 'REQUEST' && c.session.status !== 'scheduled') return null;
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${classroomBookings.inviteSequence}), -1)::int` })
      .from(classroomBookings)
      .where(
        and(eq(classroomBookings.sessionId, b.sessionId), eq(classroomBookings.userId, b.userId)),
      );
    const sequence = Math.max(c.session.sequence, Number(last?.n ?? -1) + 1);
    await tx
      .update(classroomBookings)
      .set({ inviteSequence: sequence })
      .where(eq(classroomBookings.id, b.id));
    return { b, c, sequence };
  });
  if (!reserved) return false;
  await mailInvitation(ctx, reserved.b, reserved.c, reserved.sequence, method);
  return true;
}

/** "2026-07-01 09:00–10:00 Europe/London": the session's time as its trainer set it. */
export const sessionWhen = (s: SessionContext['session']) =>
  `${s.date} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)} ${s.timeZone}`;

async function mailInvitation(
  ctx: AppContext,
  b: BookingRow,
  c: SessionContext,
  sequence: number,
  method: 'REQUEST' | 'CANCEL',
) {
  const [learner] = await ctx.db
    .select({
      email: users.email,
      name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`,
    })
    .from(users)
    .where(eq(users.id, b.userId));
  const [org] = await ctx.db
    .select()
    .from(organisations)
    .where(eq(organisations.id, c.session.organisationId));
  if (!learner || !org) return;
  const room = c.session.roomId
    ? (await ctx.db.select().from(classroomRooms).where(eq(classroomRooms.id, c.session.roomId)))[0]
    : undefined;
  const base = organisationBaseUrl(org, ctx.config.publicBaseUrl);
  const page = `${base}/classroom/classes?session=${c.session.id}`;
  const location = room
    ? [room.name, room.location].filter(Boolean).join(', ')
    : c.session.meetingProvider
      ? `Online: ${page}`
      : '';
  const when = sessionWhen(c.session);
  const cancel = method === 'CANCEL';
  const lines = [
    cancel
      ? `Your seat in ${c.session.title} (${c.cls.name}) is cancelled.`
      : `You have a seat in ${c.session.title} (${c.cls.name}).`,
    `When: ${when}`,
    ...(location ? [`Where: ${location}`] : []),
    '',
    page,
  ];
  const ics = invitationIcs({
    method,
    host: new URL(ctx.config.publicBaseUrl).hostname,
    sequence,
    session: c.session,
    description: lines.join('\n'),
    location,
    url: page,
    organizer: { name: org.title, email: addressOf(ctx.config.mailFrom) },
    attendee: learner,
  });
  await ctx.mailer.send({
    to: learner.email,
    subject: `${cancel ? 'Cancelled' : 'Invitation'}: ${c.session.title} (${when})`,
    text: `${lines.join('\n')}\n\n--\n${org.title}`,
    calendar: { method, filename: cancel ? 'cancel.ics' : 'invite.ics', content: ics },
  });
}
