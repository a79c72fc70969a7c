import type { TModerationOutcome, TModerationState, TReportReason } from '@atrium/contract';

export const REASON_LABELS: Record<TReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate content',
  off_topic: 'Off topic',
  other: 'Something else',
};

export const OUTCOME_LABELS: Record<TModerationOutcome, string> = {
  hidden: 'Hidden',
  restored: 'Restored',
  deleted: 'Deleted',
  dismissed: 'Dismissed',
};

/** What an author reads on their own held or hidden words (null when visible). */
export const STATE_LABELS: Record<TModerationState, string | null> = {
  visible: null,
  held: 'Held for review',
  hidden: 'Hidden by a moderator',
};
