import type {
  TBankQuestion,
  TBankQuestionDetail,
  TBankQuestionQuery,
  TQuestionDefinition,
} from '@atrium/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { type BoundedCount, boundedCount, COUNT_LIMIT } from '../../core/http/pagination.ts';
import { questionCategories, questions, questionVersions } from '../../schema/assessments.table.ts';
import { users } from '../../schema/users.table.ts';
import { bankItemAbilities, canEditBankItem, canSeeBankItem } from './assessments.policy.ts';

/**
 * Reading the bank: the loaders that turn the policy's "no" into 404/403, and the rows every
 * answer is built from (category name, current version and both people joined in one query, so
 * a page costs one query and its bounded count whatever its size).
 */

export type Question = typeof questions.$inferSelect;
export type QuestionVersion = typeof questionVersions.$inferSelect;

export const QUESTION_NOT_FOUND = 'Question not found.';

/** The question if the caller may see it; 404 otherwise, another organisation's included. */
export async function questionFor(
  db: DbOrTx,
  auth: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Question> {
  const query = db.select().from(questions).where(eq(questions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || !canSeeBankItem(auth, row)) throw notFound(QUESTION_NOT_FOUND);
  return row;
}

/** The question if the caller may change it: 404 when they cannot see it, 403 when they only see it. */
export async function editableQuestionFor(
  db: DbOrTx,
  auth: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Question> {
  const q = await questionFor(db, auth, id, options);
  if (!canEditBankItem(auth, q)) {
    throw forbidden('Only admins and the trainer who wrote this question can change it.');
  }
  return q;
}

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
type Person = Record<'id' | 'firstName' | 'lastName' | 'username', AnyPgColumn>;
const fullname = (u: Person) =>
  sql<
    string | null
  >`case when ${u.id} is null then null else coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username}) end`;

function selectQuestionRows(db: DbOrTx) {
  return db
    .select({
      question: questions,
      categoryName: questionCategories.name,
      usedAt: questionVersions.usedAt,
      definition: questionVersions.definition,
      creatorName: fullname(creator),
      updaterName: fullname(updater),
    })
    .from(questions)
    .innerJoin(
      questionVersions,
      and(
        eq(questionVersions.questionId, questions.id),
        eq(questionVersions.version, questions.currentVersion),
      ),
    )
    .leftJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
    .leftJoin(creator, eq(creator.id, questions.createdBy))
    .leftJoin(updater, eq(updater.id, questions.updatedBy));
}

type QuestionRow = Awaited<ReturnType<ReturnType<typeof selectQuestionRows>['where']>>[number];

function toQuestion(auth: Actor, r: QuestionRow): TBankQuestion {
  const q = r.question;
  return {
    id: q.id,
    type: q.type as TBankQuestion['type'],
    title: q.title,
    category: q.categoryId,
    category_name: r.categoryName,
    tags: q.tags,
    status: q.status,
    version: q.currentVersion,
    used: r.usedAt !== null,
    created_by: q.createdBy ? { id: q.createdBy, fullname: r.creatorName ?? '' } : null,
    updated_by: q.updatedBy ? { id: q.updatedBy, fullname: r.updaterName ?? '' } : null,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    // From the row in hand: a page's abilities cost no query per question.
    abilities: bankItemAbilities(auth, q),
  };
}

/** One question with its current definition (call after questionFor has checked access). */
export async function questionDetail(
  db: DbOrTx,
  auth: Actor,
  id: number,
): Promise<TBankQuestionDetail> {
  const [row] = await selectQuestionRows(db).where(eq(questions.id, id));
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return { ...toQuestion(auth, row), definition: row.definition as TQuestionDefinition };
}

const escapeLike = (s: string) => `%${s.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

/**
 * The bank of the organisation signed in to, a superadmin's too (each screen is one
 * organisation's). A category filter takes in its whole subtree.
 */
function listConditions(auth: Actor, f: TBankQuestionQuery): SQL | undefined {
  const c: (SQL | undefined)[] = [
    eq(questions.organisationId, auth.organisationId),
    eq(questions.status, f.status),
  ];
  if (f.type) c.push(eq(questions.type, f.type));
  if (f.tag) c.push(sql`${questions.tags} @> array[${f.tag}]::text[]`);
  if (f.category) {
    c.push(sql`${questions.categoryId} in (
      with recursive sub(id) as (
        select id from question_categories where id = ${f.category} and organisation_id = ${auth.organisationId}
        union select c.id from question_categories c join sub on c.parent_id = sub.id
      ) select id from sub)`);
  }
  if (f.search) {
    const needle = escapeLike(f.search);
    c.push(
      sql`(lower(${questions.title}) like ${needle} or lower(${questionVersions.stem}) like ${needle})`,
    );
  }
  return and(...c);
}

/** A page of the bank, newest change first (questions_org_status_updated_idx), and its total. */
export async function listQuestions(
  db: DbOrTx,
  auth: Actor,
  filter: TBankQuestionQuery,
  page: { limit: number; offset: number },
): Promise<{ count: BoundedCount; rows: TBankQuestion[] }> {
  const where = listConditions(auth, filter);
  const counted = db
    .select({ one: sql`1` })
    .from(questions)
    .innerJoin(
      questionVersions,
      and(
        eq(questionVersions.questionId, questions.id),
        eq(questionVersions.version, questions.currentVersion),
      ),
    )
    .where(where)
    .limit(COUNT_LIMIT)
    .as('bounded');
  const [rows, [total]] = await Promise.all([
    selectQuestionRows(db)
      .where(where)
      .orderBy(desc(questions.updatedAt), desc(questions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(counted),
  ]);
  return { count: boundedCount(total?.n ?? 0), rows: rows.map((r) => toQuestion(auth, r)) };
}

/** A question's versions, newest first, with their authors. */
export async function listVersions(
  db: DbOrTx,
  question: Question,
  page: { limit: number; offset: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ v: questionVersions, name: fullname(creator) })
      .from(questionVersions)
      .leftJoin(creator, eq(creator.id, questionVersions.createdBy))
      .where(eq(questionVersions.questionId, question.id))
      .orderBy(desc(questionVersions.version))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(questionVersions)
      .where(eq(questionVersions.questionId, question.id)),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map(({ v, name }) => ({
      version: v.version,
      definition: v.definition as TQuestionDefinition,
      used: v.usedAt !== null,
      current: v.version === question.currentVersion,
      created_by: v.createdBy ? { id: v.createdBy, fullname: name ?? '' } : null,
      created_at: v.createdAt.toISOString(),
    })),
  };
}
