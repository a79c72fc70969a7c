import { randomBytes } from 'node:crypto';
import { LTI_FILE_KIND } from '@atrium/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { courseModules, moduleFiles, repositoryFiles } from '../../schema/courses.table.ts';
import { ltiLaunches, ltiLinks, ltiSeen, ltiTools } from '../../schema/lti.table.ts';
import { assertCourseChange, courseFor, editableCourseFor } from '../catalogue/index.ts';
import { launchClaims } from './lti.claims.ts';
import { issuerOf, ltiRolesOf } from './lti.platform.ts';
import { canLaunchTool } from './lti.policy.ts';

/**
 * OIDC third-party-initiated login (LTI Core 1.3 §5.1): the player asks for a launch, the browser
 * goes to the tool's login URL, the tool sends it back to `authorize` with its state and nonce,
 * and Atrium answers a page that posts the signed id_token to the tool.
 *
 * The browser comes back from the tool cross-site, so the session cookie does not count there
 * (core/auth: foreign-site cookies are ignored). What binds the authorization request to the
 * signed-in person is the launch itself: `lti_message_hint` is a 256-bit one-use id made for that
 * person a moment ago, and `login_hint` must name them.
 */

/** How long the browser has to get from the player through the tool's login back to Atrium. */
const LAUNCH_TTL_MS = 5 * 60_000;
const NOT_FOUND = 'This item cannot be launched.';

export type LaunchRow = typeof ltiLaunches.$inferSelect;
export type ToolRow = typeof ltiTools.$inferSelect;

function loginUrl(tool: ToolRow, issuer: string, launch: LaunchRow, targetLinkUri: string) {
  const url = new URL(tool.loginUrl);
  url.searchParams.set('iss', issuer);
  url.searchParams.set('login_hint', String(launch.userId));
  url.searchParams.set('target_link_uri', targetLinkUri);
  url.searchParams.set('lti_message_hint', launch.id);
  url.searchParams.set('client_id', tool.clientId);
  url.searchParams.set('lti_deployment_id', tool.deploymentId);
  return url.toString();
}

async function newLaunch(
  db: DbOrTx,
  values: Omit<typeof ltiLaunches.$inferInsert, 'id' | 'expiresAt'>,
) {
  const [row] = await db
    .insert(ltiLaunches)
    .values({
      ...values,
      id: randomBytes(32).toString('base64url'),
      expiresAt: new Date(Date.now() + LAUNCH_TTL_MS),
    })
    .returning();
  return row!;
}

/** The player's "Launch" on an LTI module item. */
export async function startLaunch(ctx: AppContext, auth: AuthContext, moduleFileId: number) {
  const [item] = await ctx.db
    .select({ link: ltiLinks, tool: ltiTools, courseId: courseModules.courseId })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .innerJoin(repositoryFiles, eq(repositoryFiles.id, moduleFiles.fileId))
    .innerJoin(ltiLinks, eq(ltiLinks.repositoryFileId, repositoryFiles.id))
    .innerJoin(ltiTools, eq(ltiTools.id, ltiLinks.toolId))
    .where(and(eq(moduleFiles.id, moduleFileId), eq(repositoryFiles.kind, LTI_FILE_KIND)));
  if (!item) throw notFound(NOT_FOUND);
  await courseFor(ctx.db, auth, item.courseId).catch(() => {
    throw notFound(NOT_FOUND);
  });
  if (!item.tool.enabled) throw notFound(NOT_FOUND);
  const launch = await newLaunch(ctx.db, {
    kind: 'resource',
    organisationId: item.tool.organisationId,
    toolId: item.tool.id,
    userId: auth.userId,
    courseId: item.courseId,
    moduleFileId,
    linkId: item.link.id,
    roles: ltiRolesOf(auth.roleId, auth.isSuperadmin),
  });
  const issuer = await issuerOf(ctx, ctx.db, item.tool.organisationId);
  return { login_url: loginUrl(item.tool, issuer, launch, item.link.url ?? item.tool.launchUrl) };
}

/** A course author picks a tool to add its content to a module (Deep Linking 2.0). */
export async function startDeepLinking(
  ctx: AppContext,
  auth: AuthContext,
  input: { tool: number; module: number },
) {
  const [tool] = await ctx.db.select().from(ltiTools).where(eq(ltiTools.id, input.tool));
  if (!tool || !canLaunchTool(auth, tool) || !tool.deepLinkingUrl)
    throw notFound('Tool not found.');
  const [m] = await ctx.db.select().from(courseModules).where(eq(courseModules.id, input.module));
  if (!m) throw notFound('Could not get course module');
  const course = await editableCourseFor(ctx.db, auth, m.courseId);
  assertCourseChange(auth, course, 'add_content');
  if (course.organisationId !== tool.organisationId) throw notFound('Tool not found.');
  const launch = await newLaunch(ctx.db, {
    kind: 'deep_linking',
    organisationId: tool.organisationId,
    toolId: tool.id,
    userId: auth.userId,
    courseId: m.courseId,
    moduleId: m.id,
    roles: ltiRolesOf(auth.roleId, auth.isSuperadmin),
  });
  const issuer = await issuerOf(ctx, ctx.db, tool.organisationId);
  return { login_url: loginUrl(tool, issuer, launch, tool.deepLinkingUrl) };
}

export interface AuthorizeQuery {
  scope?: string;
  response_type?: string;
  response_mode?: string;
  client_id?: string;
  redirect_uri?: string;
  login_hint?: string;
  lti_message_hint?: string;
  state?: string;
  nonce?: string;
}

const refuse = (message: string) => badRequest(message);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The OIDC authentication request: every check of LTI Core §5.1.1.3, then the launch is consumed
 * (one use, in one conditional update) and the tool's nonce remembered (one use per tool).
 */
export async function authorize(ctx: AppContext, q: AuthorizeQuery) {
  if (q.response_type !== 'id_token') throw refuse('response_type must be id_token.');
  if (!q.scope?.split(' ').includes('openid')) throw refuse('scope must include openid.');
  if (q.response_mode !== 'form_post') throw refuse('response_mode must be form_post.');
  if (!q.nonce) throw refuse('nonce is required.');
  if (!q.client_id || !UUID.test(q.client_id)) throw refuse('Unknown client_id.');
  if (!q.lti_message_hint || !q.login_hint || !q.redirect_uri)
    throw refuse('login_hint, lti_message_hint and redirect_uri are required.');
  const [tool] = await ctx.db.select().from(ltiTools).where(eq(ltiTools.clientId, q.client_id));
  if (!tool?.enabled) throw refuse('Unknown client_id.');
  const [launch] = await ctx.db
    .select()
    .from(ltiLaunches)
    .where(eq(ltiLaunches.id, q.lti_message_hint));
  if (!launch || launch.toolId !== tool.id || launch.expiresAt.getTime() <= Date.now())
    throw refuse('This launch has expired: start it again from Atrium.');
  if (q.login_hint !== String(launch.userId)) throw refuse('login_hint does not match the launch.');
  let link: typeof ltiLinks.$inferSelect | undefined;
  if (launch.linkId)
    [link] = await ctx.db.select().from(ltiLinks).where(eq(ltiLinks.id, launch.linkId));
  const redirects = [tool.launchUrl, tool.deepLinkingUrl, link?.url].filter(Boolean);
  if (!redirects.includes(q.redirect_uri))
    throw refuse('redirect_uri is not registered for this tool.');

  const nonce = q.nonce;
  const consumed = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(ltiLaunches)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(ltiLaunches.id, launch.id),
          isNull(ltiLaunches.usedAt),
          gt(ltiLaunches.expiresAt, new Date()),
        ),
      )
      .returning({ id: ltiLaunches.id });
    if (!used) return false;
    const [fresh] = await tx
      .insert(ltiSeen)
      .values({
        toolId: tool.id,
        kind: 'nonce',
        value: nonce.slice(0, 255),
        expiresAt: new Date(Date.now() + 24 * 3600_000),
      })
      .onConflictDoNothing()
      .returning({ value: ltiSeen.value });
    if (!fresh) throw refuse('This nonce was used before.');
    return true;
  });
  if (!consumed) throw refuse('This launch was used already: start it again from Atrium.');
  const idToken = await launchClaims(ctx, { tool, launch, link: link ?? null, nonce });
  return { idToken, redirectUri: q.redirect_uri, state: q.state ?? '' };
}
