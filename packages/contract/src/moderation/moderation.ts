import { z } from 'zod';
import { zId } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Moderation (issue 20, part 6): members report a post, an answer or a comment; an organisation's
 * banned words hold an item for review; the organisation's admins hide, restore (release) or
 * delete it, or dismiss the reports, from one queue.
 */

/** Where an item stands with the moderators (the content slices carry it on their rows). */
export const MODERATION_STATES = ['visible', 'held', 'hidden'] as const;
export const ZModerationState = z.enum(MODERATION_STATES);
export type TModerationState = z.infer<typeof ZModerationState>;

/** The kinds of content a report may name (the server answers 400 for a kind it does not know). */
export const ZModerationKind = z
  .string()
  .trim()
  .min(1, 'Choose what you report.')
  .max(40, 'Unknown kind of content.')
  .regex(/^[a-z_]+$/, 'Unknown kind of content.');

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'inappropriate',
  'off_topic',
  'other',
] as const;
export const ZReportReason = z.enum(REPORT_REASONS, 'Choose a reason.');
export type TReportReason = z.infer<typeof ZReportReason>;

export const REPORT_NOTE_MAX = 500;
const note = plainText(z.string())
  .trim()
  .max(REPORT_NOTE_MAX, `At most ${REPORT_NOTE_MAX} characters.`)
  .optional();

export const ZReportCreate = z.object({
  kind: ZModerationKind,
  id: zId,
  reason: ZReportReason,
  note,
});
export type TReportCreate = z.infer<typeof ZReportCreate>;

export const ZReportCreated = z.object({
  /** The queue item the report joined (or opened). */
  item: z.number().int(),
  message: z.string(),
});
export type TReportCreated = z.infer<typeof ZReportCreated>;

export const MODERATION_STATUSES = ['open', 'resolved'] as const;
export const MODERATION_OUTCOMES = ['hidden', 'restored', 'deleted', 'dismissed'] as const;
export const ZModerationOutcome = z.enum(MODERATION_OUTCOMES);
export type TModerationOutcome = z.infer<typeof ZModerationOutcome>;

export const ZModerationQueueQuery = ZPageQuery.extend({
  status: z.enum(MODERATION_STATUSES).default('open'),
  kind: ZModerationKind.optional(),
});
export type TModerationQueueQuery = z.infer<typeof ZModerationQueueQuery>;

export const ZModerationPerson = z.object({
  id: z.number().int(),
  fullname: z.string(),
});
export type TModerationPerson = z.infer<typeof ZModerationPerson>;

export const ZModerationItemAbilities = z.object({
  hide: z.boolean(),
  restore: z.boolean(),
  delete: z.boolean(),
  dismiss: z.boolean(),
});

export const ZModerationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** What people call the kind ("Wall post"). */
  kind_label: z.string(),
  target_id: z.number().int(),
  status: z.enum(MODERATION_STATUSES),
  /** Opened by the banned words rather than (only) by reports. */
  held: z.boolean(),
  author: ZModerationPerson.nullable(),
  excerpt: z.string(),
  link: z.string(),
  report_count: z.number().int(),
  /** How many reports gave each reason. */
  reasons: z.partialRecord(ZReportReason, z.number().int()),
  opened_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: ZModerationPerson.nullable(),
  outcome: ZModerationOutcome.nullable(),
  abilities: ZModerationItemAbilities,
});
export type TModerationItem = z.infer<typeof ZModerationItem>;
export const ZModerationQueuePage = zPage(ZModerationItem);

export const ZModerationReport = z.object({
  id: z.number().int(),
  reporter: ZModerationPerson.nullable(),
  reason: ZReportReason,
  note: z.string(),
  created_at: z.string(),
});
export type TModerationReport = z.infer<typeof ZModerationReport>;

export const ZModerationItemDetail = ZModerationItem.extend({
  reports: z.array(ZModerationReport),
  /** The item as it stands now in its slice; null when it is gone. */
  live: z.object({ state: ZModerationState, excerpt: z.string(), link: z.string() }).nullable(),
});
export type TModerationItemDetail = z.infer<typeof ZModerationItemDetail>;

export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const;
export const ZModerationAction = z.enum(MODERATION_ACTIONS);
export type TModerationAction = z.infer<typeof ZModerationAction>;
export const ZModerationActionInput = z.object({
  action: z.enum(MODERATION_ACTIONS, 'Choose hide, restore, delete or dismiss.'),
  note,
});
export type TModerationActionInput = z.infer<typeof ZModerationActionInput>;

export const BANNED_PHRASE_MAX = 60;
export const BANNED_WORDS_MAX = 500;
export const ZBannedWord = z.object({
  id: z.number().int(),
  phrase: z.string(),
  created_at: z.string(),
  created_by: ZModerationPerson.nullable(),
});
export type TBannedWord = z.infer<typeof ZBannedWord>;
export const ZBannedWordList = z.object({ results: z.array(ZBannedWord) });
export const ZBannedWordCreate = z.object({
  phrase: plainText(z.string('Enter a word or phrase.'))
    .trim()
    .min(1, 'Enter a word or phrase.')
    .max(BANNED_PHRASE_MAX, `At most ${BANNED_PHRASE_MAX} characters.`)
    .refine((v) => /[\p{L}\p{N}]/u.test(v), 'Enter a word or phrase.'),
});
export type TBannedWordCreate = z.infer<typeof ZBannedWordCreate>;
