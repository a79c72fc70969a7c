import type { TCategory } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, notFound } from '../../core/errors/app-error.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { courseCategories, courses } from '../../schema/courses.table.ts';
import { imageVersion } from './catalogue.repository.ts';
import { COURSE_SEARCH_KIND } from './catalogue.search.ts';

type Category = typeof courseCategories.$inferSelect;

const courseCount = sql<number>`(select count(*)::int from courses c where c.category_id = "course_categories"."id")`;

function toCategory(c: Category, count: number): TCategory {
  return {
    id: c.id,
    organization: c.organisationId,
    name: c.name,
    description: c.description ?? '',
    image: c.imageKey
      ? `/api/courses/categories/${c.id}/image/?v=${imageVersion(c.imageKey)}`
      : null,
    course_count: count,
    created_at: c.createdAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
const duplicate = () => conflict('A category with this name already exists.');

/** A category of the caller's organisation (superadmin: any); 404 otherwise. */
export async function categoryFor(db: DbOrTx, auth: AuthContext, id: number): Promise<Category> {
  const [row] = await db.select().from(courseCategories).where(eq(courseCategories.id, id));
  if (!row || (!auth.isSuperadmin && row.organisationId !== auth.organisationId))
    throw notFound('Category not found.');
  return row;
}

async function one(db: DbOrTx, id: number): Promise<TCategory> {
  const [row] = await db
    .select({ c: courseCategories, n: courseCount })
    .from(courseCategories)
    .where(eq(courseCategories.id, id));
  return toCategory(row!.c, row!.n);
}

export const categories = {
  /** One category of the caller's organisation (superadmin: any). */
  async get(ctx: AppContext, auth: AuthContext, id: number): Promise<TCategory> {
    await categoryFor(ctx.db, auth, id);
    return one(ctx.db, id);
  },

  async list(
    ctx: AppContext,
    auth: AuthContext,
    search: string | undefined,
    page: { limit: number; offset: number },
  ) {
    const where = and(
      eq(courseCategories.organisationId, auth.organisationId),
      search
        ? sql`lower(${courseCategories.name}) like ${`%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ c: courseCategories, n: courseCount })
        .from(courseCategories)
        .where(where)
        .orderBy(asc(sql`lower(${courseCategories.name})`), asc(courseCategories.id))
        .limit(page.limit)
        .offset(page.offset),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(courseCategories).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows.map((r) => toCategory(r.c, r.n)) };
  },

  async create(
    ctx: AppContext,
    auth: AuthContext,
    input: { name: string; description: string },
    image?: StoredFile,
  ) {
    try {
      const [row] = await ctx.db
        .insert(courseCategories)
        .values({
          organisationId: auth.organisationId,
          name: input.name,
          description: input.description,
          imageKey: image?.key ?? null,
        })
        .returning({ id: courseCategories.id });
      return one(ctx.db, row!.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: { name?: string; description?: string; remove_image?: boolean },
    image?: StoredFile,
  ) {
    const current = await categoryFor(ctx.db, auth, id);
    const set: Partial<typeof courseCategories.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (image) set.imageKey = image.key;
    else if (input.remove_image) set.imageKey = null;
    if (Object.keys(set).length > 0) {
      try {
        await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
          await tx.update(courseCategories).set(set).where(eq(courseCategories.id, id));
          // Its courses are found by the category's name too.
          if (set.name !== undefined && set.name !== current.name) {
            const used = await tx
              .select({ id: courses.id })
              .from(courses)
              .where(eq(courses.categoryId, id));
            if (used.length > 0)
              emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: used.map((c) => c.id) });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
      if (current.imageKey && set.imageKey !== undefined) await ctx.files.delete(current.imageKey);
    }
    return one(ctx.db, id);
  },

  /** Refused while courses use it, naming how many. */
  async remove(ctx: AppContext, auth: AuthContext, id: number) {
    const current = await categoryFor(ctx.db, auth, id);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courses)
      .where(eq(courses.categoryId, id));
    const n = row?.n ?? 0;
    if (n > 0) {
      throw conflict(
        `This category is used by ${n} course${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another category first.`,
      );
    }
    // A course added meanwhile makes the restrict FK refuse; the error handler answers 409.
    await ctx.db.delete(courseCategories).where(eq(courseCategories.id, id));
    if (current.imageKey) await ctx.files.delete(current.imageKey);
  },
};
