import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Similarity checks of assignment submissions (issue 24): each submission's text is extracted
 * and fingerprinted in a job, then compared with the other submissions of its organisation.
 * Scores are percentages (0–100) of the checked submission's fingerprints found elsewhere.
 */

export const CHECK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ZCheckStatus = z.enum(CHECK_STATUSES);
export type TCheckStatus = z.infer<typeof ZCheckStatus>;
export const CHECK_STATUS_LABELS: Record<TCheckStatus, string> = {
  queued: 'Queued',
  running: 'Checking',
  done: 'Checked',
  failed: 'Failed',
};

export const MATCH_DECISIONS = ['pending', 'acceptable', 'flagged'] as const;
export const ZMatchDecision = z.enum(MATCH_DECISIONS);
export type TMatchDecision = z.infer<typeof ZMatchDecision>;

/** The default threshold (percent) above which a check is highlighted. */
export const DEFAULT_SIMILARITY_THRESHOLD = 40;

const ZRef = z.object({ id: z.number().int(), title: z.string() });
const ZPerson = z.object({ id: z.number().int(), fullname: z.string() });

export const ZCheckAbilities = z.object({
  /** Mark matches acceptable or flagged. */
  decide: z.boolean(),
  /** Change the assignment's plagiarism settings. */
  configure: z.boolean(),
});

/** One checked submission, as the staff list shows it. */
export const ZPlagiarismCheck = z.object({
  id: z.number().int(),
  submission: z.number().int(),
  course: ZRef,
  assignment: ZRef,
  learner: ZPerson,
  status: ZCheckStatus,
  /** Why the check failed, for staff (null unless failed). */
  error: z.string().nullable(),
  /** Union coverage: share of this submission's fingerprints found in any other (0–100). */
  score: z.number().nullable(),
  threshold: z.number().int(),
  over_threshold: z.boolean(),
  /** At least one of its matches is flagged. */
  flagged: z.boolean(),
  match_count: z.number().int(),
  submitted_at: z.string(),
  checked_at: z.string().nullable(),
  abilities: ZCheckAbilities,
});
export type TPlagiarismCheck = z.infer<typeof ZPlagiarismCheck>;
export const ZPlagiarismCheckPage = zPage(ZPlagiarismCheck);
export type TPlagiarismCheckPage = z.infer<typeof ZPlagiarismCheckPage>;

export const ZPlagiarismCheckQuery = ZPageQuery.extend({
  course: zIdParam.optional(),
  assignment: zIdParam.optional(),
  status: ZCheckStatus.optional(),
  flagged: z.enum(['true', 'false']).optional(),
});

/** A matched passage: character ranges (end exclusive) in this text and in the other text. */
export const ZPassage = z.object({
  start: z.number().int(),
  end: z.number().int(),
  other_start: z.number().int(),
  other_end: z.number().int(),
});
export type TPassage = z.infer<typeof ZPassage>;

/** The checked submission against one other submission. */
export const ZPlagiarismMatch = z.object({
  id: z.number().int(),
  /** Share of the checked submission's fingerprints found in the other one (0–100). */
  score: z.number(),
  other: z.object({
    check: z.number().int(),
    submission: z.number().int(),
    learner: ZPerson,
    course: ZRef,
    assignment: ZRef,
    submitted_at: z.string(),
  }),
  /**
   * False when the other submission is in a course the caller does not manage: its text and
   * learner are withheld (other_text empty, learner's name hidden), the score stays.
   */
  other_visible: z.boolean(),
  other_text: z.string(),
  passages: z.array(ZPassage),
  decision: ZMatchDecision,
  note: z.string(),
  decided_by: ZPerson.nullable(),
  decided_at: z.string().nullable(),
});
export type TPlagiarismMatch = z.infer<typeof ZPlagiarismMatch>;

export const ZPlagiarismCheckDetail = ZPlagiarismCheck.extend({
  /** The extracted text (empty until checked). */
  text: z.string(),
  /** Strongest first (at most MAX_MATCHES are kept per check). */
  matches: z.array(ZPlagiarismMatch),
});
export type TPlagiarismCheckDetail = z.infer<typeof ZPlagiarismCheckDetail>;

export const MATCH_NOTE_MAX = 2000;
export const ZMatchDecisionInput = z.strictObject({
  decision: ZMatchDecision,
  note: plainText().trim().max(MATCH_NOTE_MAX, `At most ${MATCH_NOTE_MAX} characters.`).optional(),
});
export type TMatchDecisionInput = z.infer<typeof ZMatchDecisionInput>;

export const ZPlagiarismSettings = z.object({
  assignment: z.number().int(),
  /** Percent at or above which a check is highlighted. */
  threshold: z.number().int(),
  /** Whether learners see their own submission's score. */
  show_learners: z.boolean(),
});
export type TPlagiarismSettings = z.infer<typeof ZPlagiarismSettings>;
export const ZPlagiarismSettingsInput = z.strictObject({
  threshold: z
    .number('Enter a whole percentage.')
    .int('Enter a whole percentage.')
    .min(1, 'At least 1 %.')
    .max(100, 'At most 100 %.'),
  show_learners: z.boolean(),
});
export type TPlagiarismSettingsInput = z.infer<typeof ZPlagiarismSettingsInput>;

/** A learner's view of their own submission's check. */
export const ZOwnSimilarity = z.object({
  submission: z.number().int(),
  /** False when the assignment does not show scores to learners (then score is null). */
  visible: z.boolean(),
  status: ZCheckStatus.nullable(),
  score: z.number().nullable(),
});
export type TOwnSimilarity = z.infer<typeof ZOwnSimilarity>;
