import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { EXE, makeCourse, PDF, PNG, storedFiles } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { courseModules, moduleFiles, repositoryFiles } from '../../schema/courses.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
const url = '/api/courses/file-repo/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
});
afterAll(() => t.close());

const upload = (filename: string, content: Buffer, token = acme.trainer.token, name?: string) =>
  a.form('POST', url, token, [
    ...(name ? [{ name: 'name', value: name }] : []),
    { name: 'file', filename, content },
  ]);
const rows = async () => (await t.database.db.select().from(repositoryFiles)).length;

describe('file repository', () => {
  it('stores an allowed upload under a generated key and lists it', async () => {
    const res = await upload('../../Handbook.pdf', PDF, acme.trainer.token, 'Staff handbook');
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json();
    expect(f).toMatchObject({
      name: 'Staff handbook',
      kind: 'pdf',
      file_type: 'catalogue',
      content_type: 'application/pdf',
      size: PDF.length,
      used_by_modules: 0,
    });
    const [row] = await t.database.db
      .select()
      .from(repositoryFiles)
      .where(eq(repositoryFiles.id, f.id));
    expect(row!.storageKey).toMatch(/^repository\/pdf\/[0-9a-f-]{36}\.pdf$/);
    const list = await a.get(`${url}?file_type=catalogue&search=handbook`, acme.admin.token);
    expect(list.json().count).toBe(1);
    expect((await a.get(url, globex.admin.token)).json().count).toBe(0);
    expect((await a.get(url, acme.learner.token)).statusCode).toBe(403);
    expect((await upload('x.png', PNG)).json().kind).toBe('image');
  });

  it('refuses a disallowed type or disguised content with nothing stored', async () => {
    const filesBefore = storedFiles(t).length;
    const rowsBefore = await rows();
    const exe = await upload('setup.exe', EXE);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/^File type not allowed/);
    const html = await upload('page.html', Buffer.from('<script>alert(1)</script>'));
    expect(html.statusCode).toBe(415);
    const disguised = await upload('notes.pdf', EXE);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('The file content does not match its .pdf extension.');
    expect(storedFiles(t).length).toBe(filesBefore);
    expect(await rows()).toBe(rowsBefore);
    expect((await upload('a.pdf', PDF, acme.learner.token)).statusCode).toBe(403);
    expect((await a.post(url, acme.trainer.token, { file: 'not multipart' })).statusCode).toBe(400);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and nothing stored', async () => {
    const small = await createTestApp({ env: { UPLOAD_MAX_BYTES: '2048' } });
    try {
      const staff = await makeOrganisationWithStaff(small.database.db, small.config, {
        isDefault: true,
      });
      const big = Buffer.concat([PDF, Buffer.alloc(5000, 32)]);
      const res = await api(small).form('POST', url, staff.admin.token, [
        { name: 'file', filename: 'big.pdf', content: big },
      ]);
      expect(res.statusCode).toBe(413);
      expect(storedFiles(small)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('checks an upload without storing it (test-file-repo/)', async () => {
    const before = storedFiles(t).length;
    const ok = await a.form('POST', '/api/courses/test-file-repo/', acme.trainer.token, [
      { name: 'file', filename: 'slides.pdf', content: PDF },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      name: 'slides.pdf',
      kind: 'pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const bad = await a.form('POST', '/api/courses/test-file-repo/', acme.trainer.token, [
      { name: 'file', filename: 'slides.pdf', content: EXE },
    ]);
    expect(bad.statusCode).toBe(415);
    expect(storedFiles(t).length).toBe(before);
  });

  it('renames, refuses deleting a file a module uses (409) and deletes an unused one', async () => {
    const f = (await upload('guide.pdf', PDF)).json();
    const renamed = await a.patch(`${url}${f.id}/`, acme.trainer.token, { name: 'Guide v2' });
    expect(renamed.json().name).toBe('Guide v2');
    expect((await a.patch(`${url}${f.id}/`, globex.admin.token, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await a.patch(`${url}${f.id}/`, acme.trainer.token, { name: '' })).statusCode).toBe(
      400,
    );
    const adminsFile = (await upload('admin.pdf', PDF, acme.admin.token)).json();
    expect((await a.del(`${url}${adminsFile.id}/`, acme.trainer.token)).statusCode).toBe(403);
    expect((await a.del(`${url}${adminsFile.id}/`, acme.learner.token)).statusCode).toBe(403);
    const course = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      title: 'Uses guide',
    });
    const [mod] = await t.database.db
      .insert(courseModules)
      .values({ courseId: course.id, title: 'M', position: 1 })
      .returning();
    await t.database.db
      .insert(moduleFiles)
      .values({ moduleId: mod!.id, fileId: f.id, position: 1 });
    const refused = await a.del(`${url}${f.id}/`, acme.admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This file is used by 1 module (in 'Uses guide'). Remove it from them first.",
    );
    await t.database.db.delete(moduleFiles).where(eq(moduleFiles.fileId, f.id));
    const before = storedFiles(t).length;
    expect((await a.del(`${url}${f.id}/`, acme.admin.token)).statusCode).toBe(200);
    expect(storedFiles(t).length).toBe(before - 1);
  });

  it('serves a file to those who may see a course using it, with safe headers', async () => {
    const f = (await upload('lesson.pdf', PDF)).json();
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      status: 'draft',
    });
    const [mod] = await t.database.db
      .insert(courseModules)
      .values({ courseId: course.id, title: 'M', position: 1 })
      .returning();
    await t.database.db
      .insert(moduleFiles)
      .values({ moduleId: mod!.id, fileId: f.id, position: 1 });
    const download = (token: string) => a.get(f.file, token);
    expect((await download(acme.learner.token)).statusCode).toBe(404); // draft course
    const staffRes = await download(acme.trainer.token);
    expect(staffRes.statusCode).toBe(200);
    expect(staffRes.rawPayload.equals(PDF)).toBe(true);
    expect(staffRes.headers['x-content-type-options']).toBe('nosniff');
    expect(staffRes.headers['content-disposition']).toBe(
      `inline; filename="lesson.pdf"; filename*=UTF-8''lesson.pdf`,
    );
    expect(staffRes.headers['content-type']).toBe('application/pdf');
    expect(staffRes.headers['accept-ranges']).toBe('bytes');
    // Any other file opened on its own is inert on the app's origin (issue 11, finding 1).
    const image = (await upload('inert.png', PNG)).json();
    const imageRes = await a.get(image.file, acme.trainer.token);
    expect(imageRes.statusCode).toBe(200);
    expect(imageRes.headers['content-security-policy']).toMatch(/default-src 'none'.*; sandbox$/);
    expect(staffRes.headers['content-security-policy']).not.toContain('sandbox');
    // Ranges let players seek: 206 with the slice, 416 past the end.
    const part = await t.app.inject({
      url: f.file,
      headers: { ...bearer(acme.trainer.token), range: 'bytes=1-4' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-4/${PDF.length}`);
    expect(part.rawPayload.equals(PDF.subarray(1, 5))).toBe(true);
    const past = await t.app.inject({
      url: f.file,
      headers: { ...bearer(acme.trainer.token), range: `bytes=${PDF.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(
      (await a.get(`${f.file}?download=1`, acme.trainer.token)).headers['content-disposition'],
    ).toMatch(/^attachment;/);
    const { courses } = await import('../../schema/courses.table.ts');
    await t.database.db
      .update(courses)
      .set({ status: 'published' })
      .where(eq(courses.id, course.id));
    expect((await download(acme.learner.token)).statusCode).toBe(200);
    expect((await download(globex.learner.token)).statusCode).toBe(404);
  });
});
