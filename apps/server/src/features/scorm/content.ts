import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { byteRange } from '../../core/http/byte-range.ts';
import { packages } from './packages.service.ts';

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
 * The policy of package responses only (the app keeps its strict one).
 * Authoring tools write inline scripts, inline styles and eval, so those are
 * allowed, but only from Atrium's own origin: nothing is loaded from or sent
 * to other sites. The frame must stay same-origin, because a SCO finds the
 * run-time by walking up to `window.parent.API` (SCORM API discovery); the
 * sandbox therefore allows same-origin and scripts, and withholds top
 * navigation so a package cannot take the learner away from the player.
 * Only admins and trainers can upload packages, which is what this trust rests on.
 */
export const PACKAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  'sandbox allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads',
].join('; ');

/**
 * Streams one file of a package to a caller who may see a course using it.
 * Byte ranges are honoured so audio and video inside packages can seek.
 */
export async function sendPackageFile(
  ctx: AppContext,
  auth: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  packageId: number,
  rawPath: string,
) {
  const pkg = await packages.forContent(ctx, auth, packageId);
  // openTreeFile decides whether the path is inside the tree and a file; ranges read the same file.
  const file = await ctx.files.openTreeFile(pkg.treeKey, rawPath);
  reply
    .header('content-type', contentTypeOf(rawPath))
    .header('accept-ranges', 'bytes')
    .header('content-security-policy', PACKAGE_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    // Private (per user rights), but a package's files never change: no need to re-ask for an hour.
    .header('cache-control', 'private, max-age=3600');
  const range = byteRange(request.headers.range, file.size);
  if (range === null) return reply.header('content-length', file.size).send(file.stream);
  file.stream.destroy();
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  const part = await ctx.files.openTreeFile(pkg.treeKey, rawPath, range);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(part.stream);
}
