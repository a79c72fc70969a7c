import { COURSE_LEVELS, hasMarkup, PLAIN_TEXT_MESSAGE } from '@atrium/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { courseCategories, courseModules, courses } from '../../schema/courses.table.ts';
import { COURSE_SEARCH_KIND } from './catalogue.search.ts';
import type { CourseImportRow } from './course-import.parse.ts';

const REPORT_LIMIT = 200;
const BATCH = 1000;

type PlannedCourse = {
  title: string;
  categoryId: number | null;
  level: (typeof COURSE_LEVELS)[number];
  /** The row that set the level, if any did. */
  levelLine: number | null;
  description: string;
  modules: { title: string; description: string }[];
  firstLine: number;
};

/**
 * course_import_by_file_upload/: one row per module. Rows with the same
 * course title (any case) build one draft course; its category, level and
 * description come from its rows and must not disagree. Every row is checked
 * first; any error refuses the whole file with one report and nothing written.
 */
export async function importCourses(ctx: AppContext, auth: AuthContext, rows: CourseImportRow[]) {
  const organisationId = auth.organisationId;
  const categoryRows = await ctx.db
    .select({ id: courseCategories.id, name: courseCategories.name })
    .from(courseCategories)
    .where(eq(courseCategories.organisationId, organisationId));
  const categoryByName = new Map(categoryRows.map((c) => [c.name.toLowerCase(), c.id]));
  const titles = [
    ...new Set(rows.map((r) => r.course_title?.toLowerCase()).filter(Boolean)),
  ] as string[];
  const existing = new Set<string>();
  for (let i = 0; i < titles.length; i += 5000) {
    const found = await ctx.db
      .select({ t: sql<string>`lower(${courses.title})` })
      .from(courses)
      .where(
        sql`${courses.organisationId} = ${organisationId} and ${inArray(sql`lower(${courses.title})`, titles.slice(i, i + 5000))}`,
      );
    for (const f of found) existing.add(f.t);
  }

  const report: Record<string, string[]> = {};
  let bad = 0;
  const planned = new Map<string, PlannedCourse>();
  for (const row of rows) {
    const errs: string[] = [];
    const title = row.course_title ?? '';
    const key = title.toLowerCase();
    if (!title) errs.push('course_title: enter the course title.');
    else if (title.length > 200) errs.push('course_title: at most 200 characters.');
    else if (hasMarkup(title)) errs.push(`course_title: ${PLAIN_TEXT_MESSAGE}`);
    else if (existing.has(key)) errs.push(`course_title: a course '${title}' already exists.`);
    if (!row.module_title) errs.push('module_title: enter the module title.');
    else if (row.module_title.length > 200) errs.push('module_title: at most 200 characters.');
    else if (hasMarkup(row.module_title)) errs.push(`module_title: ${PLAIN_TEXT_MESSAGE}`);
    let categoryId: number | null = null;
    if (row.category) {
      categoryId = categoryByName.get(row.category.toLowerCase()) ?? null;
      if (categoryId === null)
        errs.push(`category: '${row.category}' does not exist in this organisation.`);
    }
    const level = row.level?.toLowerCase();
    if (level && !(COURSE_LEVELS as readonly string[]).includes(level))
      errs.push(`level: '${row.level}' is not a level (${COURSE_LEVELS.join(', ')}).`);
    if ((row.description?.length ?? 0) > 100_000) errs.push('description: too long.');
    if ((row.module_description?.length ?? 0) > 20_000) errs.push('module_description: too long.');
    // Same rule as the API: only the course description is rich text (sanitised below).
    else if (row.module_description && hasMarkup(row.module_description))
      errs.push(`module_description: ${PLAIN_TEXT_MESSAGE}`);

    const course = title ? planned.get(key) : undefined;
    if (course) {
      if (categoryId !== null && course.categoryId !== null && course.categoryId !== categoryId)
        errs.push(`category: differs from row ${course.firstLine} of the same course.`);
      if (level && course.levelLine !== null && course.level !== level)
        errs.push(`level: differs from row ${course.levelLine} of the same course.`);
    }
    if (errs.length > 0) {
      bad++;
      if (Object.keys(report).length < REPORT_LIMIT) report[`row ${row.line}`] = errs;
      continue;
    }
    const entry =
      course ??
      ({
        title,
        categoryId: null,
        level: 'beginner',
        levelLine: null,
        description: '',
        modules: [],
        firstLine: row.line,
      } satisfies PlannedCourse);
    entry.categoryId ??= categoryId;
    if (level && entry.levelLine === null) {
      entry.level = level as PlannedCourse['level'];
      entry.levelLine = row.line;
    }
    if (row.description && !entry.description)
      entry.description = sanitiseRichText(row.description);
    entry.modules.push({ title: row.module_title!, description: row.module_description ?? '' });
    planned.set(key, entry);
  }
  if (bad > 0) {
    const more = bad - Object.keys(report).length;
    throw badRequest(
      `${bad} of ${rows.length} rows have errors. Nothing was imported.`,
      more > 0 ? { ...report, more: [`${more} more rows have errors.`] } : report,
    );
  }

  const list = [...planned.values()];
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    for (let i = 0; i < list.length; i += BATCH) {
      const chunk = list.slice(i, i + BATCH);
      const ids = await tx
        .insert(courses)
        .values(
          chunk.map((c) => ({
            organisationId,
            title: c.title,
            categoryId: c.categoryId,
            level: c.level,
            description: c.description,
            createdBy: auth.userId,
          })),
        )
        .returning({ id: courses.id });
      emit('search.changed', { kind: COURSE_SEARCH_KIND, ids: ids.map((r) => r.id) });
      const mods = chunk.flatMap((c, k) =>
        c.modules.map((m, position) => ({
          courseId: ids[k]!.id,
          title: m.title,
          description: m.description,
          position: position + 1,
        })),
      );
      for (let j = 0; j < mods.length; j += BATCH)
        await tx.insert(courseModules).values(mods.slice(j, j + BATCH));
    }
  });
  const modules = list.reduce((n, c) => n + c.modules.length, 0);
  return {
    courses: list.length,
    modules,
    message: `${list.length} course${list.length === 1 ? '' : 's'} with ${modules} module${modules === 1 ? '' : 's'} imported as drafts.`,
  };
}
