import { ROLE, type TLearningPath, type TLearningPathProgress } from '@atrium/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { courseCategories } from '../../schema/courses.table.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { users } from '../../schema/users.table.ts';
import { canManagePath, canSeePath, pathAbilities } from './learning-paths.policy.ts';

/**
 * Reading paths: the loaders that turn the policy's "no" into 404/403, the policy as SQL for the
 * lists, and the row every answer is built from (counts and the caller's enrolment in the same
 * query, so a page costs one query whatever its size).
 */

export type Path = typeof learningPaths.$inferSelect;
export type PathEnrolment = typeof learningPathEnrolments.$inferSelect;

export const PATH_NOT_FOUND = 'Learning path not found.';

/**
 * The path and the caller's enrolment in it (null when none) if the caller may see it; 404
 * otherwise, another organisation's included (no probing). `lock` holds the path row until the
 * transaction ends, for a use case whose checks must not be overtaken.
 */
export async function pathFor(
  db: DbOrTx,
  auth: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<{ path: Path; enrolment: PathEnrolment | null }> {
  const query = db
    .select({ path: learningPaths, enrolment: learningPathEnrolments })
    .from(learningPaths)
    .leftJoin(
      learningPathEnrolments,
      and(
        eq(learningPathEnrolments.pathId, learningPaths.id),
        eq(learningPathEnrolments.userId, auth.userId),
      ),
    )
    .where(eq(learningPaths.id, id));
  const [row] = options.lock ? await query.for('update', { of: learningPaths }) : await query;
  if (!row || !canSeePath(auth, row.path, row.enrolment !== null)) throw notFound(PATH_NOT_FOUND);
  return row;
}

/** The path if the caller manages it: 404 when they cannot see it, 403 when they see but may not manage it. */
export async function managedPathFor(
  db: DbOrTx,
  auth: Actor,
  id: number,
  options: { lock?: boolean; refusal?: string } = {},
): Promise<Path> {
  const { path } = await pathFor(db, auth, id, options);
  if (!canManagePath(auth, path)) {
    throw forbidden(options.refusal ?? "Only the learning path's managers can do this.");
  }
  return path;
}

const enrolledSql = (auth: Actor) =>
  sql`exists (select 1 from ${learningPathEnrolments} e where e.path_id = "learning_paths"."id" and e.user_id = ${auth.userId})`;

/** canManagePath() as SQL over `learning_paths`. */
export function managedPathsBy(auth: Actor): SQL | undefined {
  if (auth.isSuperadmin) return undefined;
  if (auth.roleId === ROLE.ADMIN) return eq(learningPaths.organisationId, auth.organisationId);
  if (auth.roleId === ROLE.TRAINER) {
    return and(
      eq(learningPaths.organisationId, auth.organisationId),
      eq(learningPaths.createdBy, auth.userId),
    );
  }
  return sql`false`;
}

/** canSeePath() as SQL over `learning_paths`. */
export function visiblePathsTo(auth: Actor): SQL | undefined {
  if (auth.isSuperadmin) return undefined;
  const enrolled = enrolledSql(auth);
  return sql`(${managedPathsBy(auth)} or (${learningPaths.organisationId} = ${auth.organisationId}
    and (${learningPaths.status} = 'published' or (${learningPaths.status} = 'archived' and ${enrolled}))
    and (${learningPaths.visibility} = 'organisation' or ${enrolled})))`;
}

/** A stored image's version: its key is new with every upload, so caches never show a stale one. */
export const pathImageUrl = (p: { id: number; imageKey: string | null }) =>
  p.imageKey
    ? `/api/v1/learning-path/${p.id}/image/?v=${p.imageKey.split('/').pop()!.slice(0, 8)}`
    : null;

/**
 * Where a learner stands in a path, from their enrolment row: requested, completed, overdue
 * (enrolled and past the due date), in progress (something done) or not started.
 */
export function pathEnrolmentState(e: PathEnrolment, now = new Date()): TLearningPathProgress {
  if (e.status === 'requested') return 'requested';
  if (e.status === 'completed') return 'completed';
  if (e.dueAt && e.dueAt < now) return 'overdue';
  return e.progressPercent > 0 || e.completedItems > 0 ? 'in_progress' : 'not_started';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Correlated counts on the row's own indexes (items by path, enrolments by path and status,
// reviews by path): one query for a whole page.
const itemCount = sql<number>`(select count(*)::int from learning_path_items i where i.path_id = "learning_paths"."id")`;
const enrolledCount = sql<number>`(select count(*)::int from learning_path_enrolments e where e.path_id = "learning_paths"."id" and e.status in ('enrolled', 'completed'))`;
const rating = sql<
  string | null
>`(select round(avg(r.rating), 1)::text from learning_path_reviews r where r.path_id = "learning_paths"."id")`;
/** estimated_minutes left empty: the sum of the courses' durations. */
const courseMinutes = sql<
  number | null
>`(select sum(c.duration_minutes)::int from learning_path_items i join courses c on c.id = i.course_id where i.path_id = "learning_paths"."id")`;

export function selectPathRows(db: DbOrTx, auth: Actor) {
  return db
    .select({
      path: learningPaths,
      categoryName: courseCategories.name,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorUsername: users.username,
      itemCount,
      enrolledCount,
      rating,
      courseMinutes,
      mine: learningPathEnrolments,
    })
    .from(learningPaths)
    .leftJoin(courseCategories, eq(courseCategories.id, learningPaths.categoryId))
    .leftJoin(users, eq(users.id, learningPaths.createdBy))
    .leftJoin(
      learningPathEnrolments,
      and(
        eq(learningPathEnrolments.pathId, learningPaths.id),
        eq(learningPathEnrolments.userId, auth.userId),
      ),
    );
}

export type PathRow = Awaited<ReturnType<ReturnType<typeof selectPathRows>['where']>>[number];

export function toPath(auth: Actor, r: PathRow, now = new Date()): TLearningPath {
  const p = r.path;
  const fullname =
    `${r.creatorFirst ?? ''} ${r.creatorLast ?? ''}`.trim() || (r.creatorUsername ?? '');
  return {
    id: p.id,
    organization: p.organisationId,
    title: p.title,
    description: p.description,
    image: pathImageUrl(p),
    category: p.categoryId ? { id: p.categoryId, name: r.categoryName ?? '' } : null,
    status: p.status,
    visibility: p.visibility,
    enrolment: p.enrolment,
    strict_sequence: p.strictSequence,
    estimated_minutes: p.estimatedMinutes ?? r.courseMinutes ?? null,
    due_mode: p.dueMode,
    due_at: iso(p.dueAt),
    due_days: p.dueDays,
    due_soon_days: p.dueSoonDays,
    validity_months: p.validityMonths,
    cpd_hours: p.cpdHours === null ? null : Number(p.cpdHours),
    item_count: r.itemCount,
    enrolled_count: r.enrolledCount,
    rating: r.rating === null ? null : Number(r.rating),
    created_by: p.createdBy ? { id: p.createdBy, fullname } : null,
    created_at: p.createdAt.toISOString(),
    published_at: iso(p.publishedAt),
    mine: r.mine
      ? {
          id: r.mine.id,
          state: pathEnrolmentState(r.mine, now),
          progress_percent: r.mine.progressPercent,
          enrolled_at: iso(r.mine.enrolledAt),
          due_at: iso(r.mine.dueAt),
          completed_at: iso(r.mine.completedAt),
          expires_at: iso(r.mine.expiresAt),
        }
      : null,
    // From the row in hand: a page's abilities cost no query per path.
    abilities: pathAbilities(auth, p, r.mine?.status ?? null),
  };
}

/** One path as the caller sees it (call after pathFor or managedPathFor has checked access). */
export async function pathRow(db: DbOrTx, auth: AuthContext, id: number): Promise<TLearningPath> {
  const [row] = await selectPathRows(db, auth).where(eq(learningPaths.id, id));
  if (!row) throw notFound(PATH_NOT_FOUND);
  return toPath(auth, row);
}

export type PathScope = 'catalogue' | 'mine' | 'manage';

export interface PathFilter {
  scope: PathScope;
  search?: string;
  status?: Path['status'];
  category?: number;
}

/**
 * The lists stay within the organisation signed in to, a superadmin's too: each screen is one
 * organisation's (the superadmin reaches another one's paths by signing in to it).
 */
function listConditions(auth: Actor, f: PathFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(learningPaths.organisationId, auth.organisationId)];
  if (f.scope === 'catalogue') {
    c.push(eq(learningPaths.status, 'published'), visiblePathsTo(auth));
  } else if (f.scope === 'mine') {
    // Any enrolment row: requested, enrolled or completed (a removed learner has none).
    c.push(enrolledSql(auth));
  } else {
    c.push(managedPathsBy(auth));
  }
  if (f.search) {
    const needle = `%${f.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    c.push(sql`lower(${learningPaths.title}) like ${needle}`);
  }
  if (f.status) c.push(eq(learningPaths.status, f.status));
  if (f.category) c.push(eq(learningPaths.categoryId, f.category));
  return and(...c);
}

/** A page of paths (learning_paths_org_status_created_idx narrows to the organisation) and the total. */
export async function listPaths(
  db: DbOrTx,
  auth: AuthContext,
  filter: PathFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TLearningPath[] }> {
  const where = listConditions(auth, filter);
  const [rows, [total]] = await Promise.all([
    selectPathRows(db, auth)
      .where(where)
      .orderBy(desc(learningPaths.createdAt), desc(learningPaths.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(learningPaths).where(where),
  ]);
  const now = new Date();
  return { count: total?.n ?? 0, rows: rows.map((r) => toPath(auth, r, now)) };
}
