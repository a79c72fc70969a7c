import type { TQuestionType } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../core/db/database.ts';
import { preparedPer } from '../../core/db/prepared.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessmentPages,
  assessmentSlots,
  questionCategories,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import type { Assessment, Attempt } from './attempt-access.ts';
import type { Candidate, LayoutItem, PagePlan } from './attempt-layout.ts';

/**
 * The attempts' queries that are more than a lookup: the plan an attempt's layout is drawn from
 * (pages, fixed questions at their current version, the candidates of each random slot), and the
 * answer rows an attempt starts with.
 */

/**
 * The assessment's pages and slots with what each can ask. Three statements whatever the size:
 * pages, slots with their fixed question's current version, and every random slot's candidates
 * (active questions of the organisation matching its category subtree and all its tags).
 */
export async function loadPlan(db: DbOrTx, a: Assessment): Promise<PagePlan[]> {
  const [pages, slots, candidates] = await Promise.all([
    db
      .select()
      .from(assessmentPages)
      .where(eq(assessmentPages.assessmentId, a.id))
      .orderBy(asc(assessmentPages.position), asc(assessmentPages.id)),
    db
      .select({
        s: assessmentSlots,
        questionId: questions.id,
        type: questions.type,
        versionId: questionVersions.id,
        categoryName: questionCategories.name,
      })
      .from(assessmentSlots)
      .leftJoin(questions, eq(questions.id, assessmentSlots.questionId))
      .leftJoin(
        questionVersions,
        and(
          eq(questionVersions.questionId, questions.id),
          eq(questionVersions.version, questions.currentVersion),
        ),
      )
      .leftJoin(questionCategories, eq(questionCategories.id, assessmentSlots.categoryId))
      .where(eq(assessmentSlots.assessmentId, a.id))
      .orderBy(asc(assessmentSlots.position), asc(assessmentSlots.id)),
    queryRows<{ slot: number; question_id: number; version_id: number; type: TQuestionType }>(
      db,
      sql`
      with recursive tree(root, id) as (
        select c.id, c.id from question_categories c
          where c.organisation_id = ${a.organisationId} and c.id in (
            select s.category_id from assessment_slots s
              where s.assessment_id = ${a.id} and s.kind = 'random' and s.category_id is not null)
        union all
        select t.root, c.id from question_categories c join tree t on c.parent_id = t.id
      )
      select s.id as slot, q.id as question_id, v.id as version_id, q.type
      from assessment_slots s
      join questions q on q.organisation_id = ${a.organisationId} and q.status = 'active'
        and q.tags @> s.tags
        and (s.category_id is null or q.category_id in (select t.id from tree t where t.root = s.category_id))
      join question_versions v on v.question_id = q.id and v.version = q.current_version
      where s.assessment_id = ${a.id} and s.kind = 'random'
      order by s.id, q.id`,
    ),
  ]);
  const bySlot = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const list = bySlot.get(Number(c.slot)) ?? [];
    list.push({ questionId: Number(c.question_id), versionId: Number(c.version_id), type: c.type });
    bySlot.set(Number(c.slot), list);
  }
  const plans = new Map<number, PagePlan>(
    pages.map((p) => [p.id, { title: p.title, description: p.description, slots: [] }]),
  );
  for (const { s, questionId, type, versionId, categoryName } of slots) {
    const page = plans.get(s.pageId);
    if (!page) continue;
    if (s.kind === 'fixed') {
      // The slot's foreign key keeps the question; its current version always exists.
      if (questionId === null || versionId === null) continue;
      page.slots.push({
        kind: 'fixed',
        question: { questionId, versionId, type: type as TQuestionType },
        points: s.points,
      });
    } else {
      const label = [categoryName, ...s.tags].filter(Boolean).join(', ') || 'the bank';
      page.slots.push({
        kind: 'random',
        candidates: bySlot.get(s.id) ?? [],
        drawCount: s.drawCount,
        points: s.points,
        label,
      });
    }
  }
  return [...plans.values()];
}

/**
 * One answer row per item of each attempt, empty, with its maximum: the submit then only updates
 * rows. Several attempts at once for the preparation before an exam (one insert a batch).
 */
export async function createAnswerRows(
  db: DbOrTx,
  attempts: readonly { attemptId: number; items: readonly LayoutItem[] }[],
) {
  const rows = attempts.flatMap(({ attemptId, items }) =>
    items.map((i) => ({
      attemptId,
      item: i.item,
      questionVersionId: i.versionId,
      maxScore: i.points,
    })),
  );
  if (rows.length === 0) return;
  await db.insert(assessmentAnswers).values(rows);
}

/** The learner's attempts at an assessment, oldest first. */
export async function attemptsOf(
  db: DbOrTx,
  assessmentId: number,
  userId: number,
): Promise<Attempt[]> {
  return db
    .select()
    .from(assessmentAttempts)
    .where(
      and(eq(assessmentAttempts.assessmentId, assessmentId), eq(assessmentAttempts.userId, userId)),
    )
    .orderBy(asc(assessmentAttempts.number));
}

const attemptsStatement = preparedPer((db) =>
  db
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.assessmentId, sql.placeholder('assessmentId')),
        eq(assessmentAttempts.userId, sql.placeholder('userId')),
      ),
    )
    .orderBy(asc(assessmentAttempts.number))
    .prepare('assessments_attempts_of'),
);

/** attemptsOf() prepared, for the start's read before its transaction (ctx.db only). */
export function readAttemptsOf(db: Db, assessmentId: number, userId: number): Promise<Attempt[]> {
  return attemptsStatement(db).execute({ assessmentId, userId });
}
