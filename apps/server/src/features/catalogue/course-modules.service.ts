import { needsAdminApproval, type TModule } from '@atrium/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { fieldError, notFound } from '../../core/errors/app-error.ts';
import { courseModules, moduleFiles, repositoryFiles } from '../../schema/courses.table.ts';
import { assertCourseChange, courseFor, editableCourseFor, lockedCourse } from './course-access.ts';

const MODULE_NOT_FOUND = 'Could not get course module';
export const fileUrl = (id: number) => `/api/courses/file-repo/${id}/download/`;

/** The modules of a course (or one module) with their files, both in order. */
export async function modulesWithFiles(
  db: DbOrTx,
  courseId: number,
  moduleId?: number,
): Promise<TModule[]> {
  const mods = await db
    .select()
    .from(courseModules)
    .where(
      moduleId
        ? and(eq(courseModules.courseId, courseId), eq(courseModules.id, moduleId))
        : eq(courseModules.courseId, courseId),
    )
    .orderBy(asc(courseModules.position), asc(courseModules.id));
  if (mods.length === 0) return [];
  const items = await db
    .select({ item: moduleFiles, file: repositoryFiles })
    .from(moduleFiles)
    .innerJoin(repositoryFiles, eq(repositoryFiles.id, moduleFiles.fileId))
    .where(
      inArray(
        moduleFiles.moduleId,
        mods.map((m) => m.id),
      ),
    )
    .orderBy(asc(moduleFiles.position), asc(moduleFiles.id));
  return mods.map((m) => ({
    id: m.id,
    course: m.courseId,
    title: m.title,
    description: m.description,
    position: m.position,
    files: items
      .filter((i) => i.item.moduleId === m.id)
      .map(({ item, file }) => ({
        id: item.id,
        file: fileUrl(file.id),
        sco_id: item.scoId,
        name: file.name,
        file_id: file.id,
        kind: file.kind,
        content_type: file.contentType,
        size: file.size,
        position: item.position,
        required: item.required,
      })),
  }));
}

async function moduleById(db: DbOrTx, id: number) {
  const [m] = await db.select().from(courseModules).where(eq(courseModules.id, id));
  if (!m) throw notFound(MODULE_NOT_FOUND);
  return m;
}

/** The module if the caller may see its course (404 otherwise, as for the course). */
async function visibleModule(db: DbOrTx, auth: AuthContext, id: number) {
  const m = await moduleById(db, id);
  await courseFor(db, auth, m.courseId).catch(() => {
    throw notFound(MODULE_NOT_FOUND);
  });
  return m;
}

async function editableModule(db: DbOrTx, auth: AuthContext, id: number) {
  const m = await moduleById(db, id);
  const course = await editableCourseFor(db, auth, m.courseId);
  return { module: m, course };
}

/** The same set of ids, each once: otherwise a reorder would lose or duplicate rows. */
function assertPermutation(order: number[], existing: number[], what: string) {
  const given = new Set(order);
  if (
    given.size !== order.length ||
    given.size !== existing.length ||
    existing.some((id) => !given.has(id))
  ) {
    throw fieldError(
      'order',
      `List every ${what} of this ${what === 'module' ? 'course' : 'module'} exactly once.`,
    );
  }
}

/**
 * A module or file added to a course: refused to a trainer on a published
 * course (checked on the locked course row, so a concurrent publication
 * cannot slip in between), and audited when an admin adds it in place of the
 * approval (issue 14).
 */
async function checkContentAdded(
  tx: DbOrTx,
  auth: AuthContext,
  courseId: number,
  ip: string | undefined,
  what: Record<string, unknown>,
) {
  const course = await lockedCourse(tx, courseId);
  assertCourseChange(auth, course, 'add_content');
  if (needsAdminApproval(course.status, 'add_content'))
    await recordAudit(tx, {
      action: 'course.content_added',
      actorId: auth.userId,
      organisationId: course.organisationId,
      ip,
      details: { course: courseId, title: course.title, status: course.status, ...what },
    });
}

const touch = (db: DbOrTx, courseId: number) =>
  db.execute(sql`update courses set updated_at = now() where id = ${courseId}`);

export const courseModulesService = {
  async list(ctx: AppContext, auth: AuthContext, courseId: number) {
    await courseFor(ctx.db, auth, courseId);
    return modulesWithFiles(ctx.db, courseId);
  },

  async get(ctx: AppContext, auth: AuthContext, id: number) {
    const m = await visibleModule(ctx.db, auth, id);
    return (await modulesWithFiles(ctx.db, m.courseId, m.id))[0]!;
  },

  async create(
    ctx: AppContext,
    auth: AuthContext,
    courseId: number,
    input: { title: string; description: string },
    ip?: string,
  ) {
    const course = await editableCourseFor(ctx.db, auth, courseId);
    assertCourseChange(auth, course, 'add_content');
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      // Locking the course also serialises appends, so two never take the same position.
      await checkContentAdded(tx, auth, courseId, ip, { module_title: input.title });
      const [next] = await tx
        .select({ p: sql<number>`coalesce(max(${courseModules.position}), 0)::int + 1` })
        .from(courseModules)
        .where(eq(courseModules.courseId, courseId));
      const [row] = await tx
        .insert(courseModules)
        .values({ courseId, title: input.title, description: input.description, position: next!.p })
        .returning({ id: courseModules.id });
      await touch(tx, courseId);
      return row!.id;
    });
    return (await modulesWithFiles(ctx.db, courseId, id))[0]!;
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: { title?: string; description?: string },
  ) {
    const { module: m } = await editableModule(ctx.db, auth, id);
    if (Object.keys(input).length > 0) {
      await ctx.db.update(courseModules).set(input).where(eq(courseModules.id, id));
      await touch(ctx.db, m.courseId);
    }
    return (await modulesWithFiles(ctx.db, m.courseId, id))[0]!;
  },

  async reorder(ctx: AppContext, auth: AuthContext, courseId: number, order: number[]) {
    await editableCourseFor(ctx.db, auth, courseId);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await tx.execute(sql`select id from courses where id = ${courseId} for update`);
      const existing = await tx
        .select({ id: courseModules.id })
        .from(courseModules)
        .where(eq(courseModules.courseId, courseId));
      assertPermutation(
        order,
        existing.map((e) => e.id),
        'module',
      );
      for (const [i, moduleId] of order.entries())
        await tx
          .update(courseModules)
          .set({ position: i + 1 })
          .where(eq(courseModules.id, moduleId));
      await touch(tx, courseId);
    });
    return modulesWithFiles(ctx.db, courseId);
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number) {
    const { module: m } = await editableModule(ctx.db, auth, id);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await tx.delete(courseModules).where(eq(courseModules.id, id));
      // Close the gap so positions stay 1..n.
      await tx.execute(
        sql`update course_modules set position = position - 1 where course_id = ${m.courseId} and position > ${m.position}`,
      );
      await touch(tx, m.courseId);
    });
  },

  async attachFile(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: { file: number; required: boolean; sco_id: string | null },
    ip?: string,
  ) {
    const { module: m, course } = await editableModule(ctx.db, auth, id);
    assertCourseChange(auth, course, 'add_content');
    const [file] = await ctx.db
      .select()
      .from(repositoryFiles)
      .where(
        and(
          eq(repositoryFiles.id, input.file),
          eq(repositoryFiles.organisationId, course.organisationId),
        ),
      );
    if (!file)
      throw fieldError('file', 'Choose a file from the file repository of this organisation.');
    if (input.sco_id && file.kind !== 'scorm')
      throw fieldError('sco_id', 'Only a SCORM package has SCOs.');
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await checkContentAdded(tx, auth, m.courseId, ip, {
        module: id,
        file: file.id,
        name: file.name,
        kind: file.kind,
      });
      await tx.execute(sql`select id from course_modules where id = ${id} for update`);
      const [next] = await tx
        .select({ p: sql<number>`coalesce(max(${moduleFiles.position}), 0)::int + 1` })
        .from(moduleFiles)
        .where(eq(moduleFiles.moduleId, id));
      await tx.insert(moduleFiles).values({
        moduleId: id,
        fileId: file.id,
        position: next!.p,
        required: input.required,
        scoId: input.sco_id,
      });
      await touch(tx, m.courseId);
    });
    return (await modulesWithFiles(ctx.db, m.courseId, id))[0]!;
  },

  async reorderFiles(ctx: AppContext, auth: AuthContext, id: number, order: number[]) {
    const { module: m } = await editableModule(ctx.db, auth, id);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await tx.execute(sql`select id from course_modules where id = ${id} for update`);
      const existing = await tx
        .select({ id: moduleFiles.id })
        .from(moduleFiles)
        .where(eq(moduleFiles.moduleId, id));
      assertPermutation(
        order,
        existing.map((e) => e.id),
        'file',
      );
      for (const [i, itemId] of order.entries())
        await tx
          .update(moduleFiles)
          .set({ position: i + 1 })
          .where(eq(moduleFiles.id, itemId));
      await touch(tx, m.courseId);
    });
    return (await modulesWithFiles(ctx.db, m.courseId, id))[0]!;
  },

  /**
   * Whether a file counts towards completion. Learners' course status follows at their next
   * progress report; a completion already recorded stays (it is history).
   */
  async updateFile(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    itemId: number,
    input: { required: boolean },
  ) {
    const { module: m } = await editableModule(ctx.db, auth, id);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [changed] = await tx
        .update(moduleFiles)
        .set({ required: input.required })
        .where(and(eq(moduleFiles.id, itemId), eq(moduleFiles.moduleId, id)))
        .returning({ id: moduleFiles.id });
      if (!changed) throw notFound('This file is not in the module.');
      await touch(tx, m.courseId);
    });
    return (await modulesWithFiles(ctx.db, m.courseId, id))[0]!;
  },

  async detachFile(ctx: AppContext, auth: AuthContext, id: number, itemId: number) {
    const { module: m } = await editableModule(ctx.db, auth, id);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [gone] = await tx
        .delete(moduleFiles)
        .where(and(eq(moduleFiles.id, itemId), eq(moduleFiles.moduleId, id)))
        .returning();
      if (!gone) throw notFound('This file is not in the module.');
      await tx.execute(
        sql`update module_files set position = position - 1 where module_id = ${id} and position > ${gone.position}`,
      );
      await touch(tx, m.courseId);
    });
    return (await modulesWithFiles(ctx.db, m.courseId, id))[0]!;
  },
};
