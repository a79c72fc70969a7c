import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse, PDF, PNG } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { courses } from '../../schema/courses.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
});
afterAll(() => t.close());

const uploadFile = async (filename: string, content: Buffer, token = acme.trainer.token) =>
  (
    await a.form('POST', '/api/courses/file-repo/', token, [{ name: 'file', filename, content }])
  ).json();

describe('modules', () => {
  it('adds, reorders, renames and deletes modules, keeping positions 1..n', async () => {
    const c = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const base = `/api/courses/${c.id}/modules/`;
    const ids: number[] = [];
    for (const title of ['Intro', 'Body', 'Wrap-up']) {
      const res = await a.post(base, acme.trainer.token, { title });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect(
      (await a.get(base, acme.trainer.token)).json().map((m: { position: number }) => m.position),
    ).toEqual([1, 2, 3]);
    const reordered = await a.patch(base, acme.trainer.token, { order: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().map((m: { title: string }) => m.title)).toEqual([
      'Wrap-up',
      'Intro',
      'Body',
    ]);
    const partial = await a.patch(base, acme.trainer.token, { order: [ids[0], ids[1]] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.order).toBeDefined();
    expect(
      (await a.patch(base, acme.trainer.token, { order: [ids[0], ids[0], ids[1]] })).statusCode,
    ).toBe(400);

    const renamed = await a.patch(`/api/courses/modules/${ids[1]}/`, acme.trainer.token, {
      title: 'Main part',
    });
    expect(renamed.json()).toMatchObject({ title: 'Main part', course: c.id });
    expect((await a.post(base, acme.trainer.token, { title: '' })).statusCode).toBe(400);
    const mod = `/api/courses/modules/${ids[1]}/`;
    expect((await a.patch(mod, acme.trainer.token, { title: 'x'.repeat(201) })).statusCode).toBe(
      400,
    );
    expect((await a.patch(mod, acme.trainer.token, { position: 1 })).statusCode).toBe(400);
    expect((await a.get('/api/courses/modules/999999/', acme.trainer.token)).statusCode).toBe(404);
    expect((await a.get('/api/courses/999999/modules/', acme.trainer.token)).statusCode).toBe(404);
    expect((await a.del(`/api/courses/modules/${ids[2]}/`, acme.trainer.token)).statusCode).toBe(
      200,
    );
    const after = (await a.get(base, acme.trainer.token)).json();
    expect(after.map((m: { title: string; position: number }) => [m.title, m.position])).toEqual([
      ['Intro', 1],
      ['Main part', 2],
    ]);
  });

  it('refuses writes outside the editability rule or by someone else, and hides drafts', async () => {
    const others = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const base = `/api/courses/${others.id}/modules/`;
    const m = (await a.post(base, acme.admin.token, { title: 'Admin module' })).json();
    expect((await a.post(base, acme.trainer.token, { title: 'x' })).statusCode).toBe(404);
    expect((await a.post(base, acme.learner.token, { title: 'x' })).statusCode).toBe(403);
    expect((await a.get(base, acme.learner.token)).statusCode).toBe(404);
    const mod = await a.get(`/api/courses/modules/${m.id}/`, acme.learner.token);
    expect(mod.statusCode).toBe(404);
    expect(mod.json().message).toBe('Could not get course module');
    expect((await a.get(`/api/courses/modules/${m.id}/`, globex.admin.token)).statusCode).toBe(404);
    const approved = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
      status: 'approved',
    });
    // Approved items are editable by role 3 only (spec §4): the admin is refused.
    expect(
      (await a.post(`/api/courses/${approved.id}/modules/`, acme.admin.token, { title: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('attaches repository files in order and shows them as file items in the course detail', async () => {
    // Built as a draft (a trainer may not add content once published: course-publication.test).
    const c = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const m = (
      await a.post(`/api/courses/${c.id}/modules/`, acme.trainer.token, { title: 'M1' })
    ).json();
    const pdf = await uploadFile('reading.pdf', PDF);
    const png = await uploadFile('diagram.png', PNG);
    const files = `/api/courses/modules/${m.id}/files/`;
    expect((await a.post(files, acme.trainer.token, { file: pdf.id })).statusCode).toBe(201);
    const two = await a.post(files, acme.trainer.token, { file: png.id, required: false });
    expect(two.json().files.map((f: { name: string }) => f.name)).toEqual([
      'reading.pdf',
      'diagram.png',
    ]);
    const foreign = await a.form('POST', '/api/courses/file-repo/', globex.admin.token, [
      { name: 'file', filename: 'theirs.pdf', content: PDF },
    ]);
    expect((await a.post(files, acme.trainer.token, { file: foreign.json().id })).statusCode).toBe(
      400,
    );
    expect(
      (await a.post(files, acme.trainer.token, { file: pdf.id, sco_id: 'sco-1' })).statusCode,
    ).toBe(400);
    const items = two.json().files.map((f: { id: number }) => f.id);
    const swapped = await a.patch(files, acme.trainer.token, { order: [items[1], items[0]] });
    expect(swapped.json().files.map((f: { name: string }) => f.name)).toEqual([
      'diagram.png',
      'reading.pdf',
    ]);

    await t.database.db.update(courses).set({ status: 'published' }).where(eq(courses.id, c.id));
    const detail = await a.get(`/api/courses/${c.id}/`, acme.learner.token);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.course).toMatchObject({ id: c.id, module_count: 1, can_edit: false });
    expect(body.counts).toMatchObject({ modules: 1, files: 2, enrolled: 0 });
    expect(body.modules[0].files[0]).toMatchObject({
      file: `/api/courses/file-repo/${png.id}/download/`,
      sco_id: null,
      name: 'diagram.png',
      required: false,
      position: 1,
    });
    // The learner may now stream a file of the published course.
    expect((await a.get(body.modules[0].files[1].file, acme.learner.token)).statusCode).toBe(200);

    // Required or optional after attaching; only the course's editors, only this module's items.
    const optional = await a.patch(`${files}${items[0]}/`, acme.trainer.token, { required: false });
    expect(optional.statusCode).toBe(200);
    expect(optional.json().files.find((f: { id: number }) => f.id === items[0]).required).toBe(
      false,
    );
    expect(
      (await a.patch(`${files}${items[0]}/`, acme.learner.token, { required: true })).statusCode,
    ).toBe(403);
    expect(
      (await a.patch(`${files}999999/`, acme.trainer.token, { required: true })).statusCode,
    ).toBe(404);
    expect(
      (await a.patch(`${files}${items[0]}/`, acme.trainer.token, { required: 'yes' })).statusCode,
    ).toBe(400);

    const detach = await a.del(`${files}${items[1]}/`, acme.trainer.token);
    expect(
      detach.json().files.map((f: { name: string; position: number }) => [f.name, f.position]),
    ).toEqual([['reading.pdf', 1]]);
    expect((await a.del(`${files}999999/`, acme.trainer.token)).statusCode).toBe(404);
  });
});
