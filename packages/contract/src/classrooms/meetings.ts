import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { plainText } from '../core/plain-text.ts';
import { httpUrl } from '../core/validators.ts';

/**
 * Online meetings of classroom sessions (spec §7 Meetings and classroom, the video-conference
 * token request, /end-meet/{uuid}): the organisation's provider (Jitsi Meet or BigBlueButton) and
 * what a participant is sent to.
 */

export const MEETING_PROVIDERS = ['jitsi', 'bbb'] as const;
export type TMeetingProvider = (typeof MEETING_PROVIDERS)[number];

/** Without settings of its own, an organisation meets on the public Jitsi server, without JWT. */
export const DEFAULT_JITSI_URL = 'https://meet.jit.si';

export const ZMeetingSettingsQuery = z.object({
  /** Superadmin only: another organisation's settings (default: the signed-in one). */
  organisation: zIdParam.optional(),
});

export const ZMeetingSettings = z.object({
  organisation: z.number().int(),
  provider: z.enum(MEETING_PROVIDERS),
  /** Jitsi: the server's address; BigBlueButton: its API endpoint (…/bigbluebutton/api). */
  base_url: z.string(),
  /** Jitsi with JWT: the application id (the token's issuer). */
  app_id: z.string(),
  /** A secret is stored (Jitsi's JWT secret, BigBlueButton's shared secret); never shown. */
  has_secret: z.boolean(),
  /** False while the organisation uses the default (public Jitsi, no JWT). */
  configured: z.boolean(),
});
export type TMeetingSettings = z.infer<typeof ZMeetingSettings>;

export const ZMeetingSettingsInput = z.object({
  provider: z.enum(MEETING_PROVIDERS, { message: 'Choose jitsi or bbb.' }),
  base_url: httpUrl,
  app_id: plainText().trim().max(200).default(''),
  /**
   * Write-only. Left out: the stored secret is kept; null or empty: it is removed; otherwise it
   * replaces the stored one.
   */
  secret: z.string().max(500, 'The secret must be at most 500 characters.').nullable().optional(),
});
export type TMeetingSettingsInput = z.infer<typeof ZMeetingSettingsInput>;

export const ZMeetingCreate = z.object({ session: zId });

export const ZMeetingCreated = z.object({
  provider: z.enum(MEETING_PROVIDERS),
  /** The provider's id of the meeting (Jitsi: the room name; BigBlueButton: meetingID). */
  meeting_id: z.string(),
  /** Where the caller (a moderator) joins. */
  join_url: z.string(),
});
export type TMeetingCreated = z.infer<typeof ZMeetingCreated>;

/** The video-conference token request: the session's public handle. */
export const ZMeetingToken = z.object({
  key: z.uuid({ message: 'Not a meeting key.' }),
});
/** The address to open (and keep) for this caller. */
export const ZMeetingTokenResult = z.object({ results: z.string() });

export const ZMeetingEndParams = z.object({
  uuid: z.uuid({ message: 'Not a meeting address.' }),
});

/** What /end-meet/{uuid} shows a participant once they leave the meeting. */
export const ZMeetingEnd = z.object({
  session: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  class_name: z.string(),
  classroom_title: z.string(),
  /** The session's time is over (or it was marked completed). */
  ended: z.boolean(),
  /** The caller attended and has not answered the post-session survey yet. */
  survey_open: z.boolean(),
  next_session: z
    .object({ id: z.number().int(), title: z.string(), starts_at: z.string() })
    .nullable(),
});
export type TMeetingEnd = z.infer<typeof ZMeetingEnd>;
