import { createHash } from 'node:crypto';
import type { TLinkPreview } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { defineJob } from '../../core/module.ts';
import { linkPreviews, wallPosts } from '../../schema/wall.table.ts';
import { fetchPreview, type PreviewPolicies, previewPolicies } from './wall.fetch.ts';
import { previewImageUrl } from './wall.present.ts';
import { publishPostUpdated } from './wall.realtime.ts';
import './wall.events.ts';

/**
 * The link-preview cache (`link_previews`, one row per URL): a fetch's result is reused for 24 h
 * when it worked and 1 h when it did not, by the composer's preview call and by posts alike. A
 * post never waits on the network: without a fresh row it is written with no preview and the
 * `wall.link_preview` job fetches one, attaches it and tells the post's audience.
 */

export const OK_TTL_MS = 24 * 3_600_000;
export const FAILED_TTL_MS = 3_600_000;
const NOT_FOUND = 'No such preview image.';

export type PreviewRow = typeof linkPreviews.$inferSelect;

export const urlHash = (url: string) => createHash('sha256').update(url).digest('hex');

export const isFresh = (row: PreviewRow, now = new Date()) =>
  now.getTime() - row.fetchedAt.getTime() < (row.status === 'ok' ? OK_TTL_MS : FAILED_TTL_MS);

export async function cachedPreview(db: DbOrTx, url: string): Promise<PreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(linkPreviews)
    .where(eq(linkPreviews.urlHash, urlHash(url)));
  return row;
}

/** Tests swap the policies (a resolver of their own); the app builds them from its config. */
let policiesFor = (ctx: AppContext): PreviewPolicies => previewPolicies(ctx.config);
export function setPreviewPolicies(make: (ctx: AppContext) => PreviewPolicies) {
  const before = policiesFor;
  policiesFor = make;
  return () => {
    policiesFor = before;
  };
}

/** The fresh cached row, else a fetch now whose result (ok or failed) replaces the cached one. */
export async function previewFor(ctx: AppContext, url: string): Promise<PreviewRow> {
  const cached = await cachedPreview(ctx.db, url);
  if (cached && isFresh(cached)) return cached;
  const fetched = await fetchPreview(url, policiesFor(ctx), ctx.log);
  const stored = fetched?.image
    ? await ctx.files
        .put(fetched.image.data, {
          originalName: 'preview.webp',
          allowedExtensions: ['webp'],
          maxBytes: 5 * 1024 * 1024,
          prefix: 'link-previews',
        })
        .catch((err) => {
          ctx.log.warn({ err, url }, 'preview image not stored');
          return null;
        })
    : null;
  const values = {
    url,
    status: fetched ? ('ok' as const) : ('failed' as const),
    siteName: fetched?.siteName ?? '',
    title: fetched?.title ?? '',
    description: fetched?.description ?? '',
    imageKey: stored?.key ?? null,
    imageMime: stored ? 'image/webp' : null,
    fetchedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(linkPreviews)
    .values({ urlHash: urlHash(url), ...values })
    .onConflictDoUpdate({ target: linkPreviews.urlHash, set: values })
    .returning();
  if (cached?.imageKey && cached.imageKey !== row!.imageKey) {
    await ctx.files
      .delete(cached.imageKey)
      .catch((err) => ctx.log.warn({ err }, 'old preview image not removed'));
  }
  return row!;
}

export function toPreview(row: PreviewRow, url = row.url): TLinkPreview | null {
  if (row.status !== 'ok') return null;
  return {
    url,
    site_name: row.siteName,
    title: row.title,
    description: row.description,
    image: row.imageKey ? previewImageUrl(row.id) : null,
  };
}

/** POST /api/feed/link-preview/: the composer's preview, fetched now (or cached); never a 5xx. */
export async function linkPreview(
  ctx: AppContext,
  url: string,
): Promise<{ preview: TLinkPreview | null }> {
  try {
    return { preview: toPreview(await previewFor(ctx, url), url) };
  } catch (err) {
    ctx.log.warn({ err, url }, 'link preview failed');
    return { preview: null };
  }
}

/** What a post's link gets when written: a fresh cached preview, or a job to fetch one. */
export async function previewOnWrite(
  db: DbOrTx,
  url: string | null,
): Promise<{ previewId: number | null; fetch: boolean }> {
  if (url === null) return { previewId: null, fetch: false };
  const cached = await cachedPreview(db, url);
  if (!cached || !isFresh(cached)) return { previewId: null, fetch: true };
  return { previewId: cached.status === 'ok' ? cached.id : null, fetch: false };
}

export const linkPreviewJob = defineJob({
  type: 'wall.link_preview',
  async handle(ctx, { postId }) {
    const [post] = await ctx.db
      .select({ linkUrl: wallPosts.linkUrl })
      .from(wallPosts)
      .where(eq(wallPosts.id, postId));
    if (!post?.linkUrl) return;
    const row = await previewFor(ctx, post.linkUrl);
    if (row.status !== 'ok') return;
    // Only while the post still links there (an edit may have changed it meanwhile).
    const updated = await ctx.db
      .update(wallPosts)
      .set({ linkPreviewId: row.id })
      .where(and(eq(wallPosts.id, postId), eq(wallPosts.linkUrl, post.linkUrl)))
      .returning({ id: wallPosts.id });
    if (updated.length > 0) await publishPostUpdated(ctx, postId);
  },
});

/**
 * GET /api/feed/previews/{id}/image/: to members of an organisation with a post that shows the
 * preview (404 otherwise). The bytes are Atrium's re-encoding; the headers stop any sniffing.
 */
export async function sendPreviewImage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reply: FastifyReply,
) {
  const [row] = await ctx.db
    .select({ key: linkPreviews.imageKey, mime: linkPreviews.imageMime })
    .from(linkPreviews)
    .where(
      and(
        eq(linkPreviews.id, id),
        sql`exists (select 1 from ${wallPosts} where ${wallPosts.linkPreviewId} = ${linkPreviews.id}
          and ${wallPosts.organisationId} = ${actor.organisationId})`,
      ),
    );
  if (!row?.key) throw notFound(NOT_FOUND);
  const stat = await ctx.files.stat(row.key);
  if (!stat) throw notFound(NOT_FOUND);
  return reply
    .type(row.mime ?? 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline; filename="preview.webp"')
    .header('cache-control', 'private, max-age=86400')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(await ctx.files.open(row.key));
}
