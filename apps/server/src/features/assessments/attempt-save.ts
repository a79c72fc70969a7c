import type {
  TAttemptSaveInput,
  TAttemptSaveResult,
  TQuestionAnswer,
  TQuestionDefinition,
} from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { assessmentAnswers, assessmentAttemptFiles } from '../../schema/assessments.table.ts';
import { type Attempt, loadOwnAttempt } from './attempt-access.ts';
import { layoutItems } from './attempt-layout.ts';
import { LOST_SESSION } from './attempt-submit.ts';
import { clockOf, layoutOf, loadDefinitions } from './attempt-view.ts';
import { answerProblem } from './scoring.ts';

/**
 * Saving answers as the learner goes (issue 16). Idempotent per item by sequence number: a save
 * overwrites only a lower stored sequence, so a retried request changes nothing and a delayed
 * one cannot overwrite a newer answer. Everything is checked before anything is written: one bad
 * item refuses the whole request (400 naming it) and stores nothing. Under the attempt's row lock,
 * so a save racing the submit either lands before it or gets 409.
 */

export const TIME_UP = 'Time is up; you can still submit.';
export const CLOSED = 'This attempt is closed.';

type Save = TAttemptSaveInput['answers'][number];

export async function saveAnswers(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  input: TAttemptSaveInput,
  now: Date,
): Promise<TAttemptSaveResult> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { attempt, assessment } = await loadOwnAttempt(tx, actor, attemptId, true);
    if (attempt.status !== 'in_progress') throw conflict(CLOSED);
    if (input.session !== attempt.sessionKey) throw conflict(LOST_SESSION);
    const clock = clockOf(attempt, assessment.graceSeconds, now);
    if (clock.phase === 'overdue') throw conflict(TIME_UP);
    if (clock.phase !== 'in_progress') throw conflict(CLOSED);

    const answers = await checkedAnswers(tx, attempt, input.answers);
    const values = input.answers.map(
      (s) =>
        sql`(${s.item}::int, ${s.seq}::int, ${s.answer !== undefined}::boolean, ${
          s.answer === undefined || s.answer === null ? null : JSON.stringify(answers.get(s.item))
        }::jsonb, ${s.flagged ?? null}::boolean)`,
    );
    await tx.execute(sql`
      update assessment_attempt_answers t
      set seq = v.seq,
          answer = case when v.has_answer then v.answer else t.answer end,
          flagged = coalesce(v.flagged, t.flagged),
          saved_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(values, sql`, `)}) as v(item, seq, has_answer, answer, flagged)
      where t.attempt_id = ${attempt.id} and t.item = v.item and t.seq < v.seq`);
    const held = await tx
      .select({
        item: assessmentAnswers.item,
        seq: assessmentAnswers.seq,
        savedAt: assessmentAnswers.savedAt,
      })
      .from(assessmentAnswers)
      .where(
        and(
          eq(assessmentAnswers.attemptId, attempt.id),
          inArray(
            assessmentAnswers.item,
            input.answers.map((s) => s.item),
          ),
        ),
      );
    return {
      saved: held.map((h) => ({
        item: h.item,
        seq: h.seq,
        saved_at: (h.savedAt ?? now).toISOString(),
      })),
      ...clock,
    };
  });
}

/**
 * Every save checked against the attempt: the item exists, the answer is of its question's type
 * and readable (scoring.ts's answerProblem), files are this attempt's uploads for this item.
 * Returns the answers as they will be stored (essays sanitised, file names the server's).
 */
async function checkedAnswers(
  tx: Tx,
  attempt: Attempt,
  saves: Save[],
): Promise<Map<number, TQuestionAnswer>> {
  const items = new Map(layoutItems(layoutOf(attempt)).map((i) => [i.item, i]));
  const errors: Record<string, string[]> = {};
  const fail = (i: number, message: string) => {
    errors[`answers.${i}`] = [message];
  };
  saves.forEach((s, i) => {
    if (!items.has(s.item)) fail(i, `There is no item ${s.item} in this attempt.`);
  });
  if (Object.keys(errors).length > 0) throw badRequest('Some answers cannot be saved.', errors);

  const definitions = await loadDefinitions(
    tx,
    saves.map((s) => items.get(s.item)!.versionId),
  );
  const uploads = await uploadsOf(tx, attempt.id, saves);
  const checkOne = (s: Save, given: TQuestionAnswer): TQuestionAnswer | string => {
    const q = definitions.get(items.get(s.item)!.versionId) as TQuestionDefinition;
    let answer = given;
    if (answer.type !== q.type) return `Item ${s.item} takes a ${q.type} answer.`;
    if (answer.type === 'essay') answer = { ...answer, text: sanitiseRichText(answer.text) };
    if (answer.type === 'file_upload') {
      const files = [];
      for (const f of answer.files) {
        const stored = uploads.get(f.id);
        if (!stored || stored.item !== s.item)
          return `File ${f.id} was not uploaded to item ${s.item} of this attempt.`;
        files.push({ id: f.id, name: stored.name });
      }
      answer = { ...answer, files };
    }
    return answerProblem(q, answer) ?? answer;
  };
  const out = new Map<number, TQuestionAnswer>();
  saves.forEach((s, i) => {
    if (s.answer === undefined || s.answer === null) return;
    const checked = checkOne(s, s.answer);
    if (typeof checked === 'string') fail(i, checked);
    else out.set(s.item, checked);
  });
  if (Object.keys(errors).length > 0) throw badRequest('Some answers cannot be saved.', errors);
  return out;
}

async function uploadsOf(tx: Tx, attemptId: number, saves: Save[]) {
  const ids = saves
    .flatMap((s) => (s.answer?.type === 'file_upload' ? s.answer.files : []))
    .map((f) => f.id);
  if (ids.length === 0) return new Map<number, { item: number; name: string }>();
  const rows = await tx
    .select({
      id: assessmentAttemptFiles.id,
      item: assessmentAttemptFiles.item,
      name: assessmentAttemptFiles.name,
    })
    .from(assessmentAttemptFiles)
    .where(
      and(eq(assessmentAttemptFiles.attemptId, attemptId), inArray(assessmentAttemptFiles.id, ids)),
    );
  return new Map(rows.map((r) => [r.id, { item: r.item, name: r.name }]));
}
