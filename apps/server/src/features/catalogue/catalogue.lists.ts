import {
  enrolmentScreenPaths,
  coursePaths as p,
  type TCatalogueQuery,
  type TCourse,
  ZAssignedCoursesQuery,
  ZCatalogueQuery,
  ZCourse,
  ZFilterTypeQuery,
  zPage,
} from '@atrium/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { courses } from '../../schema/courses.table.ts';
import { ACTIVE_STATUSES, courseEnrolments } from '../../schema/enrolments.table.ts';
import { type CourseFilter, createdBySuperadmin, listCourses } from './catalogue.repository.ts';

const tags = ['courses'];
const errors = errorResponses(400, 401, 403);
const response = { 200: zPage(ZCourse), ...errors };
const signedIn = access.authenticated();
type Query = z.output<typeof ZCatalogueQuery>;

/**
 * Every list of spec §7 is the catalogue the caller may see (catalogue.policy
 * canSee, as SQL) narrowed by the list's own condition, with the same search,
 * filters, ordering and pagination.
 */
export function registerCatalogueListRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const run = async (req: FastifyRequest, q: Query, narrow: Partial<CourseFilter> = {}) => {
    const auth = caller(req);
    const filter: CourseFilter = {
      search: q.search,
      category: q.category,
      level: q.level,
      language: q.language,
      tag: q.tag,
      status: q.status,
      ...narrow,
    };
    const page = await listCourses(ctx.db, auth, filter, q.ordering, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  };
  const list = (
    path: string,
    summary: string,
    narrow: (req: FastifyRequest) => Partial<CourseFilter> = () => ({}),
  ) =>
    r.get(
      path,
      {
        schema: { tags, summary, querystring: ZCatalogueQuery, response },
        config: { access: signedIn },
      },
      async (req) => run(req, req.query, narrow(req)),
    );

  list(p.root, 'Courses the caller may see (same as get-courses/)');
  list(
    p.catalogue,
    'The catalogue: search (title substring), category, level, language, tag, status, ordering, page',
  );
  r.get(
    p.assigned,
    {
      schema: {
        tags,
        summary:
          'Courses the caller is enrolled in (or completed), with their enrolment; enrolment_status narrows to one of them',
        querystring: ZAssignedCoursesQuery,
        response,
      },
      config: { access: signedIn },
    },
    async (req) =>
      run(req, req.query, {
        enrolledAs: req.query.enrolment_status
          ? [req.query.enrolment_status]
          : ['enrolled', 'completed'],
      }),
  );
  r.get(
    enrolmentScreenPaths.unassigned,
    {
      schema: {
        tags,
        summary:
          "Published courses the caller is not enrolled in (nor completed), each with the caller's pending or rejected request as enrolment",
        querystring: ZCatalogueQuery,
        response,
      },
      config: { access: signedIn },
    },
    async (req) => {
      const auth = caller(req);
      const page = await run(req, req.query, {
        status: 'published',
        extra: [
          sql`not exists (select 1 from ${courseEnrolments} e where e.course_id = ${courses.id} and e.user_id = ${auth.userId} and e.status in (${sql.join(
            ACTIVE_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )}))`,
        ],
      });
      return { ...page, results: await withOpenRequests(ctx.db, auth.userId, page.results) };
    },
  );
  list(p.bySuperadmin, 'Courses authored by a superadmin', () => ({
    extra: [createdBySuperadmin],
  }));
  list(p.cpd, 'CPD courses', () => ({ extra: [eq(courses.isCpd, true)] }));
  list(p.created, 'Courses the caller created', (req) => {
    const auth = caller(req);
    return {
      extra: [
        and(
          eq(courses.createdBy, auth.userId),
          eq(courses.organisationId, auth.organisationId),
        ) as SQL,
      ],
    };
  });

  r.get(
    p.filterType,
    {
      schema: {
        tags,
        summary:
          'The catalogue by type: all, published, draft, pending, cpd or mine (created by the caller)',
        querystring: ZFilterTypeQuery,
        response,
      },
      config: { access: signedIn },
    },
    async (req) => {
      const q = req.query;
      const auth = caller(req);
      const narrow: Record<(typeof q)['type'], Partial<CourseFilter>> = {
        all: {},
        published: { status: 'published' },
        draft: { status: 'draft' },
        pending: { status: 'pending' },
        cpd: { extra: [eq(courses.isCpd, true)] },
        mine: { extra: [eq(courses.createdBy, auth.userId)] },
      };
      return run(req, q, narrow[q.type]);
    },
  );
}

/** The caller's request (pending or rejected) on each listed course, so the screen shows its state. */
async function withOpenRequests(db: DbOrTx, userId: number, rows: TCourse[]): Promise<TCourse[]> {
  if (rows.length === 0) return rows;
  const requests = await db
    .select()
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.userId, userId),
        inArray(
          courseEnrolments.courseId,
          rows.map((c) => c.id),
        ),
      ),
    );
  const byCourse = new Map(requests.map((e) => [e.courseId, e]));
  return rows.map((c) => {
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

export type { TCatalogueQuery };
