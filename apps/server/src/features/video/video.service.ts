import { type TVideoStatus, videoMasterUrl, videoPosterUrl } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, notFound } from '../../core/errors/app-error.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import type { TreeFile } from '../../core/storage/file-store.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';
import { videoTranscodes } from '../../schema/video.table.ts';
import { canUseRepository, fileRepository, fileUrl } from '../catalogue/index.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    'video.transcode': { fileId: number };
  }
}

type Transcode = typeof videoTranscodes.$inferSelect;
type RepoFile = typeof repositoryFiles.$inferSelect;

/** Runs a transcode may take before it is failed for good (crashes and lost nodes included). */
export const MAX_RUNS = 3;
const NOT_VIDEO = 'This file is not a video.';
const NOT_READY = 'This video is not ready to play yet.';
const NEVER_CONVERTED = 'This video has not been converted for streaming yet.';

/** The only paths a tree holds; anything else is a 404 before the disk is touched. */
export const HLS_PATH = /^(master\.m3u8|v\d{1,2}\/(index\.m3u8|seg_\d{5}\.ts))$/;

/** Queues the transcode of a new upload, in the transaction that inserts its row. */
export async function queueTranscode(tx: DbOrTx, fileId: number, sourceKey: string) {
  await tx.insert(videoTranscodes).values({ fileId, sourceKey });
  // The handler counts its own runs (MAX_RUNS); the queue's limit only backs that up.
  await enqueue(tx, 'video.transcode', [{ fileId }], { maxAttempts: MAX_RUNS + 1 });
}

async function transcodeOf(db: DbOrTx, fileId: number): Promise<Transcode | undefined> {
  const [row] = await db.select().from(videoTranscodes).where(eq(videoTranscodes.fileId, fileId));
  return row;
}

/** Those who use the organisation's file repository (authors; superadmin: any) may queue a transcode again. */
const mayRetry = canUseRepository;

/** A video file the caller may watch: the file repository's download rule, then the kind. */
async function watchable(ctx: AppContext, auth: AuthContext, id: number): Promise<RepoFile> {
  const f = await fileRepository.forDownload(ctx, auth, id);
  if (f.kind !== 'video') throw notFound(NOT_VIDEO);
  return f;
}

function toStatus(f: RepoFile, row: Transcode | undefined, auth: AuthContext): TVideoStatus {
  const status = row?.status ?? 'failed';
  return {
    file: f.id,
    status,
    progress_percent: status === 'ready' ? 100 : (row?.progressPercent ?? 0),
    error: status === 'failed' ? (row?.error ?? NEVER_CONVERTED) : null,
    duration_seconds: row?.durationSeconds ?? null,
    renditions: (row?.renditions ?? []).map((r) => ({
      label: `${Math.min(r.width, r.height)}p`,
      width: r.width,
      height: r.height,
      bandwidth: r.bandwidth,
    })),
    master: status === 'ready' ? videoMasterUrl(f.id) : null,
    poster: row?.poster ? videoPosterUrl(f.id) : null,
    source: fileUrl(f.id),
    can_retry: status === 'failed' && mayRetry(auth, f),
    updated_at: (row?.updatedAt ?? f.createdAt).toISOString(),
  };
}

export const videos = {
  async status(ctx: AppContext, auth: AuthContext, id: number): Promise<TVideoStatus> {
    const f = await watchable(ctx, auth, id);
    return toStatus(f, await transcodeOf(ctx.db, f.id), auth);
  },

  /**
   * Queues a failed transcode again (or a video uploaded before transcoding existed) with a fresh
   * run count. Refused while it is queued, running or ready.
   */
  async retry(ctx: AppContext, auth: AuthContext, id: number): Promise<TVideoStatus> {
    const [f] = await ctx.db.select().from(repositoryFiles).where(eq(repositoryFiles.id, id));
    if (!f || !mayRetry(auth, f)) throw notFound('Could not get file repo data');
    if (f.kind !== 'video') throw notFound(NOT_VIDEO);
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [row] = await tx
        .select()
        .from(videoTranscodes)
        .where(eq(videoTranscodes.fileId, id))
        .for('update');
      if (!row) return queueTranscode(tx, f.id, f.storageKey);
      if (row.status === 'ready') throw conflict('This video is already converted.');
      if (row.status !== 'failed') throw conflict('This video is already being converted.');
      await tx
        .update(videoTranscodes)
        .set({
          status: 'queued',
          progressPercent: 0,
          error: null,
          attempts: 0,
          runId: null,
          startedAt: null,
          finishedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(videoTranscodes.id, row.id));
      await enqueue(tx, 'video.transcode', [{ fileId: f.id }], { maxAttempts: MAX_RUNS + 1 });
    });
    return toStatus(f, await transcodeOf(ctx.db, f.id), auth);
  },

  /** A playlist or segment of a ready video. */
  async hlsFile(ctx: AppContext, auth: AuthContext, id: number, relative: string) {
    if (!HLS_PATH.test(relative)) throw notFound('File not found.');
    const f = await watchable(ctx, auth, id);
    const row = await transcodeOf(ctx.db, f.id);
    if (row?.status !== 'ready' || !row.treeKey) throw notFound(NOT_READY);
    return ctx.files.openTreeFile(row.treeKey, relative);
  },

  /** The poster, which exists from early in the run (before the renditions are ready). */
  async poster(ctx: AppContext, auth: AuthContext, id: number): Promise<TreeFile> {
    const f = await watchable(ctx, auth, id);
    const row = await transcodeOf(ctx.db, f.id);
    if (!row?.poster || !row.treeKey) throw notFound('This video has no poster image yet.');
    return ctx.files.openTreeFile(row.treeKey, row.poster);
  },

  /**
   * After the repository row is gone (the foreign key set file_id null): the rows of that upload
   * and their trees. A run still going notices its row is gone and stops.
   */
  async removeFor(ctx: AppContext, sourceKey: string) {
    const gone = await ctx.db
      .delete(videoTranscodes)
      .where(eq(videoTranscodes.sourceKey, sourceKey))
      .returning({ treeKey: videoTranscodes.treeKey });
    for (const { treeKey } of gone) if (treeKey) await ctx.files.deleteTree(treeKey);
  },
};
