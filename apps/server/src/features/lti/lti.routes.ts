import { LTI_SCOPES, ltiOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import {
  createLineItem,
  getLineItem,
  LINE_ITEM_TYPE,
  LINE_ITEMS_TYPE,
  listLineItems,
  postScore,
} from './lti.ags.ts';
import { AUTOPOST_SCRIPT, autoPostPage, messagePage } from './lti.claims.ts';
import { deepLinkingReturn } from './lti.deep-linking.ts';
import { publicKeys } from './lti.keys.ts';
import { authorize, startDeepLinking, startLaunch } from './lti.launch.ts';
import { issuerOf, openIdConfiguration, platformUrls } from './lti.platform.ts';
import { issueToken, memberships, serviceCaller, type ToolRow } from './lti.services.ts';
import { ltiToolsService } from './lti.tools.ts';

/** Tool messages arrive form-encoded (the token request, auto-posted deep-linking responses). */
const FORM_LIMIT = 128 * 1024;

function html(reply: FastifyReply, body: string, csp?: string) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  if (csp) reply.header('content-security-policy', csp);
  return reply.send(body);
}

/**
 * LTI 1.3 platform routes. Admin routes check the organisation in the service (404 for another's
 * tools). The browser-facing endpoints (authorize, the deep-linking return) and the tool's service
 * calls are public at the access layer: what proves the caller there is a one-use launch id, a
 * JWT the tool signed or a Bearer token from the token endpoint, checked in the handlers.
 */
export function registerLtiRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admins = { access: access.roles(ROLE.ADMIN) };
  const authors = { access: access.roles(ROLE.ADMIN, ROLE.TRAINER) };
  const open = { access: access.public() };

  route(app, ops.listTools, admins, async (req) => {
    const { count, rows } = await ltiToolsService.list(
      ctx,
      caller(req),
      req.query,
      pageBounds(req.query),
    );
    return toPage(req.url, req.query, count, rows);
  });
  route(app, ops.createTool, admins, async (req) =>
    ltiToolsService.create(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.updateTool, admins, async (req) =>
    ltiToolsService.update(ctx, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.deleteTool, admins, async (req) => {
    await ltiToolsService.remove(ctx, caller(req), req.params.id, req.ip);
  });
  route(app, ops.platform, admins, async (req) => {
    const auth = caller(req);
    return platformUrls(await issuerOf(ctx, ctx.db, auth.organisationId), auth.organisationId);
  });
  route(app, ops.pickableTools, authors, async (req) => ltiToolsService.pickable(ctx, caller(req)));
  route(app, ops.startDeepLinking, authors, async (req) =>
    startDeepLinking(ctx, caller(req), req.body),
  );
  route(app, ops.launch, { access: access.authenticated() }, async (req) =>
    startLaunch(ctx, caller(req), req.body.module_file),
  );

  route(app, ops.jwks, open, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: (await publicKeys(ctx)) as Record<string, unknown>[] };
  });
  route(app, ops.openIdConfiguration, open, async (req) =>
    openIdConfiguration(
      await issuerOf(ctx, ctx.db, req.query.organisation),
      req.query.organisation,
    ),
  );
  route(app, ops.autopost, open, async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(AUTOPOST_SCRIPT),
  );
  route(app, ops.authorize, open, async (req, reply) => {
    const { idToken, redirectUri, state } = await authorize(ctx, req.query);
    // The app's CSP, with form-action widened to the one tool origin this page posts to.
    const csp = `default-src 'none'; script-src 'self'; form-action ${new URL(redirectUri).origin}; base-uri 'none'; frame-ancestors 'none'`;
    return html(
      reply,
      autoPostPage(redirectUri, { id_token: idToken, state }, 'Opening the tool'),
      csp,
    );
  });

  // Tool messages arrive form-encoded, AGS's in its own JSON media types; see toolBody.
  const form = {
    access: access.public(),
    bodyLimit: FORM_LIMIT,
    onRequest: async (req: FastifyRequest) => toolBody.onRequest(req),
    preValidation: toolBody.preValidation,
  };
  route(app, ops.token, form, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return issueToken(ctx, req.body);
  });
  route(app, ops.deepLinkingReturn, form, async (req, reply) => {
    const { added, module } = await deepLinkingReturn(ctx, req.body.JWT, req.ip);
    const what = added.length === 1 ? '1 item' : `${added.length} items`;
    return html(
      reply,
      messagePage(
        'Content added',
        `${what} added to “${module}”. You can close this tab and refresh the course.`,
      ),
    );
  });

  // The tool is identified by its Bearer token before the body is read (401 first, then 400).
  const service = (scopes: string[]) => ({
    ...form,
    onRequest: async (req: FastifyRequest) => {
      toolBody.onRequest(req);
      tools.set(req, await serviceCaller(ctx, req, scopes));
    },
  });
  const toolOf = (req: FastifyRequest) => tools.get(req)!;
  const READ = [LTI_SCOPES.lineItem, LTI_SCOPES.lineItemReadOnly];
  route(app, ops.lineItems, service(READ), async (req, reply) => {
    reply.type(LINE_ITEMS_TYPE);
    return listLineItems(ctx, toolOf(req), req.query.course, req.query);
  });
  route(app, ops.createLineItem, service([LTI_SCOPES.lineItem]), async (req, reply) => {
    reply.type(LINE_ITEM_TYPE);
    return createLineItem(ctx, toolOf(req), req.query.course, req.body);
  });
  route(app, ops.lineItem, service(READ), async (req, reply) => {
    reply.type(LINE_ITEM_TYPE);
    return getLineItem(ctx, toolOf(req), req.query.id);
  });
  route(app, ops.score, service([LTI_SCOPES.score]), async (req) => {
    await postScore(ctx, toolOf(req), req.query.id, req.body);
  });
  route(app, ops.memberships, service([LTI_SCOPES.memberships]), async (req, reply) => {
    const page = await memberships(ctx, toolOf(req), req.query.course, req.query);
    reply.type(page.contentType);
    if (page.next) reply.header('link', `<${page.next}>; rel="next"`);
    return page.body;
  });
}

const tools = new WeakMap<FastifyRequest, ToolRow>();
const formBodies = new WeakSet<FastifyRequest>();

/**
 * Bodies of the tools' own media types, without a parser for the whole app: a form-encoded body
 * is read as text (the core text/plain parser) and turned into fields before validation; AGS's
 * `application/vnd.ims.*+json` bodies are JSON and parsed as such. Only these routes do this.
 */
const toolBody = {
  onRequest(req: FastifyRequest) {
    const type = req.headers['content-type'] ?? '';
    if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      req.headers['content-type'] = 'text/plain; charset=utf-8';
      formBodies.add(req);
    } else if (/^application\/vnd\.ims\.[a-z0-9.-]+\+json\s*(;|$)/i.test(type)) {
      req.headers['content-type'] = 'application/json';
    }
  },
  preValidation: async (req: FastifyRequest) => {
    if (formBodies.has(req) && typeof req.body === 'string')
      req.body = Object.fromEntries(new URLSearchParams(req.body));
  },
};
