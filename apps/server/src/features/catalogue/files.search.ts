import { ROLE, SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';

/**
 * The repository's rule (canUseRepository) as the repository list applies it: the admins and
 * trainers (a superadmin too) of the organisation signed in to; learners reach files only
 * through the course modules that use them, never by searching the library.
 */
function repositoryOf(actor: Actor): SQL {
  const staff = actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;
  return staff ? eq(repositoryFiles.organisationId, actor.organisationId) : sql`false`;
}

/**
 * Files of the catalogue's file repository in global search: the name (the only text a file
 * has here), its kind and size as the subtitle. It opens at the repository's tab of its kind
 * (/courses/course-media-detail/{kind}), where it can be downloaded, renamed or removed.
 */
export const fileSearch: SearchKindProvider = {
  kind: 'file',
  label: SEARCH_KIND_LABELS.file,
  version: 1,
  searchableBy: (auth) =>
    auth.isSuperadmin || auth.roleId === ROLE.ADMIN || auth.roleId === ROLE.TRAINER,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: repositoryFiles.id,
        organisationId: repositoryFiles.organisationId,
        name: repositoryFiles.name,
        kind: repositoryFiles.kind,
        size: repositoryFiles.size,
      })
      .from(repositoryFiles)
      .where(inArray(repositoryFiles.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.name,
      body: r.kind,
      subtitle: `${r.kind.toUpperCase()} · ${formatBytes(r.size)}`,
      href: `/courses/course-media-detail/${r.kind}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: repositoryFiles.id })
      .from(repositoryFiles)
      .where(gt(repositoryFiles.id, afterId))
      .orderBy(asc(repositoryFiles.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: repositoryFiles.id })
      .from(repositoryFiles)
      .where(and(inArray(repositoryFiles.id, [...ids]), repositoryOf(auth)));
    return new Set(rows.map((r) => r.id));
  },
};
