import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery } from '../core/pagination.ts';

/**
 * The kinds of notification (issue 13). A later slice adds its kinds here; the server's registry
 * (`features/notifications/notification-types.ts`) is a record over this list, so a kind without
 * its defaults and mail template does not compile.
 */
export const NOTIFICATION_TYPES = [
  'enrolment_assigned',
  'enrolment_unassigned',
  'approval_decided',
  'approval_pending',
  'course_published',
  'assignment_graded',
  'submission_received',
  'review_received',
  'user_approved',
  'learning_path_assigned',
  'learning_path_due_soon',
  'learning_path_overdue',
  'learning_path_completed',
  'learning_path_message',
  'assessment_assigned',
  'assessment_graded',
  'assessment_grading_pending',
  'proctoring_over_budget',
  'proctoring_decided',
  'classroom_booked',
  'classroom_waitlisted',
  'classroom_promoted',
  'classroom_booking_cancelled',
  'classroom_session_changed',
  'classroom_session_cancelled',
  'event_enrolled',
  'event_enrolment_cancelled',
  'event_changed',
  'event_cancelled',
  'announcement',
  /** A new answer in a topic the recipient follows. */
  'discussion_answer',
  /** The recipient's answer was accepted. */
  'discussion_answer_accepted',
  /**
   * A new thread or answer in a forum the recipient is subscribed to (or a thread they follow),
   * sent once the post's edit window has passed.
   */
  'forum_post',
  /** Someone mentioned the recipient in a wall post or comment. */
  'wall_mention',
  /** Someone commented on the recipient's wall post. */
  'wall_comment',
  /** Someone commented on the recipient's blog post. */
  'blog_comment',
  /** An item of the recipient's organisation was first reported or held by its banned words (admins). */
  'moderation_report',
  /** A moderator hid, deleted or released the recipient's post, answer or comment. */
  'moderation_decision',
  /** The recipient's points took them to a new level. */
  'level_reached',
  /** The recipient earned a badge (automatically or from an admin). */
  'badge_awarded',
  /** A certificate was issued to the recipient (its PDF is on /certificate). */
  'certificate_issued',
  /** A report export the recipient asked for is ready to download (issue 22). */
  'report_ready',
  /** A support ticket was opened in the recipient's organisation (admins; issue 23). */
  'support_ticket_opened',
  /** The requester answered a support ticket the recipient works (admins; issue 23). */
  'support_ticket_replied',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** What the notification is about; `link` is where the app shows it. */
export const SUBJECT_KINDS = [
  'course',
  'enrolment',
  'approval_request',
  'assignment',
  'submission',
  'review',
  'user',
  'learning_path',
  'assessment',
  'classroom_session',
  'event',
  'announcement',
  'discussion',
  'wall_post',
  'blog_post',
  'moderation_item',
  'level',
  'badge',
  'certificate',
  'report_export',
  'support_ticket',
] as const;
export const ZSubjectKind = z.enum(SUBJECT_KINDS);

export const ZNotification = z.object({
  id: z.number().int(),
  type: ZNotificationType,
  /** Who caused it; null when nobody did (a system action) or the account is gone. */
  actor: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  subject: z.object({ kind: ZSubjectKind, id: z.number().int(), title: z.string() }),
  /** One sentence for people, plain text (the web may render its own from type and subject). */
  message: z.string(),
  /** An app route (`/course/12`), never an absolute URL. */
  link: z.string(),
  created_at: z.string(),
  viewed_at: z.string().nullable(),
  is_viewed: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

const boolQuery = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return v;
}, z.boolean());

/** Newest first. */
export const ZNotificationQuery = ZPageQuery.extend({
  type: ZNotificationType.optional(),
  is_viewed: boolQuery.optional(),
});
export type TNotificationQuery = z.infer<typeof ZNotificationQuery>;

/** Spec §7: the web sends `{is_viewed: true}`; a notification is never marked unread again. */
export const ZNotificationView = z.strictObject({ is_viewed: z.literal(true) });

export const ZMarkedAll = z.object({ updated: z.number().int() });

/**
 * The top bar's counts. `messages` stays 0 until direct messages land; the server sums each
 * counter from the slice that owns it.
 */
export const ZCounters = z.object({
  notifications: z.number().int(),
  /** Pending enrolment requests the caller may decide (the profile menu's Requests count). */
  requests: z.number().int(),
  messages: z.number().int(),
  /**
   * Essays and uploads waiting for the caller's grade (assessments they review or wrote). The
   * server always sends it; optional (not defaulted) so a live message that carries only another
   * count does not reset it.
   */
  grading: z.number().int().optional(),
});
export type TCounters = z.infer<typeof ZCounters>;

// ── Preferences ──

export const CHANNELS = ['in_app', 'email'] as const;
export const ZChannel = z.enum(CHANNELS);
export type TChannel = z.infer<typeof ZChannel>;

/** In-app is `immediately` or `off`; the digests are e-mail only. */
export const FREQUENCIES = ['immediately', 'daily', 'weekly', 'off'] as const;
export const ZFrequency = z.enum(FREQUENCIES);
export type TFrequency = z.infer<typeof ZFrequency>;

/**
 * Moodle's per-type rule, set by an admin: `forced` delivers at the organisation's frequency
 * whatever the user chose; `optional` lets the user choose; `disabled` never delivers.
 */
export const POLICY_STATES = ['forced', 'optional', 'disabled'] as const;
export const ZPolicyState = z.enum(POLICY_STATES);
export type TPolicyState = z.infer<typeof ZPolicyState>;

export const ZChannelPreference = z.object({
  /** What applies now: the user's choice, else the organisation's default. */
  frequency: ZFrequency,
  /** The organisation's rule; only `optional` channels can be changed by the user. */
  state: ZPolicyState,
  /** The organisation's default frequency. */
  default: ZFrequency,
  /** True when the user chose `frequency` themselves. */
  customised: z.boolean(),
});

export const ZPreferences = z.object({
  types: z.array(
    z.object({
      type: ZNotificationType,
      label: z.string(),
      channels: z.object({ in_app: ZChannelPreference, email: ZChannelPreference }),
    }),
  ),
});
export type TPreferences = z.infer<typeof ZPreferences>;

/**
 * Changes some of the caller's choices; pairs not listed keep theirs. `frequency: null` goes back
 * to the organisation's default. A forced or disabled channel, or a digest for in-app, is a 400.
 */
export const ZPreferencesUpdate = z.strictObject({
  preferences: z
    .array(
      z.strictObject({
        type: ZNotificationType,
        channel: ZChannel,
        frequency: ZFrequency.nullable(),
      }),
    )
    .min(1)
    .max(NOTIFICATION_TYPES.length * CHANNELS.length),
});
export type TPreferencesUpdate = z.infer<typeof ZPreferencesUpdate>;

// ── Organisation defaults ──

/** Superadmins name the organisation; admins act on their own (naming another is a 404). */
export const ZOrganisationDefaultsQuery = z.object({ organisation: zIdParam.optional() });

export const ZOrganisationDefault = z.object({
  type: ZNotificationType,
  channel: ZChannel,
  frequency: ZFrequency,
  state: ZPolicyState,
});

export const ZOrganisationDefaults = z.object({
  organisation: z.number().int(),
  defaults: z.array(ZOrganisationDefault.extend({ label: z.string() })),
});
export type TOrganisationDefaults = z.infer<typeof ZOrganisationDefaults>;

/** Pairs not listed keep their setting; in-app takes `immediately` or `off` only. */
export const ZOrganisationDefaultsUpdate = z.strictObject({
  defaults: z
    .array(ZOrganisationDefault.strict())
    .min(1)
    .max(NOTIFICATION_TYPES.length * CHANNELS.length),
});

// ── One-click unsubscribe (RFC 8058) ──

/** The signed token of one user × type, from a mail's link or List-Unsubscribe header. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(500) });

/**
 * A mail client's one-click POST sends `List-Unsubscribe=One-Click` as a form; the web page
 * sends nothing. Either way the token in the query decides.
 */
export const ZUnsubscribeBody = z
  .object({ 'List-Unsubscribe': z.string().max(50) })
  .partial()
  .optional();

export const ZUnsubscribeState = z.object({
  type: ZNotificationType,
  label: z.string(),
  /** True once e-mail for this type is off for the token's user. */
  unsubscribed: z.boolean(),
  /** Forced by the organisation: the POST cannot turn it off (409). */
  forced: z.boolean(),
});
export type TUnsubscribeState = z.infer<typeof ZUnsubscribeState>;

/** The web page a mail's unsubscribe link opens (public): `/unsubscribe?token=…`. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
