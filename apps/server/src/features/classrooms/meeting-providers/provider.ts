import type { TMeetingProvider } from '@atrium/contract';
import type { guardedFetcher } from '../../../core/http/outbound.ts';

/**
 * What Atrium needs of a video-conference service: make sure a session's meeting exists, send a
 * participant into it as moderator (the session's hosts) or attendee, and say where people land
 * when they leave it (the app's /end-meet/{uuid} page). One adapter per service.
 */

export type MeetingRole = 'moderator' | 'attendee';

export interface MeetingSession {
  uuid: string;
  title: string;
  endsAt: Date;
}

export interface MeetingUser {
  id: number;
  name: string;
  email: string;
}

export interface MeetingProvider {
  readonly name: TMeetingProvider;
  createMeeting(session: MeetingSession): Promise<{ meetingId: string }>;
  joinUrl(session: MeetingSession, user: MeetingUser, role: MeetingRole): Promise<string>;
  endUrl(session: MeetingSession): string;
}

/** An organisation's settings, the secret already unsealed. */
export interface ProviderSettings {
  provider: TMeetingProvider;
  baseUrl: string;
  appId: string;
  secret: string | null;
}

export interface ProviderEnvironment {
  /** The organisation's app address (no trailing slash): where /end-meet/{uuid} lives. */
  appBaseUrl: string;
  /** Server-side calls to the provider go through the outbound guard (core/http/outbound.ts). */
  fetch: ReturnType<typeof guardedFetcher>;
  now: () => Date;
}

export const endMeetUrl = (appBaseUrl: string, session: Pick<MeetingSession, 'uuid'>) =>
  `${appBaseUrl.replace(/\/+$/, '')}/end-meet/${session.uuid}`;

/** A base URL without its trailing slashes, so paths join predictably. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');
