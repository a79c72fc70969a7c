import { randomInt } from 'node:crypto';
import type { TQuestionDefinition } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows, type Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict } from '../../core/errors/app-error.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessments,
} from '../../schema/assessments.table.ts';
import type { Assessment } from './attempt-access.ts';
import {
  type AttemptLayout,
  buildLayout,
  DrawShortage,
  drawQuestions,
  type LayoutItem,
  layoutItems,
  type PagePlan,
} from './attempt-layout.ts';
import { loadDefinitions } from './attempt-view.ts';
import { createAnswerRows, loadPlan } from './attempts.repository.ts';
import { markVersionsUsed } from './question-bank.service.ts';

/**
 * Drawing an attempt's layout (issue 16), at its start or ahead of it. Moodle's answer to the
 * synchronised exam start is to pre-create the attempts; ours pre-creates them WITH their draw:
 * before an exam opens, each assigned learner's not-started attempt gets its layout (random draws
 * and shuffles) and its empty answer rows, so the opening minute only flips each one to running
 * (attempt-start.ts takeOverPrepared). The versions drawn are marked used at once, so an edit of
 * a question afterwards makes a new version rather than changing what was drawn; the start then
 * sees the stale version and draws afresh, as it does when the assessment itself was edited
 * after the draw (`prepared_for` no longer its `updated_at`).
 */

/** A random source from the operating system: draws and shuffles must not be predictable. */
export const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

export interface DrawnAttempt {
  layout: AttemptLayout;
  items: LayoutItem[];
  versionIds: number[];
  maxScore: number;
}

/** What every draw of an assessment starts from: its plan and the definitions it may ask. */
export interface DrawSource {
  plan: PagePlan[];
  definitions: Map<number, TQuestionDefinition>;
}

export async function loadDrawSource(tx: Tx, a: Assessment): Promise<DrawSource> {
  const plan = await loadPlan(tx, a);
  const ids = new Set<number>();
  for (const page of plan)
    for (const slot of page.slots) {
      if (slot.kind === 'fixed') ids.add(slot.question.versionId);
      else for (const c of slot.candidates) ids.add(c.versionId);
    }
  return { plan, definitions: await loadDefinitions(tx, [...ids]) };
}

/** One learner's draw: 409 with the reason when the bank cannot fill it. */
export function drawAttempt(a: Assessment, source: DrawSource): DrawnAttempt {
  let drawn: ReturnType<typeof drawQuestions>;
  try {
    drawn = drawQuestions(source.plan, a.shuffleQuestions, secureRandom);
  } catch (err) {
    if (err instanceof DrawShortage) throw conflict(`This assessment cannot start: ${err.message}`);
    throw err;
  }
  const versionIds = drawn.flatMap((p) => p.questions.map((q) => q.c.versionId));
  if (versionIds.length === 0) throw conflict('This assessment has no questions yet.');
  const layout = buildLayout(drawn, source.definitions, a.shuffleOptions, secureRandom);
  const items = layoutItems(layout);
  return { layout, items, versionIds, maxScore: items.reduce((sum, i) => sum + i.points, 0) };
}

/** Attempts drawn per transaction: 100 learners of 20 questions are 2,000 answer rows. */
const PREPARE_BATCH = 100;

/**
 * Draws the layout of every not-started attempt of the published assessments opening within
 * `aheadMs` whose draw is missing or older than the assessment's last edit. Batches take the
 * attempts' row locks with SKIP LOCKED, so a learner starting at that moment (or another node's
 * run) is never overwritten. An assessment that cannot be drawn (a draw the bank cannot fill) is
 * left unprepared: its learners' start says why, as without preparation. How many were drawn.
 */
export async function prepareAttempts(ctx: AppContext, now: Date, aheadMs: number) {
  const due = await queryRows<{ id: number }>(
    ctx.db,
    sql`select distinct a.id from assessments a
        join assessment_attempts t on t.assessment_id = a.id and t.status = 'not_started'
          and t.prepared_for is distinct from a.updated_at
        where a.status = 'published' and a.opens_at > ${now.toISOString()}::timestamptz
          and a.opens_at <= ${new Date(now.getTime() + aheadMs).toISOString()}::timestamptz`,
  );
  let total = 0;
  for (const { id } of due) {
    try {
      for (;;) {
        const n = await prepareBatch(ctx, Number(id));
        total += n;
        if (n < PREPARE_BATCH) break;
      }
    } catch (err) {
      ctx.log.warn({ err, assessmentId: id }, 'assessment attempts could not be prepared');
    }
  }
  return total;
}

async function prepareBatch(ctx: AppContext, assessmentId: number): Promise<number> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    // The assessment's share lock: an edit (which takes it for update) waits for this batch, and
    // the batch's `prepared_for` is the `updated_at` the draw was made from.
    const [a] = await tx
      .select()
      .from(assessments)
      .where(eq(assessments.id, assessmentId))
      .for('share');
    if (a?.status !== 'published') return 0;
    const waiting = await tx
      .select({ id: assessmentAttempts.id })
      .from(assessmentAttempts)
      .where(
        and(
          eq(assessmentAttempts.assessmentId, a.id),
          eq(assessmentAttempts.status, 'not_started'),
          // Compared in SQL: updated_at may carry microseconds a JS Date would drop.
          sql`${assessmentAttempts.preparedFor} is distinct from (select updated_at from assessments where id = ${a.id})`,
        ),
      )
      .limit(PREPARE_BATCH)
      .for('update', { skipLocked: true });
    if (waiting.length === 0) return 0;
    const source = await loadDrawSource(tx, a);
    const drawn = waiting.map((w) => ({ id: w.id, ...drawAttempt(a, source) }));
    const ids = waiting.map((w) => w.id);
    // A redraw replaces the earlier draw's empty answers.
    await tx.delete(assessmentAnswers).where(inArray(assessmentAnswers.attemptId, ids));
    await tx.execute(sql`
      update assessment_attempts t
      set layout = v.layout, max_score = v.max_score,
          prepared_for = (select updated_at from assessments where id = ${a.id})
      from (values ${sql.join(
        drawn.map(
          (d) => sql`(${d.id}::int, ${JSON.stringify(d.layout)}::jsonb, ${d.maxScore}::numeric)`,
        ),
        sql`, `,
      )}) as v(id, layout, max_score)
      where t.id = v.id`);
    await createAnswerRows(
      tx,
      drawn.map((d) => ({ attemptId: d.id, items: d.items })),
    );
    await markVersionsUsed(tx, [...new Set(drawn.flatMap((d) => d.versionIds))]);
    return waiting.length;
  });
}
