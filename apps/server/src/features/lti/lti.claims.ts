import { LTI_SCOPES } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { AppContext } from '../../core/context.ts';
import { courses } from '../../schema/courses.table.ts';
import {
  type ltiLaunches,
  ltiLineItems,
  type ltiLinks,
  type ltiTools,
} from '../../schema/lti.table.ts';
import { users } from '../../schema/users.table.ts';
import { PLATFORM_ALG, platformKey } from './lti.keys.ts';
import { issuerOf, platformUrls } from './lti.platform.ts';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const ID_TOKEN_TTL_S = 5 * 60;

interface LaunchInput {
  tool: typeof ltiTools.$inferSelect;
  launch: typeof ltiLaunches.$inferSelect;
  link: typeof ltiLinks.$inferSelect | null;
  nonce: string;
}

/**
 * The id_token of a launch (LTI Core 1.3 §5.3, Deep Linking 2.0 §4.4, AGS §3.1, NRPS §3.6):
 * who (sub, roles, name and e-mail only as the tool's privacy settings allow), where (the course
 * as context, the resource link), what it may call back (line items, scores, memberships), signed
 * with Atrium's key. The tool's audience is its client id; it expires in five minutes.
 */
export async function launchClaims(ctx: AppContext, input: LaunchInput): Promise<string> {
  const { tool, launch, link } = input;
  const issuer = await issuerOf(ctx, ctx.db, tool.organisationId);
  const urls = platformUrls(issuer, tool.organisationId);
  const [[person], [course]] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, launch.userId)),
    ctx.db.select().from(courses).where(eq(courses.id, launch.courseId)),
  ]);
  if (!person || !course) throw new Error('launch without its person or course');
  const claims: Record<string, unknown> = {
    nonce: input.nonce,
    azp: tool.clientId,
    [`${LTI}/deployment_id`]: tool.deploymentId,
    [`${LTI}/version`]: '1.3.0',
    [`${LTI}/roles`]: launch.roles,
    [`${LTI}/context`]: {
      id: String(course.id),
      label: course.title.slice(0, 60),
      title: course.title,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
    [`${LTI}/tool_platform`]: {
      guid: `${issuer}/lti/${tool.organisationId}`,
      name: 'Atrium',
      product_family_code: 'atrium',
    },
    [`${LTI}/custom`]: { ...tool.custom, ...(link?.custom ?? {}) },
    [`${LTI}/launch_presentation`]: { document_target: 'window', locale: 'en' },
    'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
      context_memberships_url: `${issuer}/api/lti/memberships/?course=${course.id}`,
      service_versions: ['2.0'],
    },
  };
  if (tool.shareName) {
    claims.name = `${person.firstName} ${person.lastName}`.trim() || person.username;
    claims.given_name = person.firstName;
    claims.family_name = person.lastName;
  }
  if (tool.shareEmail) claims.email = person.email;

  const ags: Record<string, unknown> = {
    scope: [LTI_SCOPES.lineItem, LTI_SCOPES.lineItemReadOnly, LTI_SCOPES.score],
    lineitems: `${issuer}/api/lti/line-items/?course=${course.id}`,
  };
  if (launch.kind === 'deep_linking') {
    claims[`${LTI}/message_type`] = 'LtiDeepLinkingRequest';
    claims[`${LTI}/target_link_uri`] = tool.deepLinkingUrl;
    claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
      deep_link_return_url: urls.deep_linking_return_url,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['window'],
      accept_multiple: true,
      auto_create: true,
      title: course.title,
      // Echoed by the tool: binds its response to this one launch (one use, see deep linking).
      data: launch.id,
    };
  } else {
    claims[`${LTI}/message_type`] = 'LtiResourceLinkRequest';
    claims[`${LTI}/target_link_uri`] = link?.url ?? tool.launchUrl;
    claims[`${LTI}/resource_link`] = { id: String(link?.id), title: link?.title ?? '' };
    const [item] = link
      ? await ctx.db
          .select({ id: ltiLineItems.id })
          .from(ltiLineItems)
          .where(eq(ltiLineItems.linkId, link.id))
          .limit(1)
      : [];
    // No trailing slash before the query: tools append `/scores` to the path.
    if (item) ags.lineitem = `${issuer}/api/lti/line-item?id=${item.id}`;
  }
  claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint'] = ags;

  const { kid, key } = await platformKey(ctx);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: PLATFORM_ALG, kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(tool.clientId)
    .setSubject(String(person.id))
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_TTL_S}s`)
    .sign(key);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page that posts the id_token to the tool. No inline script (the app's CSP allows scripts
 * from itself only): /api/lti/autopost.js submits the form, and a button does it without script.
 */
export function autoPostPage(action: string, fields: Record<string, string>, title: string) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><script src="/api/lti/autopost.js" defer></script></head><body><form id="lti-autopost" method="post" action="${escapeHtml(action)}">${inputs}<p>Opening the tool…</p><button type="submit">Continue</button></form></body></html>`;
}

export const AUTOPOST_SCRIPT = "document.getElementById('lti-autopost')?.submit();\n";

/** A short page for the author's tab once the tool's content is added (or was refused). */
export function messagePage(title: string, message: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}
