import { permittedPaths } from '@atrium/contract';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import { searchTextOfHtml } from '../../core/search-provider.ts';
import { courseCategories, courses } from '../../schema/courses.table.ts';
import { canSee } from './catalogue.policy.ts';

/**
 * Courses in global search (issue 23): found by title, description, tags and category; shown to
 * whoever may open the course page (canSee, the rule courseFor applies). The catalogue's
 * writes emit `search.changed` for `course` (create, edit, status, delete, import).
 */
export const COURSE_SEARCH_KIND = 'course';

export const courseSearch: SearchKindProvider = {
  kind: COURSE_SEARCH_KIND,
  label: 'Courses',
  version: 1,
  // The course pages (spec §2 (perm)) check the /courses menu entry.
  searchableBy: (auth) => permittedPaths(auth.menu).has('/courses'),
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: courses.id,
        organisationId: courses.organisationId,
        title: courses.title,
        description: courses.description,
        tags: courses.tags,
        category: courseCategories.name,
      })
      .from(courses)
      .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
      .where(inArray(courses.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.title,
      body: [searchTextOfHtml(r.description), r.tags.join(' '), r.category ?? ''].join(' ').trim(),
      subtitle: r.category,
      href: `/courses/course-detail/${r.id}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: courses.id })
      .from(courses)
      .where(gt(courses.id, afterId))
      .orderBy(asc(courses.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({
        id: courses.id,
        organisationId: courses.organisationId,
        status: courses.status,
        visibility: courses.visibility,
        createdBy: courses.createdBy,
        selfEnrol: courses.selfEnrol,
      })
      .from(courses)
      .where(inArray(courses.id, [...ids]));
    return new Set(rows.filter((c) => canSee(auth, c)).map((c) => c.id));
  },
};
