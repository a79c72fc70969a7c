import type { TMeetingCreated, TMeetingEnd } from '@atrium/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  AppError,
  conflict,
  fieldError,
  forbidden,
  notFound,
} from '../../core/errors/app-error.ts';
import { classroomSessions, classroomSurveyResponses } from '../../schema/classrooms.table.ts';
import { users } from '../../schema/users.table.ts';
import { applyMark, arrivalMark, attendedStatus } from './attendance.record.ts';
import {
  type HostedSession,
  hostedSession,
  hosts,
  liveBookingOf,
  personName,
  SESSION_NOT_FOUND,
  type SessionRow,
  visibleSession,
} from './attendance.repository.ts';
import { SESSION_CANCELLED } from './attendance.service.ts';
import { checkinOpen } from './checkin.code.ts';
import { BbbError } from './meeting-providers/bbb.ts';
import type { MeetingProvider, MeetingRole, MeetingUser } from './meeting-providers/provider.ts';
import { providerFor } from './meetings.settings.ts';

/**
 * Online meetings of sessions: the hosts create (or make sure of) the meeting and join as
 * moderators; a learner with a seat asks for their address once the check-in window opens, and
 * that request records their attendance (they came in through the meeting).
 */

export const NOT_STARTED = 'The meeting has not started yet.';
export const ENDED = 'The meeting has ended.';
export const NOT_ONLINE = 'This session has no online meeting.';
const UNREACHABLE = 'The meeting server could not be reached. Try again in a moment.';

const ended = (session: SessionRow, now: Date) =>
  session.status === 'completed' || now.getTime() >= session.endsAt.getTime();

async function meetingUser(ctx: AppContext, userId: number): Promise<MeetingUser> {
  const [row] = await ctx.db
    .select({ id: users.id, name: personName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { id: userId, name: `User ${userId}`, email: '' };
}

/** Creates the meeting on the provider; a failure there is a 503 with nothing of its answer. */
async function ensureOnProvider(ctx: AppContext, provider: MeetingProvider, s: HostedSession) {
  try {
    return await provider.createMeeting(s.session);
  } catch (err) {
    if (!(err instanceof BbbError)) throw err;
    ctx.log.warn({ session: s.session.id, reason: err.reason }, 'meeting creation failed');
    throw new AppError(503, UNREACHABLE);
  }
}

/**
 * meeting/create (an online session) and meeting/create_classroom (any session, which from then
 * on has a meeting for remote attendees too): ensure the meeting, answer the host's address.
 */
export async function createMeeting(
  ctx: AppContext,
  actor: AuthContext,
  sessionId: number,
  options: { requireOnline: boolean },
  now: Date = new Date(),
): Promise<TMeetingCreated> {
  const s = await hostedSession(ctx.db, actor, { id: sessionId });
  if (s.session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
  if (ended(s.session, now)) throw conflict(ENDED);
  if (options.requireOnline && !s.session.meetingProvider) throw fieldError('session', NOT_ONLINE);
  const provider = await providerFor(ctx, s.session.organisationId, () => now);
  const { meetingId } = await ensureOnProvider(ctx, provider, s);
  if (s.session.meetingProvider !== provider.name) {
    // The session is held on the organisation's provider from now on.
    await ctx.db
      .update(classroomSessions)
      .set({ meetingProvider: provider.name, updatedAt: now })
      .where(eq(classroomSessions.id, s.session.id));
  }
  const user = await meetingUser(ctx, actor.userId);
  return {
    provider: provider.name,
    meeting_id: meetingId,
    join_url: await provider.joinUrl(s.session, user, 'moderator'),
  };
}

/** The video-conference token request: the caller's address into the session's meeting. */
export async function meetingToken(
  ctx: AppContext,
  actor: AuthContext,
  uuid: string,
  now: Date = new Date(),
): Promise<{ results: string }> {
  const s = await visibleSession(ctx.db, actor, { uuid });
  if (s.session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
  const role: MeetingRole = hosts(actor, s) ? 'moderator' : 'attendee';
  if (role === 'attendee') {
    const booking = await liveBookingOf(ctx.db, s.session.id, actor.userId);
    if (!booking || !(booking.status === 'booked' || attendedStatus(booking.status))) {
      throw forbidden('Only the session’s hosts and its booked learners can join this meeting.');
    }
  }
  if (!s.session.meetingProvider) throw conflict(NOT_ONLINE);
  if (ended(s.session, now)) throw conflict(ENDED);
  if (role === 'attendee' && !checkinOpen(s.session, now)) throw conflict(NOT_STARTED);

  const provider = await providerFor(ctx, s.session.organisationId, () => now);
  await ensureOnProvider(ctx, provider, s);
  if (role === 'attendee') await recordJoin(ctx, s, actor.userId, now);
  return { results: await provider.joinUrl(s.session, await meetingUser(ctx, actor.userId), role) };
}

/** Joining counts as arriving (present, or late after the grace minutes), once. */
async function recordJoin(ctx: AppContext, s: HostedSession, userId: number, now: Date) {
  await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const booking = await liveBookingOf(uow.tx, s.session.id, userId, { lock: true });
    if (booking?.status !== 'booked') return;
    await applyMark(uow, booking, s.session, arrivalMark(s.session, now), 'meeting', now);
  });
}

/** What /end-meet/{uuid} shows a participant (anyone else: 404, as if there were no session). */
export async function meetingEnd(
  ctx: AppContext,
  actor: AuthContext,
  uuid: string,
  now: Date = new Date(),
): Promise<TMeetingEnd> {
  const s = await visibleSession(ctx.db, actor, { uuid });
  const booking = await liveBookingOf(ctx.db, s.session.id, actor.userId);
  const seated =
    booking !== undefined &&
    (booking.status === 'booked' || booking.status === 'no_show' || attendedStatus(booking.status));
  if (!hosts(actor, s) && !seated) throw notFound(SESSION_NOT_FOUND);

  let surveyOpen = false;
  if (booking && attendedStatus(booking.status)) {
    const [answer] = await ctx.db
      .select({ id: classroomSurveyResponses.id })
      .from(classroomSurveyResponses)
      .where(
        and(
          eq(classroomSurveyResponses.sessionId, s.session.id),
          eq(classroomSurveyResponses.userId, actor.userId),
        ),
      );
    surveyOpen = answer === undefined;
  }
  const [next] = await ctx.db
    .select({
      id: classroomSessions.id,
      title: classroomSessions.title,
      startsAt: classroomSessions.startsAt,
    })
    .from(classroomSessions)
    .where(
      and(
        eq(classroomSessions.classId, s.session.classId),
        eq(classroomSessions.status, 'scheduled'),
        gt(classroomSessions.startsAt, s.session.startsAt),
      ),
    )
    .orderBy(asc(classroomSessions.startsAt), asc(classroomSessions.id))
    .limit(1);
  return {
    session: s.session.id,
    uuid: s.session.uuid,
    title: s.session.title,
    class_name: s.cls.name,
    classroom_title: s.classroom.title,
    ended: ended(s.session, now),
    survey_open: surveyOpen,
    next_session: next
      ? { id: next.id, title: next.title, starts_at: next.startsAt.toISOString() }
      : null,
  };
}
