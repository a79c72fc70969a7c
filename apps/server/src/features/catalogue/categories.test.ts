import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import {
  EXE,
  makeCategory,
  makeCourse,
  PDF,
  PNG,
  storedFiles,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
const url = '/api/courses/categories/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
});
afterAll(() => t.close());

describe('categories', () => {
  it('admins create one (multipart with an image); everyone signed in lists their own', async () => {
    const res = await a.form('POST', url, acme.admin.token, [
      { name: 'name', value: 'Health and Safety 101' },
      { name: 'description', value: 'Keep well' },
      { name: 'image', filename: 'icon.png', content: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const cat = res.json();
    expect(cat).toMatchObject({ name: 'Health and Safety 101', course_count: 0 });
    expect((await a.get(cat.image, acme.learner.token)).statusCode).toBe(200);
    expect((await a.get(cat.image, globex.learner.token)).statusCode).toBe(404);
    const list = await a.get(`${url}?search=health`, acme.learner.token);
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: cat.id }] });
    expect((await a.get(url, globex.learner.token)).json().count).toBe(0);
    expect((await a.post(url, acme.trainer.token, { name: 'Nope' })).statusCode).toBe(403);
    expect((await a.get(`${url}?page_size=101`, acme.learner.token)).statusCode).toBe(400);
    expect((await a.get(url, '')).statusCode).toBe(401);
  });

  it('refuses a bad name, a duplicate name and a bad image (nothing stored)', async () => {
    const bad = await a.post(url, acme.admin.token, { name: 'Bad <name>!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toEqual([
      'The category name may contain only letters, digits and spaces.',
    ]);
    expect((await a.post(url, acme.admin.token, { name: 'x'.repeat(121) })).statusCode).toBe(400);
    await a.post(url, acme.admin.token, { name: 'Unique' });
    const dup = await a.post(url, acme.admin.token, { name: 'unique' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category with this name already exists.');
    const before = storedFiles(t).length;
    for (const [filename, content] of [
      ['icon.pdf', PDF],
      ['icon.png', EXE],
    ] as const) {
      const res = await a.form('POST', url, acme.admin.token, [
        { name: 'name', value: 'With bad image' },
        { name: 'image', filename, content },
      ]);
      expect(res.statusCode).toBe(415);
    }
    // The image is stored while streaming; a bad field after it removes it again.
    const late = await a.form('POST', url, acme.admin.token, [
      { name: 'image', filename: 'icon.png', content: PNG },
      { name: 'name', value: 'bad!' },
    ]);
    expect(late.statusCode).toBe(400);
    expect(storedFiles(t).length).toBe(before);
  });

  it('reads one category with its course count, within the organisation only', async () => {
    const cat = await makeCategory(t.database.db, {
      organisationId: acme.org.id,
      name: 'Readable',
    });
    await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      categoryId: cat.id,
    });
    const res = await a.get(`/api/courses/categories/${cat.id}/`, acme.learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: cat.id, name: 'Readable', course_count: 1 });
    const foreign = await a.get(`/api/courses/categories/${cat.id}/`, globex.admin.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Category not found.');
  });

  it('changes one by JSON or multipart', async () => {
    const cat = (await a.post(url, acme.admin.token, { name: 'Old name' })).json();
    const json = await a.patch(`${url}${cat.id}/`, acme.admin.token, { name: 'New name' });
    expect(json.json().name).toBe('New name');
    const form = await a.form('PATCH', `${url}${cat.id}/`, acme.admin.token, [
      { name: 'description', value: 'Described' },
      { name: 'image', filename: 'i.png', content: PNG },
    ]);
    expect(form.json()).toMatchObject({ name: 'New name', description: 'Described' });
    expect(form.json().image).not.toBeNull();
    expect(
      (await a.patch(`${url}${cat.id}/`, globex.admin.token, { name: 'Mine' })).statusCode,
    ).toBe(404);
  });

  it('refuses deleting a category courses use, naming how many (409)', async () => {
    const cat = (await a.post(url, acme.admin.token, { name: 'Busy' })).json();
    await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      categoryId: cat.id,
    });
    await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      categoryId: cat.id,
    });
    const res = await a.del(`${url}${cat.id}/`, acme.admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This category is used by 2 courses. Move them to another category first.',
    );
    const free = (await a.post(url, acme.admin.token, { name: 'Free' })).json();
    expect((await a.del(`${url}${free.id}/`, acme.learner.token)).statusCode).toBe(403);
    expect((await a.del(`${url}${free.id}/`, acme.admin.token)).statusCode).toBe(200);
  });
});
