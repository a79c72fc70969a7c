import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { EXE, makeCategory, makeCourse } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { courseModules, courses } from '../../schema/courses.table.ts';

let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;
const url = '/api/courses/course_import_by_file_upload/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  await makeCategory(t.database.db, { organisationId: acme.org.id, name: 'Compliance' });
  await makeCourse(t.database.db, {
    status: 'draft',
    organisationId: acme.org.id,
    title: 'Existing course',
  });
  a = api(t);
});
afterAll(() => t.close());

const upload = (filename: string, content: string | Buffer, token = acme.admin.token) =>
  a.form('POST', url, token, [{ name: 'file', filename, content: Buffer.from(content) }]);
const counts = async () => ({
  courses: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(courses))[0]!.n,
  modules: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(courseModules))[0]!
    .n,
});

describe('course import', () => {
  it('refuses the whole file when a row is bad, reporting each, with nothing written', async () => {
    const before = await counts();
    const csv = [
      'course_title,category,level,description,module_title,module_description',
      'GDPR basics,Compliance,beginner,<p>Data</p>,Intro,',
      'GDPR basics,Compliance,,,Rights,',
      'Anti-bribery,Nowhere,expert,,Intro,',
      ',Compliance,,,Orphan,',
      'Existing course,,,,Again,',
      'GDPR basics,,advanced,,Mixed level,',
    ].join('\n');
    const res = await upload('courses.csv', csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('4 of 6 rows have errors. Nothing was imported.');
    expect(body.errors['row 7']).toEqual(['level: differs from row 2 of the same course.']);
    expect(body.errors['row 4']).toEqual([
      "category: 'Nowhere' does not exist in this organisation.",
      "level: 'expert' is not a level (beginner, intermediate, advanced).",
    ]);
    expect(body.errors['row 5']).toEqual(['course_title: enter the course title.']);
    expect(body.errors['row 6']).toEqual([
      "course_title: a course 'Existing course' already exists.",
    ]);
    expect(await counts()).toEqual(before);
  });

  it('imports draft courses with their modules in order', async () => {
    const csv = [
      'Course title,Category,Level,Description,Module title,Module description',
      'GDPR basics,compliance,Intermediate,<p>Data<script>x</script></p>,Intro,Start here',
      'GDPR basics,,,,Rights,',
      'Fire drill,,,,Alarm,',
    ].join('\r\n');
    const res = await upload('courses.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      courses: 2,
      modules: 3,
      message: '2 courses with 3 modules imported as drafts.',
    });
    const [gdpr] = await t.database.db
      .select()
      .from(courses)
      .where(eq(courses.title, 'GDPR basics'));
    expect(gdpr).toMatchObject({
      status: 'draft',
      level: 'intermediate',
      description: '<p>Data</p>',
      createdBy: acme.admin.user.id,
    });
    expect(gdpr!.categoryId).not.toBeNull();
    const mods = await t.database.db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, gdpr!.id))
      .orderBy(courseModules.position);
    expect(mods.map((m) => [m.title, m.position])).toEqual([
      ['Intro', 1],
      ['Rights', 2],
    ]);
  });

  it('reads XLSX, refuses other types and non-admins', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Courses');
    ws.addRow(['course_title', 'module_title']);
    ws.addRow(['From Excel', 'Only module']);
    const res = await upload('c.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().courses).toBe(1);
    expect((await upload('c.exe', EXE)).statusCode).toBe(415);
    expect((await upload('c.csv', EXE)).statusCode).toBe(415);
    expect((await upload('c.csv', 'title_only\nx')).statusCode).toBe(400);
    expect(
      (await upload('c.csv', 'course_title,module_title\nA,B', acme.trainer.token)).statusCode,
    ).toBe(403);
  });
});
