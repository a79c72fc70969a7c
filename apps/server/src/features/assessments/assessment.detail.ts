import type { TAssessmentDetail, TAssessmentPage, TAssessmentSlot } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import {
  assessmentMessages,
  assessmentPages,
  assessmentSlots,
  assessments,
  questionCategories,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { ASSESSMENT_NOT_FOUND } from './assessment.access.ts';
import {
  countsFor,
  rawRows,
  selectAssessmentRows,
  toSettings,
  toSummary,
} from './assessment.repository.ts';

/**
 * The assessment as the editor shows it, in a fixed number of queries whatever its size: the row
 * (with course and author), its counts (assessment.repository.ts), its pages, its slots with
 * their question or category, what every random draw finds now, and its feedback bands.
 */

export interface DrawAvailability {
  available: number;
  /** The candidates' average points (what a draw without its own points is worth on average). */
  averagePoints: number | null;
}

/**
 * For every random slot of the assessment: the active questions of its organisation that match
 * its category (sub-categories included) and all its tags, less those the assessment places as
 * fixed questions (a draw never repeats one, attempt-layout.ts). One statement: the category
 * subtrees of the slots' categories only, then a grouped join.
 */
export async function drawAvailability(
  db: DbOrTx,
  assessmentId: number,
  organisationId: number,
): Promise<Map<number, DrawAvailability>> {
  const result = await rawRows<{ slot: number; available: number; avg: string | null }>(
    db,
    sql`
    with recursive tree(root, id) as (
      select c.id, c.id from question_categories c
        where c.organisation_id = ${organisationId} and c.id in (
          select s.category_id from assessment_slots s
            where s.assessment_id = ${assessmentId} and s.kind = 'random' and s.category_id is not null)
      union all
      select t.root, c.id from question_categories c join tree t on c.parent_id = t.id
    )
    select s.id as slot, count(q.id)::int as available,
      avg((v.definition->>'points')::numeric) as avg
    from assessment_slots s
    left join questions q on q.organisation_id = ${organisationId} and q.status = 'active'
      and q.tags @> s.tags
      and (s.category_id is null or q.category_id in (select t.id from tree t where t.root = s.category_id))
      and not exists (select 1 from assessment_slots f
                      where f.assessment_id = ${assessmentId} and f.kind = 'fixed' and f.question_id = q.id)
    left join question_versions v on v.question_id = q.id and v.version = q.current_version
    where s.assessment_id = ${assessmentId} and s.kind = 'random'
    group by s.id`,
  );
  return new Map(
    result.map((r) => [
      Number(r.slot),
      { available: Number(r.available), averagePoints: r.avg === null ? null : Number(r.avg) },
    ]),
  );
}

/** The pages with their slots, and what publishing would object to. */
export async function loadLayout(db: DbOrTx, assessmentId: number, organisationId: number) {
  const [pages, slots, draws] = await Promise.all([
    db
      .select()
      .from(assessmentPages)
      .where(eq(assessmentPages.assessmentId, assessmentId))
      .orderBy(asc(assessmentPages.position), asc(assessmentPages.id)),
    db
      .select({
        s: assessmentSlots,
        question: {
          id: questions.id,
          title: questions.title,
          type: questions.type,
          version: questions.currentVersion,
          status: questions.status,
        },
        points: sql<string | null>`(${questionVersions.definition}->>'points')`,
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
      .where(eq(assessmentSlots.assessmentId, assessmentId))
      .orderBy(asc(assessmentSlots.position), asc(assessmentSlots.id)),
    drawAvailability(db, assessmentId, organisationId),
  ]);
  let maxScore = 0;
  const problems: string[] = [];
  const byPage = new Map<number, TAssessmentSlot[]>(pages.map((p) => [p.id, []]));
  // Draws from the same category and tags share one pool: together they must find enough.
  const pools = new Map<string, { need: number[]; available: number; source: string }>();
  for (const { s, question, points, categoryName } of slots) {
    const draw = draws.get(s.id);
    const slot: TAssessmentSlot = {
      id: s.id,
      kind: s.kind,
      position: s.position,
      question:
        s.kind === 'fixed' && question
          ? { ...question, type: question.type as NonNullable<TAssessmentSlot['question']>['type'] }
          : null,
      category: s.categoryId === null ? null : { id: s.categoryId, name: categoryName ?? '' },
      tags: s.tags,
      draw_count: s.kind === 'fixed' ? 1 : s.drawCount,
      available: s.kind === 'random' ? (draw?.available ?? 0) : null,
      points: s.points,
    };
    byPage.get(s.pageId)?.push(slot);
    if (s.kind === 'fixed') {
      maxScore += s.points ?? Number(points ?? 0);
      if (question?.status === 'archived') {
        problems.push(`“${question.title}” is archived in the bank: take it off or restore it.`);
      }
    } else {
      maxScore += s.drawCount * (s.points ?? draw?.averagePoints ?? 0);
      const key = `${s.categoryId ?? ''}|${[...s.tags].sort().join('\u0000')}`;
      const pool = pools.get(key) ?? {
        need: [],
        available: draw?.available ?? 0,
        source: [
          s.categoryId === null ? null : `category “${categoryName ?? ''}”`,
          s.tags.length > 0 ? `tags ${s.tags.join(', ')}` : null,
        ]
          .filter(Boolean)
          .join(' and '),
      };
      pool.need.push(s.drawCount);
      pools.set(key, pool);
    }
  }
  for (const { need, available, source } of pools.values()) {
    const total = need.reduce((sum, n) => sum + n, 0);
    if (available >= total) continue;
    const found = `${available} active question${available === 1 ? '' : 's'} not placed in this assessment`;
    problems.push(
      need.length === 1
        ? `A random draw of ${total} from ${source} finds only ${found}.`
        : `Random draws of ${need.join(' + ')} from ${source} need ${total} questions and find only ${found}.`,
    );
  }
  if (slots.length === 0) problems.unshift('Add at least one question.');
  const outPages: TAssessmentPage[] = pages.map((p) => ({
    id: p.id,
    position: p.position,
    title: p.title,
    description: p.description,
    slots: byPage.get(p.id) ?? [],
  }));
  return { pages: outPages, maxScore: Math.round(maxScore * 100) / 100, problems };
}

/** What keeps the assessment from being published (empty when nothing does). */
export async function publishProblems(
  db: DbOrTx,
  a: { id: number; organisationId: number; courseId: number | null },
): Promise<string[]> {
  const [{ problems }, course] = await Promise.all([
    loadLayout(db, a.id, a.organisationId),
    courseProblem(db, a),
  ]);
  return [...problems, ...course];
}

/** The whole assessment for the editor (call after loadAssessmentFor has checked access). */
export async function assessmentDetail(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<TAssessmentDetail> {
  const [row] = await selectAssessmentRows(db).where(eq(assessments.id, id));
  if (!row) throw notFound(ASSESSMENT_NOT_FOUND);
  const a = row.a;
  const [counts, layout, messages, problems] = await Promise.all([
    countsFor(db, actor, [a.id]),
    loadLayout(db, a.id, a.organisationId),
    db
      .select({ min_percent: assessmentMessages.minPercent, message: assessmentMessages.message })
      .from(assessmentMessages)
      .where(eq(assessmentMessages.assessmentId, a.id))
      .orderBy(asc(assessmentMessages.minPercent)),
    courseProblem(db, a),
  ]);
  return {
    ...toSummary(actor, row, counts.get(a.id)!),
    instructions: a.instructions,
    settings: toSettings(a),
    pages: layout.pages,
    max_score: layout.maxScore,
    messages,
    publish_problems: [...layout.problems, ...problems],
  };
}

async function courseProblem(
  db: DbOrTx,
  a: { organisationId: number; courseId: number | null },
): Promise<string[]> {
  if (a.courseId === null) return [];
  const [course] = await db
    .select({ org: courses.organisationId })
    .from(courses)
    .where(eq(courses.id, a.courseId));
  return course?.org === a.organisationId
    ? []
    : ['Its course is not one of the organisation’s: choose another.'];
}
