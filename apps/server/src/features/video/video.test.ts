import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { courseModules, courses, moduleFiles } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { videoTranscodes } from '../../schema/video.table.ts';
import { planRenditions, probe, transcodeHls } from './video.ffmpeg.ts';
import { runTranscode, touchJob } from './video.job.ts';
import { MAX_RUNS } from './video.service.ts';

/**
 * Real ffmpeg on tiny generated videos (a second or two each). CI installs ffmpeg; on a machine
 * without it these tests are skipped with a message rather than failing.
 */
const hasFfmpeg =
  spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0;
if (!hasFfmpeg) {
  if (process.env.CI) throw new Error('ffmpeg and ffprobe must be installed in CI');
  console.warn('Skipping the video transcoding tests: ffmpeg/ffprobe are not installed.');
}

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
let work: string;
const media: Record<'small' | 'silent' | 'corrupt', Buffer> = {} as never;

/** `ffmpeg -f lavfi` test pattern (and tone): a valid video of the given size and length. */
function makeVideo(name: string, size: string, seconds: number, audio: boolean): Buffer {
  const out = path.join(work, name);
  execFileSync('ffmpeg', [
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${size}:rate=10`,
    ],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-shortest'] : []),
    ...['-pix_fmt', 'yuv420p', out],
  ]);
  return readFileSync(out);
}

const upload = async (filename: string, content: Buffer) => {
  const res = await a.form('POST', '/api/courses/file-repo/', acme.trainer.token, [
    { name: 'file', filename, content },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const status = (id: number, token = acme.trainer.token) => a.get(`/api/video/${id}/`, token);
const row = async (fileId: number) =>
  (await t.database.db.select().from(videoTranscodes).where(eq(videoTranscodes.fileId, fileId)))[0];
const treeDir = (key: string) => path.join(t.config.dataDir, 'files', ...key.split('/'));
const drain = () => t.app.ctx.jobs.drain();

/** Puts the file in a module of a new course of acme's, with the given status. */
async function useInCourse(fileId: number, status: 'draft' | 'published') {
  const course = await makeCourse(t.database.db, { organisationId: acme.org.id, status });
  const [mod] = await t.database.db
    .insert(courseModules)
    .values({ courseId: course.id, title: 'Videos', position: 1 })
    .returning();
  const [item] = await t.database.db
    .insert(moduleFiles)
    .values({ moduleId: mod!.id, fileId, position: 1 })
    .returning();
  return { ...course, moduleFileId: item!.id };
}

describe.skipIf(!hasFfmpeg)('video transcoding', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'atrium-video-'));
    media.small = makeVideo('small.mp4', '320x240', 2, true);
    media.silent = makeVideo('silent.mp4', '640x480', 1, false);
    // A real MP4 header (so the upload passes the content check) followed by garbage.
    media.corrupt = Buffer.concat([media.small.subarray(0, 32), Buffer.alloc(20_000, 7)]);
    t = await createTestApp();
    acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
    globex = await makeOrganisationWithStaff(t.database.db, t.config);
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('queues a transcode on upload and makes HLS renditions and a poster', async () => {
    const f = await upload('intro.mp4', media.small);
    const queued = await status(f.id);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({
      file: f.id,
      status: 'queued',
      progress_percent: 0,
      error: null,
      master: null,
      source: `/api/courses/file-repo/${f.id}/download/`,
    });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, 'video.transcode'));
    expect(job).toMatchObject({ status: 'queued', payload: { fileId: f.id } });
    expect((await a.get(`/api/video/${f.id}/hls/master.m3u8`, acme.trainer.token)).statusCode).toBe(
      404,
    );

    await drain();
    const ready = (await status(f.id)).json();
    expect(ready).toMatchObject({
      status: 'ready',
      progress_percent: 100,
      error: null,
      master: `/api/video/${f.id}/hls/master.m3u8`,
      poster: `/api/video/${f.id}/poster.jpg`,
      can_retry: false,
    });
    expect(ready.duration_seconds).toBeCloseTo(2, 0);
    // A 240p source is never scaled up: one rendition, its own size.
    expect(ready.renditions).toEqual([
      { label: '240p', width: 320, height: 240, bandwidth: expect.any(Number) },
    ]);

    const master = await a.get(ready.master, acme.trainer.token);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    expect(master.body).toContain('RESOLUTION=320x240');
    expect(master.body).toContain('mp4a.40.2');
    const variant = await a.get(`/api/video/${f.id}/hls/v0/index.m3u8`, acme.trainer.token);
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    const segment = variant.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const ts = await a.get(`/api/video/${f.id}/hls/v0/${segment}`, acme.trainer.token);
    expect(ts.statusCode).toBe(200);
    expect(ts.headers['content-type']).toBe('video/mp2t');
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await a.get(ready.poster, acme.trainer.token);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.type, 'video.transcode'));
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    // The heartbeat of a long run refreshes its own running job only.
    const stale = new Date(Date.now() - 3600_000);
    await t.database.db
      .update(jobs)
      .set({ status: 'running', lockedAt: stale })
      .where(eq(jobs.id, done!.id));
    expect(await touchJob(t.app.ctx, f.id + 1000)).toBe(0);
    expect(await touchJob(t.app.ctx, f.id)).toBe(1);
    const [touched] = await t.database.db.select().from(jobs).where(eq(jobs.id, done!.id));
    expect(touched!.lockedAt!.getTime()).toBeGreaterThan(stale.getTime());
    await t.database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, done!.id));
  });

  it('makes several renditions where the source allows, without audio when it has none', async () => {
    const f = await upload('silent.mp4', media.silent);
    await drain();
    const ready = (await status(f.id)).json();
    expect(ready.status).toBe('ready');
    expect(ready.renditions.map((r: { label: string }) => r.label)).toEqual(['360p', '480p']);
    const master = (await a.get(ready.master, acme.admin.token)).body;
    expect(master).toContain('RESOLUTION=480x360');
    expect(master).toContain('RESOLUTION=640x480');
    expect(master).not.toContain('mp4a');
  });

  it('reports progress as ffmpeg goes, and stops at the time limit', async () => {
    const file = path.join(work, 'small.mp4');
    const probed = await probe(file);
    const plan = planRenditions(probed);
    const seen: number[] = [];
    const out = mkdtempSync(path.join(work, 'hls-'));
    await transcodeHls(file, out, plan, probed, {
      timeoutMs: 60_000,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...seen)).toBeLessThanOrEqual(99);
    await expect(
      transcodeHls(file, out, plan, probed, { timeoutMs: 1, onProgress: () => {} }),
    ).rejects.toThrow(/^Converting the video took longer than the 1 minute limit/);
  });

  it('fails a corrupt video once, with a clear message, and lets authors retry', async () => {
    const f = await upload('broken.mp4', media.corrupt);
    await drain();
    const failed = (await status(f.id)).json();
    expect(failed).toMatchObject({ status: 'failed', master: null, poster: null, can_retry: true });
    expect(failed.error).toMatch(/^This file could not be read as a video\./);
    // ffmpeg's own words follow, without the server's paths.
    expect(failed.error).toContain('(the video: Invalid data found when processing input)');
    expect(failed.error).not.toContain(t.config.dataDir);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'video.transcode'), eq(jobs.payload, { fileId: f.id })));
    // Not retried: the job ended, and nothing is left on disk.
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await row(f.id))!.treeKey).toBeNull();

    expect((await a.post(`/api/video/${f.id}/retry/`, acme.learner.token, {})).statusCode).toBe(
      403,
    );
    expect((await a.post(`/api/video/${f.id}/retry/`, globex.admin.token, {})).statusCode).toBe(
      404,
    );
    const retried = await a.post(`/api/video/${f.id}/retry/`, acme.trainer.token, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', error: null, can_retry: false });
    const again = await a.post(`/api/video/${f.id}/retry/`, acme.trainer.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This video is already being converted.');
    await drain();
    expect((await status(f.id)).json().status).toBe('failed');
  });

  it('serves only those who may see a course using the video', async () => {
    const f = await upload('lesson.mp4', media.small);
    await drain();
    const course = await useInCourse(f.id, 'draft');
    const urls = [
      `/api/video/${f.id}/`,
      `/api/video/${f.id}/hls/master.m3u8`,
      `/api/video/${f.id}/hls/v0/index.m3u8`,
      `/api/video/${f.id}/poster.jpg`,
    ];
    for (const url of urls) {
      expect((await a.get(url, acme.learner.token)).statusCode, url).toBe(404); // draft course
      expect((await a.get(url, globex.admin.token)).statusCode, url).toBe(404);
      expect((await a.get(url, acme.admin.token)).statusCode, url).toBe(200);
    }
    await t.database.db
      .update(courses)
      .set({ status: 'published' })
      .where(eq(courses.id, course.id));
    for (const url of urls) {
      expect((await a.get(url, acme.learner.token)).statusCode, url).toBe(200);
      expect((await a.get(url, globex.learner.token)).statusCode, url).toBe(404);
    }
    const learnerView = (await status(f.id, acme.learner.token)).json();
    expect(learnerView.can_retry).toBe(false);
    // Only the names a tree holds; no way out of it.
    for (const bad of ['../../../etc/passwd', 'v0/..%2F..%2Fmaster.m3u8', 'poster.jpg', 'x.ts'])
      expect((await a.get(`/api/video/${f.id}/hls/${bad}`, acme.admin.token)).statusCode).toBe(404);
    // Not a video: 404 with a reason.
    const pdf = await a.form('POST', '/api/courses/file-repo/', acme.trainer.token, [
      { name: 'file', filename: 'a.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const notVideo = await status(pdf.json().id);
    expect(notVideo.statusCode).toBe(404);
    expect(notVideo.json().message).toBe('This file is not a video.');
  });

  it("records a learner's watch time and completion through the course progress endpoint", async () => {
    const f = await upload('watch.mp4', media.small);
    await drain();
    const course = await useInCourse(f.id, 'published');
    await t.database.db
      .insert(courseEnrolments)
      .values({ courseId: course.id, userId: acme.learner.user.id, status: 'enrolled' });
    const report = (body: object) =>
      a.post('/api/courses/module-file-user-status/', acme.learner.token, {
        module_file: course.moduleFileId,
        ...body,
      });
    // What the player sends: watch time as it plays, then completed at 90% watched.
    const playing = await report({ status: 'in_progress', time_spent: 1 });
    expect(playing.statusCode, playing.body).toBe(200);
    expect(playing.json().files[0]).toMatchObject({ status: 'in_progress', time_spent: 1 });
    const watched = (await report({ status: 'completed', time_spent: 1 })).json();
    expect(watched.files[0]).toMatchObject({ status: 'completed', time_spent: 2 });
    expect(watched).toMatchObject({ status: 'completed', progress_percent: 100 });
  });

  it('starts over in a fresh tree when a run was interrupted', async () => {
    const f = await upload('crash.mp4', media.small);
    await drain();
    const before = (await row(f.id))!;
    // As a node that died mid-run leaves it: running, owned by a run that no longer exists.
    await t.database.db
      .update(videoTranscodes)
      .set({ status: 'running', runId: crypto.randomUUID(), progressPercent: 40 })
      .where(eq(videoTranscodes.id, before.id));
    await runTranscode(t.app.ctx, f.id);
    const after = (await row(f.id))!;
    expect(after).toMatchObject({ status: 'ready', progressPercent: 100, attempts: 2 });
    expect(after.treeKey).not.toBe(before.treeKey);
    expect(existsSync(treeDir(before.treeKey!))).toBe(false);
    expect(existsSync(path.join(treeDir(after.treeKey!), 'master.m3u8'))).toBe(true);
    // A duplicate job for a finished video does nothing.
    await runTranscode(t.app.ctx, f.id);
    expect((await row(f.id))!.treeKey).toBe(after.treeKey);

    // A run that died MAX_RUNS times is not started again: the video fails with a reason.
    await t.database.db
      .update(videoTranscodes)
      .set({ status: 'running', attempts: MAX_RUNS })
      .where(eq(videoTranscodes.id, before.id));
    await runTranscode(t.app.ctx, f.id);
    const gaveUp = (await row(f.id))!;
    expect(gaveUp).toMatchObject({ status: 'failed', treeKey: null, poster: null });
    expect(gaveUp.error).toMatch(/^Converting the video failed 3 times\./);
    expect(existsSync(treeDir(after.treeKey!))).toBe(false);
  });

  it('deletes the renditions with the file', async () => {
    const f = await upload('gone.mp4', media.small);
    await drain();
    const { treeKey } = (await row(f.id))!;
    expect(existsSync(treeDir(treeKey!))).toBe(true);
    const res = await a.del(`/api/courses/file-repo/${f.id}/`, acme.trainer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(treeDir(treeKey!))).toBe(false);
    expect(await row(f.id)).toBeUndefined();
    expect((await a.get(`/api/video/${f.id}/`, acme.trainer.token)).statusCode).toBe(404);
  });

  it('stops a run whose file is deleted meanwhile and leaves nothing behind', async () => {
    const f = await upload('removed.mp4', media.small);
    const running = runTranscode(t.app.ctx, f.id);
    const res = await a.del(`/api/courses/file-repo/${f.id}/`, acme.trainer.token);
    expect(res.statusCode).toBe(200);
    await running;
    const trees = path.join(t.config.dataDir, 'files', 'trees', 'video');
    const left = existsSync(trees) ? readdirSync(trees) : [];
    const owned = await t.database.db.select({ k: videoTranscodes.treeKey }).from(videoTranscodes);
    expect(left.sort()).toEqual(
      owned
        .map((o) => o.k?.split('/').pop())
        .filter(Boolean)
        .sort(),
    );
  });
});
