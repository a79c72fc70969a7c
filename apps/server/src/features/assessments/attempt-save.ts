import {
  essayWordCount,
  type TAttemptSaveInput,
  type TAttemptSaveResult,
  type TQuestionAnswer,
  type TQuestionDefinition,
} from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { type Db, queryRows } from '../../core/db/database.ts';
import { badRequest, conflict } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { assessmentAttemptFiles } from '../../schema/assessments.table.ts';
import { type Attempt, readOwnAttempt } from './attempt-access.ts';
import { layoutItems } from './attempt-layout.ts';
import { LOST_SESSION } from './attempt-submit.ts';
import { clockOf, layoutOf, loadDefinitions } from './attempt-view.ts';
import { answerProblem } from './scoring.ts';

/**
 * Saving answers as the learner goes (issue 16). Idempotent per item by sequence number: a save
 * overwrites only a lower stored sequence, so a retried request changes nothing and a delayed
 * one cannot overwrite a newer answer. Everything is checked before anything is written: one bad
 * item refuses the whole request (400 naming it) and stores nothing.
 *
 * The hot path of an exam (every learner, every few seconds), so it is two statements and no
 * transaction: a plain read of the attempt to check the request against, then one write that
 * re-checks, under the attempt's share lock, what the read decided on (still in progress, still
 * this session). The submit takes the attempt's row lock for update, so a save racing it either
 * lands before it (and is scored) or finds the attempt closed and writes nothing.
 */

export const TIME_UP = 'Time is up; you can still submit.';
export const CLOSED = 'This attempt is closed.';

type Save = TAttemptSaveInput['answers'][number];
type HeldRow = { item: number; seq: number; saved_at: string | Date | null };

async function heldNow(db: Db, attemptId: number, saves: Save[]): Promise<HeldRow[]> {
  return queryRows<HeldRow>(
    db,
    sql`select item, seq, saved_at from assessment_attempt_answers
        where attempt_id = ${attemptId} and item in (${sql.join(
          saves.map((s) => sql`${s.item}::int`),
          sql`, `,
        )})`,
  );
}

export async function saveAnswers(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  input: TAttemptSaveInput,
  now: Date,
): Promise<TAttemptSaveResult> {
  const { attempt, assessment } = await readOwnAttempt(ctx.db, actor, attemptId);
  const refuse = (a: Attempt) => {
    if (a.status !== 'in_progress') return conflict(CLOSED);
    if (input.session !== a.sessionKey) return conflict(LOST_SESSION);
    return null;
  };
  const refused = refuse(attempt);
  if (refused) throw refused;
  const clock = clockOf(attempt, assessment.graceSeconds, now);
  if (clock.phase === 'overdue') throw conflict(TIME_UP);
  if (clock.phase !== 'in_progress') throw conflict(CLOSED);

  const answers = await checkedAnswers(ctx.db, attempt, input.answers);
  const values = input.answers.map(
    (s) =>
      sql`(${s.item}::int, ${s.seq}::int, ${s.answer !== undefined}::boolean, ${
        s.answer === undefined || s.answer === null ? null : JSON.stringify(answers.get(s.item))
      }::jsonb, ${s.flagged ?? null}::boolean)`,
  );
  let held = await queryRows<HeldRow & { live: number; stale: boolean }>(
    ctx.db,
    sql`
    with sent(item, seq, has_answer, answer, flagged) as (values ${sql.join(values, sql`, `)}),
    live as (
      select id from assessment_attempts
      where id = ${attempt.id} and status = 'in_progress' and session_key = ${input.session}
      for share
    ), written as (
      update assessment_attempt_answers t
      set seq = v.seq,
          answer = case when v.has_answer then v.answer else t.answer end,
          flagged = coalesce(v.flagged, t.flagged),
          saved_at = ${now.toISOString()}::timestamptz
      from sent v
      where t.attempt_id = (select id from live) and t.item = v.item and t.seq < v.seq
      returning t.item, t.seq, t.saved_at
    )
    select (select count(*) from live)::int as live, t.item, coalesce(w.seq, t.seq) as seq,
           coalesce(w.saved_at, t.saved_at) as saved_at,
           (w.item is null and t.seq < (select max(s.seq) from sent s where s.item = t.item)) as stale
    from assessment_attempt_answers t left join written w on w.item = t.item
    where t.attempt_id = ${attempt.id} and t.item in (select item from sent)`,
  );
  if (held.length === 0 || Number(held[0]!.live) === 0) {
    // Submitted or resumed elsewhere between the read and the write: say which.
    const again = await readOwnAttempt(ctx.db, actor, attemptId);
    throw refuse(again.attempt) ?? conflict(CLOSED);
  }
  // A save to an item that a newer save (another request) overtook wrote nothing, and the
  // statement's snapshot predates that newer one: read what is held now, so the answer never
  // reports less than was stored.
  if (held.some((h) => h.stale))
    held = (await heldNow(ctx.db, attempt.id, input.answers)).map((h) => ({
      ...h,
      live: 1,
      stale: false,
    }));
  return {
    saved: held.map((h) => ({
      item: Number(h.item),
      seq: Number(h.seq),
      saved_at: (h.saved_at ? new Date(h.saved_at) : now).toISOString(),
    })),
    ...clock,
  };
}

/**
 * Every save checked against the attempt: the item exists, the answer is of its question's type
 * and readable (scoring.ts's answerProblem), files are this attempt's uploads for this item.
 * Returns the answers as they will be stored (essays sanitised, file names the server's).
 */
async function checkedAnswers(
  db: Db,
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
    db,
    saves.map((s) => items.get(s.item)!.versionId),
    db,
  );
  const uploads = await uploadsOf(db, attempt.id, saves);
  const checkOne = (s: Save, given: TQuestionAnswer): TQuestionAnswer | string => {
    const q = definitions.get(items.get(s.item)!.versionId) as TQuestionDefinition;
    let answer = given;
    if (answer.type !== q.type) return `Item ${s.item} takes a ${q.type} answer.`;
    if (answer.type === 'essay') {
      answer = { ...answer, text: sanitiseRichText(answer.text) };
      // The limit the learner sees counted down: over it, the save is refused (the web keeps
      // the text on the device until it is shortened), so no essay beyond it is ever stored.
      const words = essayWordCount(answer.text);
      if (q.type === 'essay' && q.max_words !== null && words > q.max_words)
        return `Keep the answer to item ${s.item} to ${q.max_words} words: it has ${words}.`;
    }
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

async function uploadsOf(tx: Db, attemptId: number, saves: Save[]) {
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
