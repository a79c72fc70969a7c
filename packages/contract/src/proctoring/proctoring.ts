import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Proctoring (issue 17). Detection runs on the learner's device; the server keeps a session per
 * proctored attempt, the flags the device raises with their evidence (sent only when something
 * is flagged), heartbeats, and the decisions proctors take. Nothing is penalised automatically:
 * only a proctor's decision on the attempt changes a result.
 */

/** `record`: flags with evidence only. `live`: also a low-rate thumbnail for the proctor grid. */
export const PROCTORING_MODES = ['record', 'live'] as const;
export type TProctoringMode = (typeof PROCTORING_MODES)[number];

/** What the device can watch for; an assessment chooses which count. */
export const PROCTORING_SIGNALS = [
  'no_face',
  'multiple_faces',
  'looking_away',
  'phone',
  'other_person',
  'tab_switch',
  'fullscreen_exit',
  'copy_paste',
  'second_screen',
  'mic_noise',
] as const;
export type TProctoringSignal = (typeof PROCTORING_SIGNALS)[number];

/** Flags: the device's signals, and what the server notes itself (monitoring stopped). */
export const PROCTORING_FLAG_TYPES = [...PROCTORING_SIGNALS, 'monitoring_stopped'] as const;
export type TProctoringFlagType = (typeof PROCTORING_FLAG_TYPES)[number];

export const IDENTITY_CHECKS = ['none', 'photo_match', 'id_photo'] as const;
export const FLAG_DECISIONS = ['pending', 'dismissed', 'confirmed'] as const;
export const ATTEMPT_OUTCOMES = ['clear', 'suspicious', 'violation'] as const;
export type TAttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** Evidence files: stills and short clips around a flag, the identity photos, live thumbnails. */
export const EVIDENCE_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const EVIDENCE_CLIP_TYPES = ['webm', 'mp4'] as const;
export const EVIDENCE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EVIDENCE_CLIP_MAX_BYTES = 20 * 1024 * 1024;
/** A device that has not been heard from for this long is shown as no longer monitored. */
export const HEARTBEAT_SECONDS = 15;
export const MONITORING_LOST_SECONDS = 45;
/** How often a live session sends its thumbnail. */
export const THUMBNAIL_SECONDS = 10;

export const DEFAULT_PROCTORING_SETTINGS = {
  mode: 'record',
  signals: ['no_face', 'multiple_faces', 'looking_away', 'tab_switch', 'fullscreen_exit'],
  look_away_seconds: 5,
  no_face_seconds: 5,
  identity_check: 'none',
  violation_budget: null,
  auto_submit: false,
  retention_days: 30,
} as const;

const signals = z
  .array(z.enum(PROCTORING_SIGNALS, { message: 'Choose signals from the list.' }))
  .max(PROCTORING_SIGNALS.length)
  .transform((list) => [...new Set(list)]);
const seconds = (label: string) =>
  z
    .number({ message: `Enter ${label} in seconds.` })
    .int(`Enter ${label} in whole seconds.`)
    .min(2, `${label} is at least 2 seconds.`)
    .max(120, `${label} is at most 120 seconds.`);

/** The proctoring of one assessment (proctoring on or off is the assessment's `proctored`). */
export const ZProctoringSettings = z.object({
  assessment: z.number().int(),
  proctored: z.boolean(),
  mode: z.enum(PROCTORING_MODES),
  signals: z.array(z.enum(PROCTORING_SIGNALS)),
  look_away_seconds: z.number().int(),
  no_face_seconds: z.number().int(),
  identity_check: z.enum(IDENTITY_CHECKS),
  /** Flags (not dismissed) after which the proctors are told; null: never. */
  violation_budget: z.number().int().nullable(),
  /** Submit the attempt when the budget is exceeded (only when an admin switches it on). */
  auto_submit: z.boolean(),
  retention_days: z.number().int(),
});
export type TProctoringSettings = z.infer<typeof ZProctoringSettings>;

export const ZProctoringSettingsQuery = z.object({ assessment: zIdParam });

export const ZProctoringSettingsInput = z.strictObject({
  assessment: zId,
  mode: z.enum(PROCTORING_MODES, { message: 'Choose record or live.' }),
  signals,
  look_away_seconds: seconds('The look-away time'),
  no_face_seconds: seconds('The no-face time'),
  identity_check: z.enum(IDENTITY_CHECKS, { message: 'Choose an identity check.' }),
  violation_budget: z
    .number({ message: 'Enter a number of flags.' })
    .int('Enter a whole number of flags.')
    .min(1, 'At least 1 flag.')
    .max(100, 'At most 100 flags.')
    .nullable(),
  auto_submit: z.boolean(),
  retention_days: z
    .number({ message: 'Enter a number of days.' })
    .int('Enter whole days.')
    .min(1, 'Keep evidence at least 1 day.')
    .max(365, 'Keep evidence at most 365 days.'),
});
export type TProctoringSettingsInput = z.infer<typeof ZProctoringSettingsInput>;

/** What a learner is told before a proctored attempt (the consent screen). */
export const ZProctoringConsent = z.object({
  proctored: z.boolean(),
  mode: z.enum(PROCTORING_MODES),
  signals: z.array(z.enum(PROCTORING_SIGNALS)),
  look_away_seconds: z.number().int(),
  no_face_seconds: z.number().int(),
  identity_check: z.enum(IDENTITY_CHECKS),
  retention_days: z.number().int(),
});
export const ZProctoringConsentParams = z.object({
  uuid: z.uuid({ message: 'Not an assessment address.' }),
});

export const ZProctoringLoginInput = z.strictObject({ attempt: zId });

/** The device's session for one attempt, with what it must watch for. */
export const ZProctoringSession = ZProctoringConsent.omit({ proctored: true }).extend({
  id: z.number().int(),
  attempt: z.number().int(),
  started_at: z.string(),
  heartbeat_seconds: z.number().int(),
  /** Null unless live. */
  thumbnail_seconds: z.number().int().nullable(),
  identity_done: z.boolean(),
});
export type TProctoringSession = z.infer<typeof ZProctoringSession>;

export const ZHeartbeatInput = z.strictObject({
  session: zId,
  camera: z.boolean(),
  visible: z.boolean(),
});
/** A proctor's message to the learner, shown on the attempt screen. */
export const ZProctorMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  sent_at: z.string(),
});
export const ZHeartbeatResult = z.object({
  /** Messages not yet acknowledged (the realtime stream delivers them too). */
  messages: z.array(ZProctorMessage),
});
export const ZMessageAckInput = z.strictObject({ session: zId, messages: z.array(zId).max(100) });

/** The text fields of a flag upload (multipart, beside `frame` and/or `clip`). */
export const ZFlagUploadFields = z.strictObject({
  session: z.coerce.number().int().min(1),
  type: z.enum(PROCTORING_SIGNALS, { message: 'Choose a signal from the list.' }),
  occurred_at: z.iso.datetime({ offset: true, message: 'Enter a date and time.' }),
  confidence: z.coerce.number().min(0).max(1).default(1),
  detail: plainText(z.string().max(500)).default(''),
});
export const ZEvidenceUploadFields = z.strictObject({ flag: z.coerce.number().int().min(1) });
export const ZThumbnailFields = z.strictObject({ session: z.coerce.number().int().min(1) });
export const ZIdentityFields = z.strictObject({
  session: z.coerce.number().int().min(1),
  /** The device's face match of the photo against the profile photo (0..1), when it made one. */
  similarity: z.coerce.number().min(0).max(1).optional(),
});

export const ZEvidence = z.object({
  id: z.number().int(),
  kind: z.enum(['frame', 'clip', 'identity', 'id_document']),
  size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
  created_at: z.string(),
});

export const ZProctoringFlag = z.object({
  id: z.number().int(),
  type: z.enum(PROCTORING_FLAG_TYPES),
  occurred_at: z.string(),
  confidence: z.number(),
  detail: z.string(),
  decision: z.enum(FLAG_DECISIONS),
  comment: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  /** Empty once the retention period removed the files. */
  evidence: z.array(ZEvidence),
});
export type TProctoringFlag = z.infer<typeof ZProctoringFlag>;

export const ZFlagCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  confirmed: z.number().int(),
  dismissed: z.number().int(),
});

export const MONITORING_STATUSES = ['waiting', 'monitoring', 'lost', 'ended'] as const;

/** One learner on the proctor's grid. */
export const ZProctorGridRow = z.object({
  session: z.number().int(),
  attempt: z.number().int(),
  learner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** waiting: no device yet; monitoring: heard from lately; lost: silent; ended: submitted. */
  status: z.enum(MONITORING_STATUSES),
  last_seen_at: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  flags: ZFlagCounts,
  over_budget: z.boolean(),
  outcome: z.enum(ATTEMPT_OUTCOMES).nullable(),
});
export type TProctorGridRow = z.infer<typeof ZProctorGridRow>;

export const ZProctorGridQuery = ZPageQuery.extend({
  assessment: zIdParam,
  /** A department's id; 0: learners in no department. */
  group: z.coerce.number().int().min(0).optional(),
  status: z.enum(MONITORING_STATUSES).optional(),
  flagged: z.enum(['true', 'false']).optional(),
});
export const ZProctorGrid = zPage(ZProctorGridRow).extend({
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), learners: z.number().int() })),
});

export const ZProctorDetailQuery = z.object({ session: zIdParam });

/** A moment of the attempt's timeline: a flag, a heartbeat gap, a decision, a message. */
export const ZTimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(['started', 'identity', 'flag', 'lost', 'resumed', 'message', 'decision', 'ended']),
  text: z.string(),
  flag: z.number().int().nullable(),
});

export const ZProctorDetail = z.object({
  session: z.number().int(),
  attempt: z.number().int(),
  assessment: z.object({ id: z.number().int(), uuid: z.string(), title: z.string() }),
  learner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  status: z.enum(MONITORING_STATUSES),
  mode: z.enum(PROCTORING_MODES),
  started_at: z.string(),
  last_seen_at: z.string().nullable(),
  identity: z.object({
    check: z.enum(IDENTITY_CHECKS),
    /** The device's face match of the start photo against the profile photo (0..1). */
    similarity: z.number().nullable(),
    /** The learner's profile photo, to compare with the photo taken at the start. */
    profile_photo_url: z.string().nullable(),
    evidence: z.array(ZEvidence),
  }),
  flags: z.array(ZProctoringFlag),
  timeline: z.array(ZTimelineEntry),
  outcome: z.enum(ATTEMPT_OUTCOMES).nullable(),
  outcome_comment: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  abilities: z.object({ decide: z.boolean(), message: z.boolean() }),
});
export type TProctorDetail = z.infer<typeof ZProctorDetail>;

const comment = plainText(z.string().trim().max(2000, 'At most 2,000 characters.'));

export const ZFlagDecisionInput = z.strictObject({
  decision: z.enum(['dismissed', 'confirmed'], { message: 'Dismiss or confirm the flag.' }),
  comment: comment.default(''),
});
export const ZAttemptDecisionInput = z.strictObject({
  session: zId,
  outcome: z.enum(ATTEMPT_OUTCOMES, { message: 'Choose clear, suspicious or violation.' }),
  // A decision about someone's result says why, for them and for the audit.
  comment: plainText(z.string().trim().min(1, 'Say why.').max(2000, 'At most 2,000 characters.')),
});
export const ZProctorMessageInput = z.strictObject({
  session: zId,
  text: plainText(z.string().trim().min(1, 'Write a message.').max(500, 'At most 500 characters.')),
});

/** What a learner sees of the proctoring of their attempt with its result. */
export const ZProctoringResult = z.object({
  proctored: z.boolean(),
  outcome: z.enum(ATTEMPT_OUTCOMES).nullable(),
  comment: z.string(),
  /** Only flags a proctor confirmed; pending and dismissed ones are not the learner's record. */
  confirmed: z.array(z.object({ type: z.enum(PROCTORING_FLAG_TYPES), occurred_at: z.string() })),
});
export const ZAttemptParams = z.object({ attempt: zIdParam });

/** The false-flag dashboard: per signal, how many flags reviewers dismissed. */
export const ZFalseFlagOrganisationQuery = z.object({
  from: z.iso.date({ message: 'Enter a date.' }).optional(),
  to: z.iso.date({ message: 'Enter a date.' }).optional(),
});
export const ZFalseFlagQuery = ZFalseFlagOrganisationQuery.extend({ assessment: zIdParam });
export const ZFalseFlagReport = z.object({
  signals: z.array(
    z.object({
      type: z.enum(PROCTORING_FLAG_TYPES),
      total: z.number().int(),
      decided: z.number().int(),
      dismissed: z.number().int(),
      /** dismissed / decided, null while nothing is decided. */
      false_rate: z.number().nullable(),
    }),
  ),
});

export const ZEvidenceParams = z.object({ id: zIdParam });
export const ZThumbnailParams = z.object({ session: zIdParam });
export const ZFlagParams = z.object({ id: zIdParam });
