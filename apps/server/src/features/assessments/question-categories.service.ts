import type {
  TQuestionCategory,
  TQuestionCategoryInput,
  TQuestionCategoryUpdate,
} from '@atrium/contract';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, forbidden, notFound } from '../../core/errors/app-error.ts';
import { questionCategories, questions } from '../../schema/assessments.table.ts';
import {
  bankItemAbilities,
  canAuthorQuestions,
  canEditBankItem,
  canSeeBankItem,
} from './assessments.policy.ts';

/**
 * The bank's categories: a tree per organisation, names unique among siblings (case aside). A
 * category that still holds questions or sub-categories is not deleted (409, naming how many),
 * so nothing in the bank is ever left without its place.
 */

type Category = typeof questionCategories.$inferSelect;
const NOT_FOUND = 'Category not found.';

async function categoryFor(db: DbOrTx, auth: Actor, id: number, edit: boolean) {
  const [row] = await db.select().from(questionCategories).where(eq(questionCategories.id, id));
  if (!row || !canSeeBankItem(auth, row)) throw notFound(NOT_FOUND);
  if (edit && !canEditBankItem(auth, row)) {
    throw forbidden('Only admins and the trainer who made this category can change it.');
  }
  return row;
}

// Drizzle writes a column of a one-table select unqualified ("id"), which inside this subquery
// would be the question's own id: the category's id is named with its table.
const questionCount = sql<number>`(select count(*)::int from questions q where q.category_id = ${questionCategories}.${sql.identifier(questionCategories.id.name)})`;

function toCategory(auth: Actor, c: Category, n: number): TQuestionCategory {
  return {
    id: c.id,
    name: c.name,
    parent: c.parentId,
    question_count: n,
    created_at: c.createdAt.toISOString(),
    abilities: bankItemAbilities(auth, c),
  };
}

async function categoryRow(db: DbOrTx, auth: Actor, id: number) {
  const [row] = await db
    .select({ c: questionCategories, n: questionCount })
    .from(questionCategories)
    .where(eq(questionCategories.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toCategory(auth, row.c, row.n);
}

/** The parent, when one is named: a category of the same organisation. */
async function assertParent(db: DbOrTx, organisationId: number, parentId: number | null) {
  if (parentId === null) return;
  const [row] = await db
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(
      and(
        eq(questionCategories.id, parentId),
        eq(questionCategories.organisationId, organisationId),
      ),
    );
  if (!row) throw fieldError('parent', 'Choose a category of your organisation’s bank.');
}

/** Names are unique among siblings; checked first for a clear answer, the unique index holds. */
async function assertFreeName(
  db: DbOrTx,
  organisationId: number,
  parentId: number | null,
  name: string,
  except?: number,
) {
  const c: (SQL | undefined)[] = [
    eq(questionCategories.organisationId, organisationId),
    parentId === null
      ? isNull(questionCategories.parentId)
      : eq(questionCategories.parentId, parentId),
    sql`lower(${questionCategories.name}) = lower(${name})`,
    except ? ne(questionCategories.id, except) : undefined,
  ];
  const [row] = await db
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(and(...c));
  if (row) throw conflict('A category of this name already exists here.');
}

/** Whether `candidate` is `id` or lies under it (a move there would make a cycle). */
async function isWithin(db: DbOrTx, id: number, candidate: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(
      and(
        eq(questionCategories.id, candidate),
        sql`${questionCategories.id} in (
          with recursive sub(id) as (
            select ${id}::int union select c.id from question_categories c join sub on c.parent_id = sub.id
          ) select id from sub)`,
      ),
    );
  return row !== undefined;
}

export const questionCategoriesService = {
  async list(
    db: DbOrTx,
    auth: Actor,
    parent: number | null | undefined,
    page: { limit: number; offset: number },
  ) {
    if (!canAuthorQuestions(auth)) throw forbidden('The question bank is for admins and trainers.');
    const where = and(
      eq(questionCategories.organisationId, auth.organisationId),
      parent === undefined
        ? undefined
        : parent === null
          ? isNull(questionCategories.parentId)
          : eq(questionCategories.parentId, parent),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ c: questionCategories, n: questionCount })
        .from(questionCategories)
        .where(where)
        .orderBy(asc(sql`lower(${questionCategories.name})`), asc(questionCategories.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(questionCategories).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows.map((r) => toCategory(auth, r.c, r.n)) };
  },

  async create(ctx: AppContext, auth: AuthContext, input: TQuestionCategoryInput) {
    if (!canAuthorQuestions(auth)) throw forbidden('Only admins and trainers make categories.');
    const parent = input.parent ?? null;
    await assertParent(ctx.db, auth.organisationId, parent);
    await assertFreeName(ctx.db, auth.organisationId, parent, input.name);
    const [row] = await ctx.db
      .insert(questionCategories)
      .values({
        organisationId: auth.organisationId,
        parentId: parent,
        name: input.name,
        createdBy: auth.userId,
      })
      .returning({ id: questionCategories.id });
    return categoryRow(ctx.db, auth, row!.id);
  },

  async update(ctx: AppContext, auth: AuthContext, id: number, input: TQuestionCategoryUpdate) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const c = await categoryFor(tx, auth, id, true);
      const parent = input.parent !== undefined ? input.parent : c.parentId;
      if (input.parent !== undefined && parent !== null) {
        // Moves in one organisation's tree take turns: two moves checked at once could each see
        // no cycle and together make one (A under B, B under A).
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('question_categories.tree'), ${c.organisationId})`,
        );
        await assertParent(tx, c.organisationId, parent);
        if (await isWithin(tx, c.id, parent)) {
          throw fieldError('parent', 'A category cannot move under itself or its sub-categories.');
        }
      }
      const name = input.name ?? c.name;
      await assertFreeName(tx, c.organisationId, parent, name, c.id);
      await tx
        .update(questionCategories)
        .set({ name, parentId: parent })
        .where(eq(questionCategories.id, c.id));
    });
    return categoryRow(ctx.db, auth, id);
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const c = await categoryFor(tx, auth, id, true);
      const [held] = await tx
        .select({ n: count() })
        .from(questions)
        .where(eq(questions.categoryId, c.id));
      if ((held?.n ?? 0) > 0) {
        throw conflict(`This category holds ${held!.n} question(s); move or delete them first.`);
      }
      const [children] = await tx
        .select({ n: count() })
        .from(questionCategories)
        .where(eq(questionCategories.parentId, c.id));
      if ((children?.n ?? 0) > 0) {
        throw conflict(`This category holds ${children!.n} sub-categories; delete them first.`);
      }
      await tx.delete(questionCategories).where(eq(questionCategories.id, c.id));
      await recordAudit(tx, {
        action: 'question_category.deleted',
        actorId: auth.userId,
        organisationId: c.organisationId,
        ip,
        details: { category: c.id, name: c.name },
      });
    });
  },
};
