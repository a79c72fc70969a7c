import { createHash, createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { MeetingProvider, ProviderEnvironment, ProviderSettings } from './provider.ts';
import { endMeetUrl, trimBase } from './provider.ts';

/**
 * BigBlueButton: the server creates the meeting through the API (`create`, a server-side call
 * through the outbound guard) and sends each participant to a signed `join` address. Every API
 * call carries `checksum = sha1(callName + queryString + sharedSecret)`, the query string being
 * exactly the one sent, without the checksum (BigBlueButton API docs, "Usage").
 * `create` is idempotent for one meetingID, so "ensure" is simply calling it again.
 */

export class BbbError extends Error {
  constructor(
    /** For the log only: upstream answers are never shown to the client. */
    public readonly reason: string,
  ) {
    super('The meeting server could not create the meeting.');
    this.name = 'BbbError';
  }
}

export function bbbChecksum(callName: string, queryString: string, sharedSecret: string): string {
  return createHash('sha1').update(`${callName}${queryString}${sharedSecret}`).digest('hex');
}

/** The signed address of an API call (parameters in the order given). */
export function bbbUrl(
  apiBase: string,
  callName: string,
  params: [string, string][],
  sharedSecret: string,
): string {
  // x-www-form-urlencoded (space as '+'), as in the docs' example; BBB hashes what it receives.
  const query = new URLSearchParams(params).toString();
  const checksum = bbbChecksum(callName, query, sharedSecret);
  return `${trimBase(apiBase)}/${callName}?${query}${query ? '&' : ''}checksum=${checksum}`;
}

/**
 * The meeting's passwords (servers before role-based joins need them at create): derived from
 * the secret and the session, so every node computes the same ones and none is stored.
 */
function password(secret: string, uuid: string, role: 'moderator' | 'attendee') {
  return createHmac('sha256', secret).update(`${uuid}:${role}`).digest('hex').slice(0, 16);
}

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false });

export function bbbProvider(settings: ProviderSettings, env: ProviderEnvironment): MeetingProvider {
  const secret = settings.secret ?? '';
  return {
    name: 'bbb',
    async createMeeting(session) {
      const url = bbbUrl(
        settings.baseUrl,
        'create',
        [
          ['name', session.title],
          ['meetingID', session.uuid],
          ['attendeePW', password(secret, session.uuid, 'attendee')],
          ['moderatorPW', password(secret, session.uuid, 'moderator')],
          ['logoutURL', endMeetUrl(env.appBaseUrl, session)],
          ['record', 'false'],
        ],
        secret,
      );
      let text: string;
      try {
        const res = await env.fetch(url, { redirect: 'error' });
        if (!res.ok) throw new BbbError(`create answered ${res.status}`);
        text = await res.text();
      } catch (err) {
        throw err instanceof BbbError
          ? err
          : new BbbError((err as { reason?: string }).reason ?? String(err));
      }
      let doc: { response?: { returncode?: string; messageKey?: string; meetingID?: string } };
      try {
        doc = parser.parse(text);
      } catch {
        throw new BbbError('create answered something that is not XML');
      }
      if (doc.response?.returncode !== 'SUCCESS') {
        throw new BbbError(`create failed: ${doc.response?.messageKey ?? 'no return code'}`);
      }
      return { meetingId: doc.response.meetingID ?? session.uuid };
    },
    async joinUrl(session, user, role) {
      return bbbUrl(
        settings.baseUrl,
        'join',
        [
          ['fullName', user.name],
          ['meetingID', session.uuid],
          ['role', role === 'moderator' ? 'MODERATOR' : 'VIEWER'],
          ['userID', String(user.id)],
          ['redirect', 'true'],
        ],
        secret,
      );
    },
    endUrl: (session) => endMeetUrl(env.appBaseUrl, session),
  };
}
