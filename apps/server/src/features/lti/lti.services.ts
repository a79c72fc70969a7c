import { createHash, randomBytes } from 'node:crypto';
import { LTI_ROLES, LTI_SCOPES } from '@atrium/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../core/errors/app-error.ts';
import { courseModules, courses, moduleFiles } from '../../schema/courses.table.ts';
import { ACTIVE_STATUSES, courseEnrolments } from '../../schema/enrolments.table.ts';
import { ltiAccessTokens, ltiLinks, ltiSeen, ltiTools } from '../../schema/lti.table.ts';
import { issuerOf, platformUrls } from './lti.platform.ts';
import { verifyFromTool } from './lti.tool-keys.ts';

/**
 * The LTI services a tool calls with an access token (AGS, NRPS) and the token endpoint that
 * grants it (OAuth 2 client credentials with a signed client assertion, LTI Security §4.1).
 */

export type ToolRow = typeof ltiTools.$inferSelect;
const TOKEN_TTL_S = 3600;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const GRANTABLE = new Set<string>(Object.values(LTI_SCOPES));
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  ctx: AppContext,
  body: {
    grant_type: string;
    client_assertion_type: string;
    client_assertion: string;
    scope: string;
  },
) {
  if (body.grant_type !== 'client_credentials')
    throw badRequest('grant_type must be client_credentials.', {
      grant_type: ['unsupported_grant_type'],
    });
  if (body.client_assertion_type !== ASSERTION_TYPE)
    throw badRequest('client_assertion_type must be jwt-bearer.', {
      client_assertion_type: ['invalid_client'],
    });
  const { tool, payload } = await verifyFromTool(
    ctx,
    body.client_assertion,
    async (t) => {
      const issuer = await issuerOf(ctx, ctx.db, t.organisationId);
      // Tools use the token endpoint as the audience, as RFC 7523 says; some send the issuer.
      return [platformUrls(issuer, t.organisationId).token_url, issuer];
    },
    'client assertion',
  );
  if (payload.sub !== tool.clientId || typeof payload.jti !== 'string' || !payload.jti)
    throw badRequest('The client assertion could not be verified.');
  const [fresh] = await ctx.db
    .insert(ltiSeen)
    .values({
      toolId: tool.id,
      kind: 'jti',
      value: payload.jti.slice(0, 255),
      expiresAt: new Date(((payload.exp ?? 0) + 60) * 1000),
    })
    .onConflictDoNothing()
    .returning({ value: ltiSeen.value });
  if (!fresh) throw badRequest('The client assertion was used before.');
  const scopes = body.scope.split(/\s+/).filter((s) => GRANTABLE.has(s));
  if (scopes.length === 0)
    throw badRequest('No scope this platform grants was asked for.', { scope: ['invalid_scope'] });
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(ltiAccessTokens).values({
    tokenHash: hash(token),
    toolId: tool.id,
    scopes,
    expiresAt: new Date(Date.now() + TOKEN_TTL_S * 1000),
  });
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_in: TOKEN_TTL_S,
    scope: scopes.join(' '),
  };
}

/** The tool behind `Authorization: Bearer …` if its token holds one of `scopes` (401/403 else). */
export async function serviceCaller(ctx: AppContext, request: FastifyRequest, scopes: string[]) {
  const match = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized('A Bearer access token is required.');
  const [row] = await ctx.db
    .select({ tool: ltiTools, scopes: ltiAccessTokens.scopes })
    .from(ltiAccessTokens)
    .innerJoin(ltiTools, eq(ltiTools.id, ltiAccessTokens.toolId))
    .where(
      and(
        eq(ltiAccessTokens.tokenHash, hash(match[1]!)),
        gt(ltiAccessTokens.expiresAt, new Date()),
      ),
    );
  if (!row?.tool.enabled) throw unauthorized('Invalid or expired access token.');
  if (!scopes.some((s) => row.scopes.includes(s)))
    throw new AppError(403, 'The access token does not grant this scope.');
  return row.tool;
}

/**
 * A course the tool may act on: of its organisation, with at least one of its resource links in a
 * module. Anything else does not exist for it (404).
 */
export async function placedCourse(ctx: AppContext, tool: ToolRow, courseId: number) {
  const [course] = await ctx.db
    .select({ id: courses.id, title: courses.title, createdBy: courses.createdBy })
    .from(courses)
    .where(
      and(
        eq(courses.id, courseId),
        eq(courses.organisationId, tool.organisationId),
        sql`exists (select 1 from ${ltiLinks} l join ${moduleFiles} mf on mf.file_id = l.repository_file_id
          join ${courseModules} cm on cm.id = mf.module_id
          where l.tool_id = ${tool.id} and cm.course_id = ${courses.id})`,
      ),
    );
  if (!course) throw notFound('Context not found.');
  return course;
}

const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

/** NRPS 2.0: the course's author (Instructor) and active learners, in pages (Link: rel="next"). */
export async function memberships(
  ctx: AppContext,
  tool: ToolRow,
  courseId: number,
  q: { role?: string; limit: number; from: number },
) {
  const course = await placedCourse(ctx, tool, courseId);
  const wanted =
    q.role === undefined
      ? null
      : [LTI_ROLES.learner, 'Learner'].includes(q.role)
        ? 'learner'
        : [LTI_ROLES.instructor, 'Instructor'].includes(q.role)
          ? 'instructor'
          : 'none';
  const rows = await queryRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    username: string;
    role: string;
  }>(
    ctx.db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.username, m.role from (
          select ${course.createdBy}::int as user_id, 'instructor' as role where ${course.createdBy}::int is not null
          union all
          select e.user_id, 'learner' from ${courseEnrolments} e
          where e.course_id = ${course.id} and e.status in (${sql.join(
            [...ACTIVE_STATUSES].map((s) => sql`${s}`),
            sql`, `,
          )}) and e.user_id is distinct from ${course.createdBy}::int
        ) m join users u on u.id = m.user_id
        where ${wanted === null ? sql`true` : sql`m.role = ${wanted}`}
        order by m.role, u.id limit ${q.limit + 1} offset ${q.from}`,
  );
  const page = rows.slice(0, q.limit);
  const issuer = await issuerOf(ctx, ctx.db, tool.organisationId);
  const base = `${issuer}/api/lti/memberships/`;
  const self = `${base}?course=${course.id}`;
  const next =
    rows.length > q.limit
      ? `${base}?${new URLSearchParams({ course: String(course.id), ...(q.role && { role: q.role }), limit: String(q.limit), from: String(q.from + q.limit) })}`
      : null;
  return {
    contentType: MEMBERSHIP_TYPE,
    next,
    body: {
      id: self,
      context: { id: String(course.id), label: course.title.slice(0, 60), title: course.title },
      members: page.map((r) => ({
        status: 'Active' as const,
        user_id: String(r.id),
        roles: [r.role === 'instructor' ? LTI_ROLES.instructor : LTI_ROLES.learner],
        ...(tool.shareName && {
          name: `${r.first_name} ${r.last_name}`.trim() || r.username,
          given_name: r.first_name,
          family_name: r.last_name,
        }),
        ...(tool.shareEmail && { email: r.email }),
      })),
    },
  };
}
