import { permittedPaths } from '@atrium/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import { searchTextOfHtml } from '../../core/search-provider.ts';
import { courseCategories } from '../../schema/courses.table.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { canManagePath, canSeePath } from './learning-paths.policy.ts';

/**
 * Learning paths in global search (issue 23): found by title, description and category; shown
 * to whoever may open the path (canSeePath, pathFor's rule) and has the /learning-path menu its
 * pages check.
 */
export const PATH_SEARCH_KIND = 'learning_path';

export const learningPathSearch: SearchKindProvider = {
  kind: PATH_SEARCH_KIND,
  label: 'Learning paths',
  version: 1,
  searchableBy: (auth) => permittedPaths(auth.menu).has('/learning-path'),
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: learningPaths.id,
        organisationId: learningPaths.organisationId,
        title: learningPaths.title,
        description: learningPaths.description,
        category: courseCategories.name,
      })
      .from(learningPaths)
      .leftJoin(courseCategories, eq(courseCategories.id, learningPaths.categoryId))
      .where(inArray(learningPaths.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.title,
      body: [searchTextOfHtml(r.description), r.category ?? ''].join(' ').trim(),
      subtitle: r.category,
      href: `/learning-path/learner/learning-path/${r.id}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: learningPaths.id })
      .from(learningPaths)
      .where(gt(learningPaths.id, afterId))
      .orderBy(asc(learningPaths.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    const rows = await pathFacts(ctx.db, auth, ids);
    return new Set(
      rows.filter((p) => canSeePath(auth, p, p.enrolmentId !== null)).map((p) => p.id),
    );
  },
  // Its managers open the editor; everyone else the learner's page (the document's href).
  async hrefs(ctx, auth, ids) {
    const rows = await pathFacts(ctx.db, auth, ids);
    return new Map(
      rows.filter((p) => canManagePath(auth, p)).map((p) => [p.id, `/learning-path/${p.id}`]),
    );
  },
};

/** What the path rules read, with the caller's enrolment, for these paths: one query. */
async function pathFacts(db: DbOrTx, auth: AuthContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: learningPaths.id,
      organisationId: learningPaths.organisationId,
      createdBy: learningPaths.createdBy,
      status: learningPaths.status,
      visibility: learningPaths.visibility,
      enrolment: learningPaths.enrolment,
      enrolmentId: learningPathEnrolments.id,
    })
    .from(learningPaths)
    .leftJoin(
      learningPathEnrolments,
      and(
        eq(learningPathEnrolments.pathId, learningPaths.id),
        eq(learningPathEnrolments.userId, auth.userId),
      ),
    )
    .where(inArray(learningPaths.id, [...ids]));
}
