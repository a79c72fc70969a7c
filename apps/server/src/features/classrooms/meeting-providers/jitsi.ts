import { SignJWT } from 'jose';
import type {
  MeetingProvider,
  MeetingSession,
  MeetingUser,
  ProviderEnvironment,
  ProviderSettings,
} from './provider.ts';
import { endMeetUrl, trimBase } from './provider.ts';

/**
 * Jitsi Meet: a meeting is a room on the organisation's server, created by whoever enters it
 * first, so there is nothing to call. A server secured with JWT (the organisation gave an app id
 * and a secret) admits only a link carrying a token signed with that secret, which also says
 * who is a moderator; a public server (meet.jit.si, the default) needs none.
 */

/** The room of a session: its public uuid, so the name reveals nothing and never collides. */
export const jitsiRoom = (session: Pick<MeetingSession, 'uuid'>) => `atrium-${session.uuid}`;

/** A token is good until an hour after the session's end (late joiners, overruns). */
const GRACE_SECONDS = 3600;

export async function jitsiToken(
  settings: Pick<ProviderSettings, 'baseUrl' | 'appId'> & { secret: string },
  session: MeetingSession,
  user: MeetingUser,
  moderator: boolean,
  now: Date,
): Promise<string> {
  return new SignJWT({
    room: jitsiRoom(session),
    context: {
      user: { id: String(user.id), name: user.name, email: user.email, moderator },
    },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('jitsi')
    .setIssuer(settings.appId)
    .setSubject(new URL(settings.baseUrl).hostname)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(session.endsAt.getTime() / 1000) + GRACE_SECONDS)
    .sign(new TextEncoder().encode(settings.secret));
}

export function jitsiProvider(
  settings: ProviderSettings,
  env: ProviderEnvironment,
): MeetingProvider {
  return {
    name: 'jitsi',
    async createMeeting(session) {
      return { meetingId: jitsiRoom(session) };
    },
    async joinUrl(session, user, role) {
      const url = new URL(`${trimBase(settings.baseUrl)}/${jitsiRoom(session)}`);
      if (settings.appId && settings.secret) {
        const token = await jitsiToken(
          { baseUrl: settings.baseUrl, appId: settings.appId, secret: settings.secret },
          session,
          user,
          role === 'moderator',
          env.now(),
        );
        url.searchParams.set('jwt', token);
      }
      return url.toString();
    },
    endUrl: (session) => endMeetUrl(env.appBaseUrl, session),
  };
}
