import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse, PNG } from '../../../test/factories/catalogue.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import {
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../schema/courses.table.ts';
import { videoShares, videoTranscodes } from '../../schema/video.table.ts';
import { SHARED_READS_PER_MINUTE } from './video.share.routes.ts';

/**
 * Public share links (issue 23, "/hls"). The transcode is written directly (a ready tree with a
 * poster, a master and one rendition), as the cross-organisation test does: no ffmpeg needed.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;

const MASTER = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240\nv0/index.m3u8\n';
const INDEX = '#EXTM3U\n#EXTINF:2.0,\nseg_00000.ts\n#EXT-X-ENDLIST\n';

async function makeVideo(status: 'ready' | 'running' = 'ready') {
  const db = t.database.db;
  const key = `repository/video/${Math.random().toString(16).slice(2)}.mp4`;
  const [f] = await db
    .insert(repositoryFiles)
    .values({
      organisationId: acme.org.id,
      uploadedBy: acme.trainer.user.id,
      name: 'intro.mp4',
      kind: 'video',
      storageKey: key,
      contentType: 'video/mp4',
      size: 10,
    })
    .returning();
  const tree = await t.app.ctx.files.createTree('video');
  writeFileSync(path.join(tree.dir, 'poster.jpg'), PNG);
  writeFileSync(path.join(tree.dir, 'master.m3u8'), MASTER);
  mkdirSync(path.join(tree.dir, 'v0'));
  writeFileSync(path.join(tree.dir, 'v0', 'index.m3u8'), INDEX);
  writeFileSync(path.join(tree.dir, 'v0', 'seg_00000.ts'), Buffer.alloc(188, 0x47));
  await db.insert(videoTranscodes).values({
    fileId: f!.id,
    sourceKey: key,
    status,
    progressPercent: status === 'ready' ? 100 : 50,
    poster: 'poster.jpg',
    treeKey: tree.key,
  });
  return f!.id;
}

/** A course of acme's written by its trainer, holding the video. */
async function courseWith(fileId: number, status: 'draft' | 'published' = 'published') {
  const db = t.database.db;
  const course = await makeCourse(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    status,
  });
  const [mod] = await db
    .insert(courseModules)
    .values({ courseId: course.id, title: 'Videos', position: 1 })
    .returning();
  await db.insert(moduleFiles).values({ moduleId: mod!.id, fileId, position: 1 });
  return course;
}

const share = (fileId: number, body: unknown, token = acme.trainer.token) =>
  a.post(`/api/video/${fileId}/shares/`, token, body);
const created = async (fileId: number, course: number, expires_at?: string) => {
  const res = await share(fileId, { course, expires_at });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; token: string; url: string };
};
/** Signed out: no authorization header at all. */
const anon = (url: string) => t.app.inject({ method: 'GET', url });

describe('video share links', () => {
  beforeAll(async () => {
    t = await createTestApp();
    acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
    globex = await makeOrganisationWithStaff(t.database.db, t.config);
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets the course author share, and plays the link signed out under the token path', async () => {
    const video = await makeVideo();
    const course = await courseWith(video);
    const s = await created(video, course.id);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.url).toBe(`/hls?share=${s.token}`);
    const [row] = await t.database.db.select().from(videoShares).where(eq(videoShares.id, s.id));
    expect(row!.tokenHash).not.toContain(s.token);
    expect(row!.tokenHash).toHaveLength(64);

    const base = `/api/video/shared/${s.token}/`;
    const meta = await anon(base);
    expect(meta.statusCode, meta.body).toBe(200);
    expect(meta.json()).toMatchObject({
      title: 'intro.mp4',
      status: 'ready',
      master: `${base}hls/master.m3u8`,
      poster: `${base}poster.jpg`,
    });
    const poster = await anon(`${base}poster.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    const master = await anon(`${base}hls/master.m3u8`);
    expect(master.statusCode).toBe(200);
    // The same headers as the signed-in route.
    const signedIn = await a.get(`/api/video/${video}/hls/master.m3u8`, acme.learner.token);
    for (const h of ['content-type', 'cache-control', 'x-content-type-options']) {
      expect(master.headers[h], h).toBe(signedIn.headers[h]);
    }
    // Relative names only: hls.js resolves them under the token path.
    expect(master.body).not.toMatch(/\/api\/|https?:/);
    const index = await anon(`${base}hls/v0/index.m3u8`);
    expect(index.statusCode).toBe(200);
    const seg = await anon(`${base}hls/v0/seg_00000.ts`);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect((await anon(`${base}hls/../../etc/passwd`)).statusCode).toBe(404);
  });

  it('lists the links for the managers, and refuses learners and other organisations', async () => {
    const video = await makeVideo();
    const course = await courseWith(video);
    const s = await created(video, course.id);
    const list = await a.get(`/api/video/${video}/shares/`, acme.admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: s.id, course: course.id, active: true, revoked_at: null }),
    ]);
    expect(list.json()[0]).not.toHaveProperty('token');

    expect((await share(video, { course: course.id }, acme.learner.token)).statusCode).toBe(403);
    expect((await a.get(`/api/video/${video}/shares/`, acme.learner.token)).statusCode).toBe(403);
    for (const who of [globex.admin, globex.trainer]) {
      expect((await share(video, { course: course.id }, who.token)).statusCode).toBe(404);
      expect((await a.get(`/api/video/${video}/shares/`, who.token)).statusCode).toBe(404);
      const revoke = await a.post(`/api/video/shares/${s.id}/revoke/`, who.token, {});
      expect(revoke.statusCode).toBe(404);
    }
  });

  it('refuses a trainer who did not write the course, a video not in it, and one not converted', async () => {
    const video = await makeVideo();
    const other = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      status: 'published',
    });
    const notMine = await courseWith(video);
    await t.database.db
      .update(courses)
      .set({ createdBy: other.createdBy })
      .where(eq(courses.id, notMine.id));
    expect((await share(video, { course: notMine.id })).statusCode).toBe(403);
    expect((await share(video, { course: other.id }, acme.admin.token)).statusCode).toBe(404);

    const converting = await makeVideo('running');
    const course = await courseWith(converting);
    expect((await share(converting, { course: course.id })).statusCode).toBe(409);
    const past = await share(
      video,
      { course: notMine.id, expires_at: '2020-01-01T00:00:00Z' },
      acme.admin.token,
    );
    expect(past.statusCode).toBe(400);
  });

  it('answers 404 for unknown, revoked, expired and unpublished links', async () => {
    const video = await makeVideo();
    const course = await courseWith(video);
    const playing = async (token: string) => (await anon(`/api/video/shared/${token}/`)).statusCode;

    expect(await playing('x'.repeat(43))).toBe(404);

    const revoked = await created(video, course.id);
    const res = await a.post(`/api/video/shares/${revoked.id}/revoke/`, acme.admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: false });
    expect(res.json().revoked_at).not.toBeNull();
    expect(await playing(revoked.token)).toBe(404);
    expect((await anon(`/api/video/shared/${revoked.token}/hls/master.m3u8`)).statusCode).toBe(404);

    const expiring = await created(video, course.id, new Date(Date.now() + 60_000).toISOString());
    expect(await playing(expiring.token)).toBe(200);
    await t.database.db
      .update(videoShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(videoShares.id, expiring.id));
    expect(await playing(expiring.token)).toBe(404);
    expect((await anon(`/api/video/shared/${expiring.token}/poster.jpg`)).statusCode).toBe(404);

    const draft = await courseWith(video, 'draft');
    const unpublished = await created(video, draft.id);
    expect(await playing(unpublished.token)).toBe(404);
    await t.database.db
      .update(courses)
      .set({ status: 'published' })
      .where(eq(courses.id, draft.id));
    expect(await playing(unpublished.token)).toBe(200);
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, draft.id));
    expect(await playing(unpublished.token)).toBe(404);
  });

  it(`limits public reads per address (${SHARED_READS_PER_MINUTE} a minute)`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= SHARED_READS_PER_MINUTE; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/video/shared/${'z'.repeat(43)}/`,
        remoteAddress: '10.9.8.5',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, SHARED_READS_PER_MINUTE).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('audits creating and revoking', async () => {
    const video = await makeVideo();
    const course = await courseWith(video);
    const s = await created(video, course.id);
    await a.post(`/api/video/shares/${s.id}/revoke/`, acme.trainer.token, {});
    await a.post(`/api/video/shares/${s.id}/revoke/`, acme.trainer.token, {});
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          like(auditEvents.action, 'video.share_%'),
          eq(auditEvents.actorId, acme.trainer.user.id),
        ),
      );
    const mine = rows.filter((r) => (r.details as { share?: number } | null)?.share === s.id);
    expect(mine.map((r) => r.action).sort()).toEqual([
      'video.share_created',
      'video.share_revoked',
    ]);
    expect(mine.every((r) => r.organisationId === acme.org.id)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain(s.token);
  });
});
