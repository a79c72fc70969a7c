import type { TCredentialVerification } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import type { credentials } from '../../schema/credentials.table.ts';
import { images } from '../../schema/images.table.ts';
import { bake, initialsPng, isPng } from './credentials.bake.ts';
import { loaderFor } from './credentials.issue.ts';
import { findCredential, statusListById } from './credentials.repository.ts';
import { verifyCredentialDocument } from './credentials.verify.ts';

/**
 * The public reads: a credential's JSON (a download), its badge PNG with the credential baked in,
 * its verification, and the status lists. A credential's uuid is the capability to see it (as a
 * certificate's code is): unguessable, and what the learner shares.
 */

const NOT_FOUND = 'No credential has this address.';
type CredentialRow = typeof credentials.$inferSelect;

async function credentialFor(ctx: AppContext, uuid: string): Promise<CredentialRow> {
  const row = await findCredential(ctx.db, uuid);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function sendJson(reply: FastifyReply, document: unknown, filename?: string) {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (filename) reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(JSON.stringify(document, null, 2));
}

export async function sendCredential(ctx: AppContext, uuid: string, reply: FastifyReply) {
  const row = await credentialFor(ctx, uuid);
  return sendJson(reply, row.document, `${row.kind}-credential-${row.uuid}.json`);
}

export async function verifyStored(
  ctx: AppContext,
  uuid: string,
): Promise<TCredentialVerification> {
  const row = await credentialFor(ctx, uuid);
  return verifyCredentialDocument(row.document, loaderFor(ctx.db));
}

export function verifyPasted(ctx: AppContext, body: Record<string, unknown>) {
  // `{credential: {...}}` (a form's field) or the credential itself.
  const keys = Object.keys(body);
  const credential = keys.length === 1 && keys[0] === 'credential' ? body.credential : body;
  return verifyCredentialDocument(credential, loaderFor(ctx.db));
}

export async function sendStatusList(ctx: AppContext, id: number, reply: FastifyReply) {
  const document = await statusListById(ctx.db, id);
  if (!document) throw notFound('No status list has this address.');
  reply.header('cache-control', 'public, max-age=60');
  return sendJson(reply, document);
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

/**
 * The badge's image as PNG: the image-store image of the award (the credential's own
 * organisation's only), else a generated one with the badge's initials.
 */
async function badgeImage(ctx: AppContext, row: CredentialRow): Promise<Buffer> {
  if (row.imageUuid) {
    const [image] = await ctx.db
      .select({ storageKey: images.storageKey })
      .from(images)
      .where(and(eq(images.uuid, row.imageUuid), eq(images.organisationId, row.organisationId)));
    if (image && (await ctx.files.stat(image.storageKey))) {
      const bytes = await streamToBuffer(await ctx.files.open(image.storageKey));
      try {
        return isPng(bytes) ? bytes : await sharp(bytes).png().toBuffer();
      } catch (error) {
        ctx.log.warn({ err: error, credential: row.uuid }, 'badge image unreadable; initials used');
      }
    }
  }
  const subject = row.document.credentialSubject as
    | { achievement?: { name?: unknown } }
    | undefined;
  const name = typeof subject?.achievement?.name === 'string' ? subject.achievement.name : '';
  return initialsPng(name);
}

export async function sendBadgePng(ctx: AppContext, uuid: string, reply: FastifyReply) {
  const row = await credentialFor(ctx, uuid);
  if (row.kind !== 'badge') throw notFound('This credential is not a badge: it has no image.');
  const png = bake(await badgeImage(ctx, row), JSON.stringify(row.document));
  reply.header('content-type', 'image/png');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('content-disposition', `inline; filename="badge-${row.uuid}.png"`);
  reply.header('cache-control', 'no-cache');
  return reply.send(png);
}
