import { ROLE, type TCourse } from '@atrium/contract';
import { and, arrayContains, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { courseCategories, courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { canEdit, canSee, courseAbilities } from './catalogue.policy.ts';
import type { Course } from './course-access.ts';

/** A stored image's version: its key is new with every upload, so caches never show a stale one. */
export const imageVersion = (key: string) => key.split('/').pop()!.slice(0, 8);

export const courseImageUrl = (c: { id: number; imageKey: string | null }) =>
  c.imageKey ? `/api/courses/${c.id}/image/?v=${imageVersion(c.imageKey)}` : null;

/** canSee() of catalogue.policy.ts as SQL, so lists filter in the database. */
export function visibleTo(auth: AuthContext): SQL | undefined {
  if (auth.isSuperadmin) return undefined;
  const shared = and(eq(courses.visibility, 'catalogue'), eq(courses.status, 'published'));
  const mine = eq(courses.organisationId, auth.organisationId);
  let own: SQL | undefined;
  if (auth.roleId === ROLE.ADMIN) own = mine;
  else if (auth.roleId === ROLE.TRAINER)
    own = and(mine, or(ne(courses.status, 'draft'), eq(courses.createdBy, auth.userId)));
  else own = and(mine, eq(courses.status, 'published'));
  return or(own, shared);
}

/** canManage() of catalogue.policy.ts as SQL over `courses`: the courses the caller manages. */
export function managedBy(auth: Actor): SQL | undefined {
  if (auth.isSuperadmin) return undefined;
  if (auth.roleId === ROLE.ADMIN) return eq(courses.organisationId, auth.organisationId);
  if (auth.roleId === ROLE.TRAINER) {
    return and(eq(courses.organisationId, auth.organisationId), eq(courses.createdBy, auth.userId));
  }
  return sql`false`;
}

export interface CourseFilter {
  search?: string;
  category?: number;
  level?: string;
  language?: string;
  tag?: string;
  status?: string;
  /** Extra conditions of the list endpoint (created by me, CPD, enrolled…). */
  extra?: SQL[];
  /** Only courses the caller has an enrolment in with one of these statuses. */
  enrolledAs?: string[];
}

const ORDERINGS: Record<string, SQL[]> = {
  '-created_at': [desc(courses.createdAt), desc(courses.id)],
  created_at: [asc(courses.createdAt), asc(courses.id)],
  title: [asc(sql`lower(${courses.title})`), asc(courses.id)],
  '-title': [desc(sql`lower(${courses.title})`), desc(courses.id)],
  '-published_at': [sql`${courses.publishedAt} desc nulls last`, desc(courses.id)],
};

function conditions(auth: AuthContext, f: CourseFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [visibleTo(auth)];
  if (f.search) {
    // Same expression as courses_title_trgm_idx, so the trigram index serves it.
    const needle = `%${f.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    c.push(sql`lower(${courses.title}) like ${needle}`);
  }
  if (f.category) c.push(eq(courses.categoryId, f.category));
  if (f.level) c.push(eq(courses.level, f.level));
  if (f.language) c.push(eq(courses.language, f.language));
  if (f.tag) c.push(arrayContains(courses.tags, [f.tag]));
  if (f.status) c.push(eq(courses.status, f.status as Course['status']));
  if (f.enrolledAs)
    c.push(
      sql`exists (select 1 from ${courseEnrolments} e where e.course_id = ${courses.id} and e.user_id = ${auth.userId} and e.status in (${sql.join(
        f.enrolledAs.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  c.push(...(f.extra ?? []));
  return and(...c);
}

const moduleCount = sql<number>`(select count(*)::int from course_modules m where m.course_id = "courses"."id")`;

type Row = {
  course: Course;
  categoryName: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  moduleCount: number;
};

export function toCourse(auth: AuthContext, r: Row): TCourse {
  const c = r.course;
  const fullname = `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || (r.username ?? '');
  return {
    id: c.id,
    organization: c.organisationId,
    title: c.title,
    description: c.description,
    image: courseImageUrl(c),
    category: c.categoryId ? { id: c.categoryId, name: r.categoryName ?? '' } : null,
    level: c.level as TCourse['level'],
    duration: c.durationMinutes,
    language: c.language,
    tags: c.tags,
    visibility: c.visibility as TCourse['visibility'],
    status: c.status,
    self_enrol: c.selfEnrol,
    is_cpd: c.isCpd,
    cpd_hours: c.cpdHours === null ? null : Number(c.cpdHours),
    created_by: c.createdBy ? { id: c.createdBy, fullname } : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    published_at: c.publishedAt?.toISOString() ?? null,
    module_count: r.moduleCount,
    can_edit: canEdit(auth, c),
    // From the row in hand: a list's abilities cost no query per course.
    abilities: courseAbilities(auth, c),
  };
}

function selectRows(db: DbOrTx) {
  return db
    .select({
      course: courses,
      categoryName: courseCategories.name,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      moduleCount,
    })
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(users, eq(users.id, courses.createdBy));
}

export async function listCourses(
  db: DbOrTx,
  auth: AuthContext,
  filter: CourseFilter,
  ordering: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TCourse[] }> {
  const where = conditions(auth, filter);
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...(ORDERINGS[ordering] ?? ORDERINGS['-created_at']!))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(courses).where(where),
  ]);
  let result = rows.map((r) => toCourse(auth, r));
  if (filter.enrolledAs && result.length > 0) {
    const enrolments = await db
      .select()
      .from(courseEnrolments)
      .where(
        and(
          eq(courseEnrolments.userId, auth.userId),
          inArray(
            courseEnrolments.courseId,
            result.map((c) => c.id),
          ),
        ),
      );
    const byCourse = new Map(enrolments.map((e) => [e.courseId, e]));
    result = result.map((c) => {
      const e = byCourse.get(c.id);
      return e
        ? {
            ...c,
            enrolment: {
              status: e.status,
              progress_percent: e.progressPercent,
              completed_at: e.completedAt?.toISOString() ?? null,
            },
          }
        : c;
    });
  }
  return { count: total?.n ?? 0, rows: result };
}

export async function courseRow(db: DbOrTx, auth: AuthContext, id: number): Promise<TCourse> {
  const [row] = await selectRows(db).where(eq(courses.id, id));
  return toCourse(auth, row!);
}

/** The course row in one query if the caller may see it (canSee); 404 otherwise. */
export async function visibleCourseRow(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
): Promise<TCourse> {
  const [row] = await selectRows(db).where(eq(courses.id, id));
  if (!row || !canSee(auth, row.course)) throw notFound('Could not get course detail');
  return toCourse(auth, row);
}

/** Courses whose author is a superadmin (of any organisation). */
export const createdBySuperadmin = sql`exists (select 1 from ${memberships} m where m.user_id = ${courses.createdBy} and m.role_id = ${ROLE.SUPERADMIN})`;
