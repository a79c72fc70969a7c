import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { type StoredRendition, videoTranscodes } from '../../schema/video.table.ts';
import {
  makePoster,
  planRenditions,
  probe,
  readMaster,
  transcodeHls,
  transcodeTimeoutMs,
} from './video.ffmpeg.ts';
import { MAX_RUNS } from './video.service.ts';
import { TranscodeFailure } from './video.tools.ts';

/** Progress reaches the database at most this often. */
const PROGRESS_EVERY_MS = 2000;
/**
 * How often a run proves it is alive: the queue hands a job that has been 'running' for 10
 * minutes to another node, and a long video takes longer than that.
 */
const HEARTBEAT_EVERY_MS = 60_000;

const GAVE_UP = `Converting the video failed ${MAX_RUNS} times. Try again later; if it keeps failing, upload the video again.`;

class Superseded extends Error {}

/** Keeps the queue from handing a long transcode to another node (see HEARTBEAT_EVERY_MS). */
export async function touchJob(ctx: AppContext, fileId: number): Promise<number> {
  const touched = await ctx.db
    .update(jobs)
    .set({ lockedAt: new Date() })
    .where(
      and(
        eq(jobs.type, 'video.transcode'),
        eq(jobs.status, 'running'),
        sql`(${jobs.payload}->>'fileId')::int = ${fileId}`,
      ),
    )
    .returning({ id: jobs.id });
  return touched.length;
}

/**
 * The 'video.transcode' job. Idempotent: a re-run (a node died mid-way, the queue took the job up
 * again) starts over in a fresh tree and deletes the old one. A deterministic failure marks the
 * row failed and ends the job; anything else is retried by the queue up to MAX_RUNS runs.
 */
export async function runTranscode(ctx: AppContext, fileId: number): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(videoTranscodes)
    .where(eq(videoTranscodes.fileId, fileId));
  // Deleted meanwhile, or already finished by an earlier copy of the job: nothing to do.
  if (!row || row.status === 'ready' || row.status === 'failed') return;
  const runId = randomUUID();
  if (row.attempts >= MAX_RUNS) {
    // The last run died with its node: what it left is no use.
    if (row.treeKey) await ctx.files.deleteTree(row.treeKey);
    await ctx.db
      .update(videoTranscodes)
      .set({
        status: 'failed',
        treeKey: null,
        poster: null,
        error: GAVE_UP,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(videoTranscodes.id, row.id), eq(videoTranscodes.attempts, row.attempts)));
    return;
  }
  const tree = await ctx.files.createTree('video');
  const [claimed] = await ctx.db
    .update(videoTranscodes)
    .set({
      status: 'running',
      attempts: sql`${videoTranscodes.attempts} + 1`,
      runId,
      treeKey: tree.key,
      progressPercent: 0,
      error: null,
      renditions: [],
      poster: null,
      durationSeconds: null,
      startedAt: new Date(),
      finishedAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(videoTranscodes.id, row.id),
        inArray(videoTranscodes.status, ['queued', 'running']),
        row.runId === null
          ? sql`${videoTranscodes.runId} is null`
          : eq(videoTranscodes.runId, row.runId),
      ),
    )
    .returning({ id: videoTranscodes.id });
  if (!claimed) {
    // Another node claimed it between our read and write.
    await ctx.files.deleteTree(tree.key);
    return;
  }
  // What an earlier, interrupted run left behind.
  if (row.treeKey) await ctx.files.deleteTree(row.treeKey);

  const mine = and(eq(videoTranscodes.id, row.id), eq(videoTranscodes.runId, runId));
  const abort = new AbortController();
  /** Writes to our row only while we own it; stops the run when we no longer do. */
  const write = async (values: Partial<typeof videoTranscodes.$inferInsert>) => {
    const done = await ctx.db
      .update(videoTranscodes)
      .set({ ...values, updatedAt: new Date() })
      .where(mine)
      .returning({ id: videoTranscodes.id });
    if (done.length === 0) {
      abort.abort();
      throw new Superseded();
    }
  };
  const heartbeat = setInterval(() => {
    void (async () => {
      await touchJob(ctx, fileId);
      await write({});
    })().catch((err) => {
      if (!(err instanceof Superseded)) ctx.log.warn({ err, fileId }, 'video heartbeat failed');
    });
  }, HEARTBEAT_EVERY_MS);

  try {
    const source = ctx.files.localPath(row.sourceKey);
    const probed = await probe(source, abort.signal);
    const plan = planRenditions(probed);
    await write({ durationSeconds: probed.durationSeconds });
    // A poster is a still: 720p at most keeps it light.
    const posterSize = plan.filter((r) => Math.min(r.width, r.height) <= 720).at(-1) ?? plan[0]!;
    if (
      await makePoster(source, path.join(tree.dir, 'poster.jpg'), probed, posterSize, abort.signal)
    )
      await write({ poster: 'poster.jpg' });

    let last = 0;
    let writing: Promise<void> = Promise.resolve();
    await transcodeHls(source, tree.dir, plan, probed, {
      timeoutMs: transcodeTimeoutMs(probed.durationSeconds),
      signal: abort.signal,
      onProgress: (percent) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        // One write at a time; a failed one (superseded) aborts ffmpeg through `write`.
        writing = writing
          .then(() => write({ progressPercent: percent }))
          .catch((err) => {
            // Progress is best effort; a superseded run has been aborted by `write`.
            if (!(err instanceof Superseded))
              ctx.log.warn({ err, fileId }, 'video progress not saved');
          });
      },
    });
    await writing;
    if (abort.signal.aborted) throw new Superseded();
    const master = readMaster(await readFile(path.join(tree.dir, 'master.m3u8'), 'utf8'));
    if (master.length === 0) throw new Error('ffmpeg wrote no master playlist');
    const renditions: StoredRendition[] = master.map((v, i) => ({
      name: path.dirname(v.uri),
      width: v.width || plan[i]!.width,
      height: v.height || plan[i]!.height,
      bandwidth: v.bandwidth,
    }));
    await write({ status: 'ready', progressPercent: 100, renditions, finishedAt: new Date() });
  } catch (err) {
    if (err instanceof Superseded || abort.signal.aborted) {
      // The file was deleted or another run owns the row now: leave no files behind.
      await ctx.files.deleteTree(tree.key);
      return;
    }
    await ctx.files.deleteTree(tree.key);
    const final = err instanceof TranscodeFailure || row.attempts + 1 >= MAX_RUNS;
    const message = err instanceof TranscodeFailure ? err.message : GAVE_UP;
    await write({
      status: final ? 'failed' : 'queued',
      error: final ? message : null,
      treeKey: null,
      poster: null,
      progressPercent: 0,
      finishedAt: final ? new Date() : null,
    }).catch(() => {});
    if (final) {
      ctx.log.warn({ err, fileId }, 'video transcode failed');
      return;
    }
    // A passing problem (database, disk, a killed process): the queue tries again later.
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}
