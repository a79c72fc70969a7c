import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse, PDF, PNG, storedFiles } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import {
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../schema/courses.table.ts';

/*
 * Issue 11, finding 6: once an admin has published a trainer's course, the
 * trainer may no longer widen its visibility or add content to it (that would
 * publish what no admin reviewed); admins may, and are audited. Every other
 * edit, and drafts, behave as before.
 */
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

const db = () => t.database.db;
const courseNow = async (id: number) =>
  (await db().select().from(courses).where(eq(courses.id, id)))[0]!;
const itemsOf = (moduleId: number) =>
  db().select().from(moduleFiles).where(eq(moduleFiles.moduleId, moduleId));
const modulesOf = (courseId: number) =>
  db().select().from(courseModules).where(eq(courseModules.courseId, courseId));
const auditOf = (action: string) =>
  db().select().from(auditEvents).where(eq(auditEvents.action, action));

/** The trainer's course with one module, in the given status. */
async function trainersCourse(status: 'draft' | 'pending' | 'published', visibility?: string) {
  const course = await makeCourse(t.database.db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    status,
    ...(visibility ? { visibility: visibility as 'catalogue' } : {}),
  });
  const [module] = await db()
    .insert(courseModules)
    .values({ courseId: course.id, title: 'Module one', position: 1 })
    .returning();
  return { course, module: module! };
}

/** A repository file of the organisation, uploaded as the trainer (allowed on any course). */
const upload = async (filename: string, content: Buffer) => {
  const res = await a.form('POST', '/api/courses/file-repo/', acme.trainer.token, [
    { name: 'file', filename, content },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

/** A SCORM package row: attaching checks the row, not the archive (packages.test covers it). */
async function scormPackage() {
  const [row] = await db()
    .insert(repositoryFiles)
    .values({
      organisationId: acme.org.id,
      uploadedBy: acme.trainer.user.id,
      name: 'package.zip',
      kind: 'scorm',
      storageKey: `test/${Math.random().toString(16).slice(2)}.zip`,
      contentType: 'application/zip',
      size: 10,
    })
    .returning();
  return row!;
}

function expectRefused(res: { statusCode: number; json: () => unknown }, pattern: RegExp) {
  expect(res.statusCode).toBe(403);
  const body = res.json() as { message: string };
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message).toMatch(pattern);
}

describe('a trainer on their published course', () => {
  it('cannot widen its visibility to the shared catalogue: 403, nothing changed', async () => {
    const { course } = await trainersCourse('published');
    const url = `/api/courses/${course.id}/`;
    const json = await a.patch(url, acme.trainer.token, {
      visibility: 'catalogue',
      title: 'Sneaky rename',
    });
    expectRefused(json, /^This course is published: an admin must approve widening/);
    // The web sends the course form as multipart, with an image: refused too, image discarded.
    const before = storedFiles(t).length;
    const form = await a.form('PATCH', url, acme.trainer.token, [
      { name: 'visibility', value: 'catalogue' },
      { name: 'image', filename: 'cover.png', content: PNG },
    ]);
    expectRefused(form, /an admin must approve widening its visibility/);
    expect(storedFiles(t).length).toBe(before);
    const after = await courseNow(course.id);
    expect(after).toMatchObject({
      visibility: 'organisation',
      title: course.title,
      imageKey: null,
    });
    // Other organisations still do not see it.
    expect((await a.get(url, globex.learner.token)).statusCode).toBe(404);
  });

  it('cannot attach a file or a SCORM package, nor add a module: 403, nothing added', async () => {
    const { course, module } = await trainersCourse('published');
    const pdf = await upload('extra.pdf', PDF);
    const pkg = await scormPackage();
    const files = `/api/courses/modules/${module.id}/files/`;
    expectRefused(
      await a.post(files, acme.trainer.token, { file: pdf.id }),
      /^This course is published: an admin must approve new modules, files and packages/,
    );
    expectRefused(
      await a.post(files, acme.trainer.token, { file: pkg.id, sco_id: 'sco-1' }),
      /an admin must approve new/,
    );
    expect(await itemsOf(module.id)).toEqual([]);
    expectRefused(
      await a.post(`/api/courses/${course.id}/modules/`, acme.trainer.token, { title: 'More' }),
      /an admin must approve new/,
    );
    expect((await modulesOf(course.id)).map((m) => m.id)).toEqual([module.id]);
    expect(await auditOf('course.content_added')).toEqual([]);
  });

  it('still edits text, reorders, removes content and narrows the visibility', async () => {
    const { course, module } = await trainersCourse('published', 'catalogue');
    const url = `/api/courses/${course.id}/`;
    const [second] = await db()
      .insert(courseModules)
      .values({ courseId: course.id, title: 'Module two', position: 2 })
      .returning();
    const [pdf, png] = [await upload('a.pdf', PDF), await upload('b.png', PNG)];
    const items = await db()
      .insert(moduleFiles)
      .values([
        { moduleId: module.id, fileId: pdf.id, position: 1 },
        { moduleId: module.id, fileId: png.id, position: 2 },
      ])
      .returning();

    // The whole form again, visibility unchanged: not a widening.
    const same = await a.patch(url, acme.trainer.token, {
      title: 'Better title',
      description: '<p>Clearer</p>',
      visibility: 'catalogue',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ title: 'Better title', visibility: 'catalogue' });
    const narrowed = await a.patch(url, acme.trainer.token, { visibility: 'organisation' });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().visibility).toBe('organisation');
    // ...and once narrowed, widening back is the admin's again.
    expect((await a.patch(url, acme.trainer.token, { visibility: 'catalogue' })).statusCode).toBe(
      403,
    );

    const mod = `/api/courses/modules/${module.id}/`;
    expect((await a.patch(mod, acme.trainer.token, { title: 'Renamed' })).statusCode).toBe(200);
    const reorder = await a.patch(`/api/courses/${course.id}/modules/`, acme.trainer.token, {
      order: [second!.id, module.id],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const files = `${mod}files/`;
    const swap = await a.patch(files, acme.trainer.token, { order: [items[1]!.id, items[0]!.id] });
    expect(swap.statusCode, swap.body).toBe(200);
    const optional = await a.patch(`${files}${items[0]!.id}/`, acme.trainer.token, {
      required: false,
    });
    expect(optional.statusCode).toBe(200);
    expect((await a.del(`${files}${items[1]!.id}/`, acme.trainer.token)).statusCode).toBe(200);
    expect(
      (await a.del(`/api/courses/modules/${second!.id}/`, acme.trainer.token)).statusCode,
    ).toBe(200);
    expect((await itemsOf(module.id)).map((i) => i.fileId)).toEqual([pdf.id]);
    expect(await courseNow(course.id)).toMatchObject({
      title: 'Better title',
      visibility: 'organisation',
      status: 'published',
    });
  });

  it('gets 400, not 403 or 500, for a visibility that does not exist', async () => {
    const { course } = await trainersCourse('published');
    const res = await a.patch(`/api/courses/${course.id}/`, acme.trainer.token, {
      visibility: 'everyone',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.visibility).toBeDefined();
  });
});

describe("the organisation's admins", () => {
  it('widen the visibility of a published course, audited', async () => {
    const { course } = await trainersCourse('published');
    const res = await a.patch(`/api/courses/${course.id}/`, acme.admin.token, {
      visibility: 'catalogue',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visibility).toBe('catalogue');
    // Now in the shared catalogue: another organisation's learner sees it.
    expect((await a.get(`/api/courses/${course.id}/`, globex.learner.token)).statusCode).toBe(200);
    const entries = (await auditOf('course.visibility_widened')).filter(
      (e) => (e.details as { course: number }).course === course.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: acme.admin.user.id,
      organisationId: acme.org.id,
      details: {
        course: course.id,
        title: course.title,
        status: 'published',
        from: 'organisation',
        to: 'catalogue',
      },
    });
    expect(entries[0]!.ip).toBeTruthy();
  });

  it('attach files and packages and add modules to a published course, audited', async () => {
    const { course, module } = await trainersCourse('published');
    const pdf = await upload('admin.pdf', PDF);
    const pkg = await scormPackage();
    const files = `/api/courses/modules/${module.id}/files/`;
    expect((await a.post(files, acme.admin.token, { file: pdf.id })).statusCode).toBe(201);
    const scorm = await a.post(files, acme.superadmin.token, { file: pkg.id, sco_id: 'sco-1' });
    expect(scorm.statusCode, scorm.body).toBe(201);
    expect((await itemsOf(module.id)).map((i) => i.fileId)).toEqual([pdf.id, pkg.id]);
    const added = await a.post(`/api/courses/${course.id}/modules/`, acme.admin.token, {
      title: 'Admin module',
    });
    expect(added.statusCode, added.body).toBe(201);
    const entries = (await auditOf('course.content_added')).filter(
      (e) => (e.details as { course: number }).course === course.id,
    );
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [
        acme.admin.user.id,
        expect.objectContaining({ module: module.id, file: pdf.id, kind: 'pdf' }),
      ],
      [
        acme.superadmin.user.id,
        expect.objectContaining({ module: module.id, file: pkg.id, kind: 'scorm' }),
      ],
      [acme.admin.user.id, expect.objectContaining({ module_title: 'Admin module' })],
    ]);
  });
});

describe('drafts and pending courses', () => {
  it('stay the trainer’s to widen and fill, with no audit entry', async () => {
    for (const status of ['draft', 'pending'] as const) {
      const { course, module } = await trainersCourse(status);
      const widened = await a.patch(`/api/courses/${course.id}/`, acme.trainer.token, {
        visibility: 'catalogue',
      });
      expect(widened.statusCode, widened.body).toBe(200);
      const pdf = await upload(`${status}.pdf`, PDF);
      const files = `/api/courses/modules/${module.id}/files/`;
      expect((await a.post(files, acme.trainer.token, { file: pdf.id })).statusCode).toBe(201);
      const more = await a.post(`/api/courses/${course.id}/modules/`, acme.trainer.token, {
        title: 'More',
      });
      expect(more.statusCode).toBe(201);
      for (const action of ['course.visibility_widened', 'course.content_added'])
        expect(
          (await auditOf(action)).filter(
            (e) => (e.details as { course: number }).course === course.id,
          ),
        ).toEqual([]);
    }
  });
});
