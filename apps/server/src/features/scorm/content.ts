import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/access.ts';
import { signContentGrant } from '../../core/content/content-grant.ts';
import { appOriginOf } from '../../core/content/content-origin.ts';
import type { AppContext } from '../../core/context.ts';
import { byteRange } from '../../core/http/byte-range.ts';

/** Content types of what packages contain (helmet sends nosniff: the type must be right). */
const TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain',
  csv: 'text/csv',
  vtt: 'text/vtt',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  swf: 'application/x-shockwave-flash',
  wasm: 'application/wasm',
};

export function contentTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/**
 * The policy of package files, on the content origin. Authoring tools write inline scripts,
 * inline styles and eval, so those are allowed. Real packages also load libraries, styles and
 * fonts from public CDNs (jQuery, Google Fonts), so with `external` (the default) scripts,
 * styles and fonts may come from any https: address; nothing else is loaded from, and no
 * request (connect-src) sent to, other sites. That is safe because the content origin is not
 * the app's: no cookie or token of the learner's is readable there, the run-time's API answers
 * only over postMessage from the player's own frame, and the app's storage is out of reach.
 * Only the launcher (same content origin) and the player's page (the app origin in the grant)
 * may frame a package, and the sandbox withholds top navigation so a package cannot take the
 * learner away from the player. `allow-same-origin` here means the content origin: a package
 * keeps its own storage, never the app's.
 */
export const packageCsp = (appOrigin: string, { external = true } = {}) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline' 'unsafe-eval'${external ? ' https:' : ''}`,
    `style-src 'self' 'unsafe-inline'${external ? ' https:' : ''}`,
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    `font-src 'self' data:${external ? ' https:' : ''}`,
    "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors 'self' ${appOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    'sandbox allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads',
  ].join('; ');

/** The launcher runs only our two scripts; only the player's page may frame it. */
const launcherCsp = (appOrigin: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "frame-src 'self'",
    `frame-ancestors ${appOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

/** scorm-again's cross-frame client, the SCO's end of the postMessage bridge (sync API, cached). */
const CROSS_FRAME_API_FILE = createRequire(import.meta.url).resolve(
  'scorm-again/cross-frame-api/min',
);
const CROSS_FRAME_API = readFileSync(CROSS_FRAME_API_FILE, 'utf8').replace(
  /\n\/\/# sourceMappingURL=.*$/,
  '',
);
const SCORM_AGAIN_VERSION: string = JSON.parse(
  readFileSync(path.join(path.dirname(CROSS_FRAME_API_FILE), '..', 'package.json'), 'utf8'),
).version;
const LAUNCHER = readFileSync(new URL('./launcher/scorm-launcher.js', import.meta.url), 'utf8');

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

function launcherPage(appOrigin: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="atrium-app-origin" content="${escapeAttribute(appOrigin)}">
<title>SCORM content</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}p{font:16px system-ui,sans-serif;margin:16px}</style>
<script src="/static/scorm/cross-frame-api.js?v=${SCORM_AGAIN_VERSION}"></script>
<script src="/static/scorm/launcher.js?v=${SCORM_AGAIN_VERSION}"></script>
</head>
<body></body>
</html>
`;
}

/**
 * Where the player's iframe goes for one SCO: the launcher on the content origin, under a grant
 * for this package and viewer. `sco` is the launch path inside the package (with its parameters).
 */
export async function scormLaunchUrl(
  ctx: AppContext,
  request: FastifyRequest,
  auth: AuthContext,
  treeKey: string,
  version: '1.2' | '2004',
  scoPath: string,
) {
  const grant = signContentGrant(await ctx.secrets.get('content-grant'), {
    tree: treeKey,
    app: appOriginOf(request),
    user: auth.userId,
  });
  const query = new URLSearchParams({ sco: scoPath, v: version });
  return `${ctx.contentOrigin.for(request)}/scorm/${grant}/launch?${query}`;
}

const grantParams = z.object({ grant: z.string().min(1).max(1500) });
const fileParams = grantParams.extend({ '*': z.string().min(1).max(1000) });
const expired = (reply: FastifyReply) =>
  reply.code(403).type('text/plain').send('This link has expired.');

/** The content origin's SCORM routes: the launcher, its scripts, and the package files. */
export function registerScormContent(content: FastifyInstance, ctx: AppContext) {
  const script = (body: string) => async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  content.get('/static/scorm/cross-frame-api.js', script(CROSS_FRAME_API));
  content.get('/static/scorm/launcher.js', script(LAUNCHER));

  content.get('/scorm/:grant/launch', async (request, reply) => {
    const params = grantParams.safeParse(request.params);
    const grant = params.success ? await content.contentGrant(params.data.grant) : null;
    if (!grant) return expired(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', launcherCsp(grant.app))
      .header('cache-control', 'no-store')
      .send(launcherPage(grant.app));
  });

  content.get('/scorm/:grant/p/*', async (request, reply) => {
    const params = fileParams.safeParse(request.params);
    const grant = params.success ? await content.contentGrant(params.data.grant) : null;
    if (!params.success || !grant) return expired(reply);
    return sendPackageFile(ctx, request, reply, grant.tree, grant.app, params.data['*']);
  });
}

/**
 * Streams one file of a package. Byte ranges are honoured so audio and video inside packages can
 * seek. A package's files never change under a grant: cached for an hour, privately.
 */
async function sendPackageFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  treeKey: string,
  appOrigin: string,
  rawPath: string,
) {
  // openTreeFile decides whether the path is inside the tree and a file; ranges read the same file.
  const file = await ctx.files.openTreeFile(treeKey, rawPath);
  reply
    .header('content-type', contentTypeOf(rawPath))
    .header('accept-ranges', 'bytes')
    .header('content-security-policy', packageCsp(appOrigin))
    .header('cache-control', 'private, max-age=3600');
  const range = byteRange(request.headers.range, file.size);
  if (range === null) return reply.header('content-length', file.size).send(file.stream);
  file.stream.destroy();
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  const part = await ctx.files.openTreeFile(treeKey, rawPath, range);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(part.stream);
}
