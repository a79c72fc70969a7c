import type {
  TAttemptItem,
  TAttemptPhase,
  TAttemptView,
  TQuestionDefinition,
  TReviewOptions,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/database.ts';
import { assessmentAnswers } from '../../schema/assessments.table.ts';
import type { Assessment, Attempt } from './attempt-access.ts';
import { type AttemptLayout, itemView, layoutItems, withPoints } from './attempt-layout.ts';
import { attemptPhase, expiresAt, remainingSeconds } from './deadline.ts';
import { questionDefinitions } from './question-versions.cache.ts';
import { scoreAnswer } from './scoring.ts';

/**
 * The attempt as its learner sees it (issue 16): the items of its layout in their order with no
 * answer key, what the server holds of each answer, and the clock computed from the server's
 * time, so a reload or another device shows the same remaining time.
 */

export type AttemptClock = {
  phase: TAttemptPhase;
  server_now: string;
  deadline_at: string | null;
  remaining_seconds: number | null;
  grace_remaining_seconds: number | null;
};

export function layoutOf(attempt: Pick<Attempt, 'layout'>): AttemptLayout {
  return (attempt.layout as AttemptLayout | null) ?? { pages: [] };
}

/** The clock fields of every response about a running attempt. */
export function clockOf(
  attempt: Pick<Attempt, 'status' | 'deadlineAt'>,
  graceSeconds: number,
  now: Date,
): AttemptClock {
  const deadline = attempt.deadlineAt;
  const phase: TAttemptPhase =
    attempt.status === 'in_progress' ? attemptPhase(now, deadline, graceSeconds) : 'closed';
  const grace =
    phase === 'overdue' && deadline
      ? Math.max(0, Math.ceil((expiresAt(deadline, graceSeconds).getTime() - now.getTime()) / 1000))
      : null;
  return {
    phase,
    server_now: now.toISOString(),
    deadline_at: deadline?.toISOString() ?? null,
    remaining_seconds: phase === 'closed' ? null : remainingSeconds(now, deadline),
    grace_remaining_seconds: grace,
  };
}

/**
 * The definitions of the versions an attempt asks, by version id. `cacheOwner` (ctx.db, never a
 * transaction) lets the used ones come from memory (question-versions.cache.ts).
 */
export function loadDefinitions(
  db: DbOrTx,
  versionIds: readonly number[],
  cacheOwner?: Db,
): Promise<Map<number, TQuestionDefinition>> {
  return questionDefinitions(db, versionIds, cacheOwner);
}

/** The question's feedback for a scored answer: general, then the one for right or wrong. */
export function feedbackText(q: TQuestionDefinition, correct: boolean | null): string | null {
  const f = q.feedback;
  const parts = [f.general, correct === null ? '' : correct ? f.correct : f.incorrect];
  const text = parts.filter((p) => p.trim() !== '').join('\n');
  return text === '' ? null : text;
}

/**
 * The view of a running attempt. `options.fresh`: the attempt was just taken over with its
 * prepared, still empty answers, so there is nothing saved to read.
 */
export async function attemptView(
  db: Db,
  attempt: Attempt,
  assessment: Assessment,
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<TAttemptView> {
  // A pre-created attempt holds its prepared draw: nothing of it shows before it starts.
  const layout = attempt.status === 'not_started' ? { pages: [] } : layoutOf(attempt);
  const items = layoutItems(layout);
  const [definitions, answers] = await Promise.all([
    loadDefinitions(
      db,
      items.map((i) => i.versionId),
      db,
    ),
    options.fresh
      ? []
      : db.select().from(assessmentAnswers).where(eq(assessmentAnswers.attemptId, attempt.id)),
  ]);
  const byItem = new Map(answers.map((a) => [a.item, a]));
  const review = assessment.review as TReviewOptions;
  const showCorrect = review.correctness.includes('during');
  const showFeedback = review.feedback.includes('during');
  return {
    id: attempt.id,
    number: attempt.number,
    status: attempt.status,
    assessment: { id: assessment.id, uuid: assessment.uuid, title: assessment.title },
    started_at: attempt.startedAt?.toISOString() ?? null,
    ...clockOf(attempt, assessment.graceSeconds, now),
    pages: layout.pages.map((page) => ({
      title: page.title,
      description: page.description,
      items: page.items.map((item): TAttemptItem => {
        const q = definitions.get(item.versionId)!;
        const saved = byItem.get(item.item);
        const answer = (saved?.answer ?? null) as TAttemptItem['answer'];
        // Review "during": the saved answer checked as the learner goes (manual types: null).
        const scored =
          (showCorrect || showFeedback) && answer !== null
            ? scoreAnswer(withPoints(q, item.points), answer)
            : null;
        return {
          item: item.item,
          question: itemView(q, item),
          points: item.points,
          answer,
          flagged: saved?.flagged ?? false,
          seq: saved?.seq ?? 0,
          saved_at: saved?.savedAt?.toISOString() ?? null,
          correct: showCorrect && scored ? scored.correct : null,
          feedback: showFeedback && scored ? feedbackText(q, scored.correct) : null,
        };
      }),
    })),
  };
}
