import {
  catalogueOps as ops,
  type TCatalogueQuery,
  type TCourse,
  type ZCatalogueQuery,
} from '@atrium/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { courses } from '../../schema/courses.table.ts';
import { ACTIVE_STATUSES, courseEnrolments } from '../../schema/enrolments.table.ts';
import { type CourseFilter, createdBySuperadmin, listCourses } from './catalogue.repository.ts';

const signedIn = { access: access.authenticated() };
type Query = z.output<typeof ZCatalogueQuery>;

/**
 * Every list of spec §7 is the catalogue the caller may see (catalogue.policy
 * canSee, as SQL) narrowed by the list's own condition, with the same search,
 * filters, ordering and pagination.
 */
export function registerCatalogueListRoutes(app: FastifyInstance, ctx: AppContext) {
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
    op:
      | typeof ops.list
      | typeof ops.catalogue
      | typeof ops.bySuperadmin
      | typeof ops.cpd
      | typeof ops.created,
    narrow: (req: FastifyRequest) => Partial<CourseFilter> = () => ({}),
  ) => route(app, op, signedIn, async (req) => run(req, req.query, narrow(req)));

  list(ops.list);
  list(ops.catalogue);
  route(app, ops.assigned, signedIn, async (req) =>
    run(req, req.query, {
      enrolledAs: req.query.enrolment_status
        ? [req.query.enrolment_status]
        : ['enrolled', 'completed'],
    }),
  );
  route(app, ops.unassigned, signedIn, async (req) => {
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
  });
  list(ops.bySuperadmin, () => ({ extra: [createdBySuperadmin] }));
  list(ops.cpd, () => ({ extra: [eq(courses.isCpd, true)] }));
  list(ops.created, (req) => {
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

  route(app, ops.byType, signedIn, async (req) => {
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
  });
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
