import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { enrolledLearner, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse, makeModule, PNG, storedFiles } from '../../../test/factories/catalogue.ts';
import { buildGlb, panorama } from '../../../test/factories/xr.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { moduleFiles, repositoryFiles } from '../../schema/courses.table.ts';
import { courseEnrolments, moduleFileProgress } from '../../schema/enrolments.table.ts';
import { xrScenes } from '../../schema/xr.table.ts';

/**
 * The AR/VR studio over HTTP: uploads checked and stored (or nothing left behind), hotspots,
 * the studio's boundaries (learners 403, other organisations 404), the asset's headers and who
 * gets it, and completion once every hotspot has been visited.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
});
afterAll(() => t.close());

const upload = (token: string, filename: string, content: Buffer, title = 'Engine room') =>
  a.form('POST', '/api/xr/scenes/', token, [
    { name: 'title', value: title },
    { name: 'asset', filename, content },
  ]);

async function modelScene(token = acme.trainer.token) {
  const res = await upload(token, 'engine.glb', buildGlb());
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; file_id: number; asset_url: string };
}

const spot = (title: string, yaw = 0) => ({
  title,
  text: `About ${title}`,
  placement: { yaw, pitch: 0 },
});
const modelSpot = (title: string) => ({
  title,
  placement: { position: '0.5 0.5 0', normal: '0 0 1' },
});

describe('uploads', () => {
  it('stores a GLB as a scene and a repository file of kind xr, audited', async () => {
    const res = await upload(acme.trainer.token, 'engine.glb', buildGlb());
    expect(res.statusCode, res.body).toBe(201);
    const scene = res.json();
    expect(scene).toMatchObject({
      title: 'Engine room',
      media: 'model',
      content_type: 'model/gltf-binary',
      hotspot_count: 0,
      used_by_modules: 0,
      abilities: { edit: true, delete: true },
    });
    const [file] = await t.database.db
      .select()
      .from(repositoryFiles)
      .where(eq(repositoryFiles.id, scene.file_id));
    expect(file).toMatchObject({ kind: 'xr', name: 'Engine room', organisationId: acme.org.id });
    expect(file!.storageKey).toMatch(/^xr\/models\/.+\.glb$/);
    const repo = await a.get('/api/courses/file-repo/?kind=xr', acme.admin.token);
    expect(repo.statusCode).toBe(200);
    expect(repo.json().results.map((f: { id: number }) => f.id)).toContain(scene.file_id);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'xr.scene_created'));
    expect(audit.some((e) => (e.details as { scene: number }).scene === scene.id)).toBe(true);
  });

  it('stores a 2:1 image as a panorama with its size', async () => {
    const res = await upload(acme.admin.token, 'deck.jpg', await panorama(400, 200), 'Deck');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ media: 'panorama', width: 400, height: 200 });
  });

  it('refuses bad uploads with a clear message and leaves nothing behind', async () => {
    const before = storedFiles(t).length;
    const scenes = (await t.database.db.select().from(xrScenes)).length;
    const external = await upload(
      acme.trainer.token,
      'm.glb',
      buildGlb({
        gltf: (d) => ({ ...d, buffers: [{ byteLength: 36, uri: 'http://10.0.0.1/m.bin' }] }),
      }),
    );
    expect(external.statusCode).toBe(400);
    expect(external.json().errors.asset[0]).toMatch(/external file/);
    const square = await upload(acme.trainer.token, 'sq.png', await panorama(300, 300, 'png'));
    expect(square.statusCode).toBe(400);
    expect(square.json().errors.asset[0]).toMatch(/2:1.*300×300/);
    const disguised = await upload(acme.trainer.token, 'fake.glb', PNG);
    expect(disguised.statusCode).toBe(415);
    const obj = await upload(acme.trainer.token, 'model.obj', Buffer.from('v 0 0 0'));
    expect(obj.statusCode).toBe(415);
    const truncated = buildGlb();
    const cut = await upload(
      acme.trainer.token,
      'cut.glb',
      truncated.subarray(0, truncated.length - 8),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/truncated/);
    const untitled = await a.form('POST', '/api/xr/scenes/', acme.trainer.token, [
      { name: 'asset', filename: 'e.glb', content: buildGlb() },
    ]);
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errors.title).toBeDefined();
    const noFile = await a.form('POST', '/api/xr/scenes/', acme.trainer.token, [
      { name: 'title', value: 'x' },
    ]);
    expect(noFile.statusCode).toBe(400);
    expect(storedFiles(t)).toHaveLength(before);
    expect(await t.database.db.select().from(xrScenes)).toHaveLength(scenes);
  });
});

describe('the studio', () => {
  it('is refused to learners (403) and hides other organisations’ scenes (404)', async () => {
    const scene = await modelScene();
    expect((await a.get('/api/xr/scenes/', acme.learner.token)).statusCode).toBe(403);
    expect((await upload(acme.learner.token, 'e.glb', buildGlb())).statusCode).toBe(403);
    for (const token of [globex.admin.token, globex.trainer.token]) {
      expect((await a.get(`/api/xr/scenes/${scene.id}/`, token)).statusCode).toBe(404);
      expect((await a.del(`/api/xr/scenes/${scene.id}/`, token)).statusCode).toBe(404);
      expect(
        (await a.post(`/api/xr/scenes/${scene.id}/hotspots/`, token, modelSpot('x'))).statusCode,
      ).toBe(404);
      expect((await a.get(scene.asset_url, token)).statusCode).toBe(404);
    }
    const list = await a.get('/api/xr/scenes/', globex.admin.token);
    expect(list.json().results.map((s: { id: number }) => s.id)).not.toContain(scene.id);
  });

  it('lists the organisation’s scenes, newest first, paginated', async () => {
    const scene = await modelScene(acme.admin.token);
    const page = await a.get('/api/xr/scenes/?page_size=1', acme.trainer.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ results: [{ id: scene.id }] });
    expect(page.json().count).toBeGreaterThan(1);
    expect(page.json().next).toContain('page=2');
  });

  it('adds, edits and deletes hotspots, with placements that suit the media', async () => {
    const scene = await modelScene();
    const url = `/api/xr/scenes/${scene.id}/hotspots/`;
    const created = await a.post(url, acme.trainer.token, modelSpot('Valve'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Valve', position: '0.5 0.5 0', yaw: null });
    expect((await a.post(url, acme.trainer.token, spot('Wrong'))).statusCode).toBe(400);
    const badVector = await a.post(url, acme.trainer.token, {
      title: 'x',
      placement: { position: '1 2' },
    });
    expect(badVector.statusCode).toBe(400);
    const id = created.json().id;
    const edited = await a.patch(`/api/xr/hotspots/${id}/`, acme.admin.token, {
      text: 'Turn left',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Valve', text: 'Turn left' });
    expect(
      (await a.patch(`/api/xr/hotspots/${id}/`, globex.admin.token, { text: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await a.patch(`/api/xr/hotspots/${id}/`, acme.learner.token, { text: 'x' })).statusCode,
    ).toBe(403);
    const detail = await a.get(`/api/xr/scenes/${scene.id}/`, acme.trainer.token);
    expect(detail.json().hotspots).toHaveLength(1);
    expect((await a.del(`/api/xr/hotspots/${id}/`, globex.trainer.token)).statusCode).toBe(404);
    expect((await a.del(`/api/xr/hotspots/${id}/`, acme.trainer.token)).statusCode).toBe(204);
    expect(
      (await a.get(`/api/xr/scenes/${scene.id}/`, acme.trainer.token)).json().hotspots,
    ).toEqual([]);
  });
});

describe('in a course', () => {
  async function courseWithScene() {
    const res = await upload(
      acme.trainer.token,
      'deck.png',
      await panorama(200, 100, 'png'),
      'Deck',
    );
    const scene = res.json() as { id: number; file_id: number; asset_url: string };
    const hotspots = [];
    for (const [i, title] of ['Bridge', 'Stern'].entries()) {
      const h = await a.post(
        `/api/xr/scenes/${scene.id}/hotspots/`,
        acme.trainer.token,
        spot(title, i * 90),
      );
      hotspots.push(h.json().id as number);
    }
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const module = await makeModule(t.database.db, { course });
    const attach = await a.post(`/api/courses/modules/${module.id}/files/`, acme.admin.token, {
      file: scene.file_id,
    });
    expect(attach.statusCode, attach.body).toBe(201);
    const [item] = await t.database.db
      .select()
      .from(moduleFiles)
      .where(eq(moduleFiles.fileId, scene.file_id));
    return { scene, hotspots, course, item: item!.id };
  }

  it('serves the asset with nosniff and a sandbox to authors and course members only', async () => {
    const { scene, course } = await courseWithScene();
    const own = await a.get(scene.asset_url, acme.trainer.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toContain('sandbox');
    const learner = await enrolledLearner(t, course);
    expect((await a.get(scene.asset_url, learner.token)).statusCode).toBe(200);
    const orphan = await modelScene();
    expect((await a.get(orphan.asset_url, acme.learner.token)).statusCode).toBe(404);
    expect((await a.get(scene.asset_url, globex.learner.token)).statusCode).toBe(404);
  });

  it('completes the item only once every hotspot has been visited', async () => {
    const { course, item, hotspots } = await courseWithScene();
    const learner = await enrolledLearner(t, course);
    const play = await a.get(`/api/xr/module-files/${item}/`, learner.token);
    expect(play.statusCode, play.body).toBe(200);
    expect(play.json()).toMatchObject({ tracked: true, visited: [], completed: false });
    expect(play.json().scene.hotspots).toHaveLength(2);

    const visit = (h: number) =>
      a.post(`/api/xr/module-files/${item}/visits/`, learner.token, { hotspot: h });
    const first = await visit(hotspots[0]!);
    expect(first.json()).toEqual({ visited: [hotspots[0]], total: 2, completed: false });
    expect((await visit(hotspots[0]!)).json().completed).toBe(false);
    const status = () =>
      t.database.db
        .select({ status: moduleFileProgress.status })
        .from(moduleFileProgress)
        .where(eq(moduleFileProgress.moduleFileId, item));
    expect(await status()).toEqual([{ status: 'in_progress' }]);

    const last = await visit(hotspots[1]!);
    expect(last.json()).toMatchObject({ total: 2, completed: true });
    expect(await status()).toEqual([{ status: 'completed' }]);
    const [enrolment] = await t.database.db
      .select({ status: courseEnrolments.status })
      .from(courseEnrolments)
      .where(
        and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.userId, learner.user.id)),
      );
    expect(enrolment!.status).toBe('completed');
    expect((await a.get(`/api/xr/module-files/${item}/`, learner.token)).json()).toMatchObject({
      completed: true,
      visited: hotspots,
    });
  });

  it('keeps no visits for people who are not enrolled, and refuses foreign hotspots', async () => {
    const { item, hotspots } = await courseWithScene();
    const other = await courseWithScene();
    const preview = await a.get(`/api/xr/module-files/${item}/`, acme.trainer.token);
    expect(preview.json()).toMatchObject({ tracked: false });
    const notEnrolled = await a.post(`/api/xr/module-files/${item}/visits/`, acme.trainer.token, {
      hotspot: hotspots[0],
    });
    expect(notEnrolled.statusCode).toBe(403);
    const foreign = await a.post(`/api/xr/module-files/${item}/visits/`, acme.trainer.token, {
      hotspot: other.hotspots[0],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await a.get(`/api/xr/module-files/${item}/`, globex.admin.token)).statusCode).toBe(404);
  });

  it('refuses to delete a scene a module uses, then deletes it with its asset', async () => {
    const { scene, item } = await courseWithScene();
    const used = await a.del(`/api/xr/scenes/${scene.id}/`, acme.trainer.token);
    expect(used.statusCode).toBe(409);
    await t.database.db.delete(moduleFiles).where(eq(moduleFiles.id, item));
    const before = storedFiles(t).length;
    expect((await a.del(`/api/xr/scenes/${scene.id}/`, acme.admin.token)).statusCode).toBe(204);
    expect(storedFiles(t)).toHaveLength(before - 1);
    expect(await t.database.db.select().from(xrScenes).where(eq(xrScenes.id, scene.id))).toEqual(
      [],
    );
    expect((await a.get(`/api/xr/scenes/${scene.id}/`, acme.admin.token)).statusCode).toBe(404);
  });
});
