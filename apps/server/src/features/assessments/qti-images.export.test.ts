import { QUESTION_IMAGE_PATH, questionImageUrl } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { EXPORT, upload } from '../../../test/fixtures/qti/helpers.ts';
import { imageUuids, unzipBytes } from '../../../test/fixtures/qti/images.ts';
import { api, call } from '../../../test/http.ts';

/* The images of exported questions: packed, pointed at, listed, and imported again elsewhere. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());

const PNG2 = Buffer.concat([PNG, Buffer.from('trailing bytes after IEND')]);

async function uploaded(content: Buffer) {
  const res = await call(t.app, 'POST', '/api/assessment/question/image/', {
    token: acme.trainer.token,
    form: [{ name: 'image', filename: 'sign.png', content }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

async function question(title: string, stem: string) {
  const res = await http.post('/api/assessment/question/bank/', acme.trainer.token, {
    title,
    definition: { type: 'true_false', points: 1, stem, correct: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; definition: { stem: string } };
}

const img = (uuid: string, alt: string) => `<img src="${questionImageUrl(uuid)}" alt="${alt}" />`;

describe('exporting questions with images', () => {
  it('packs each image once, points the items at it, lists it in the manifest; it imports again as a new image', async () => {
    const [a, b] = [await uploaded(PNG), await uploaded(PNG2)];
    const one = await question('One image', `<p>Sign</p><p>${img(a, 'Exit')}</p>`);
    const two = await question(
      'Two images',
      `<p>Signs</p><p>${img(a, 'Exit')}${img(b, 'Fire')}</p>`,
    );

    const exported = await http.get(`${EXPORT}?ids=${one.id},${two.id}`, acme.trainer.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const files = await unzipBytes(exported.rawPayload);
    expect([...files.keys()].filter((n) => n.startsWith('images/')).sort()).toEqual(
      [`images/${a}.png`, `images/${b}.png`].sort(),
    );
    expect(files.get(`images/${a}.png`)).toEqual(PNG);
    expect(files.get(`images/${b}.png`)).toEqual(PNG2);

    const manifest = files.get('imsmanifest.xml')!.toString('utf8');
    expect(manifest).toContain(
      `href="items/q${one.id}.xml"><file href="items/q${one.id}.xml"/><file href="images/${a}.png"/></resource>`,
    );
    expect(manifest).toContain(
      `<file href="items/q${two.id}.xml"/><file href="images/${a}.png"/><file href="images/${b}.png"/></resource>`,
    );
    const item = files.get(`items/q${two.id}.xml`)!.toString('utf8');
    expect(item).toContain(
      `<img src="../images/${a}.png" alt="Exit" /><img src="../images/${b}.png" alt="Fire" />`,
    );
    expect(item).not.toContain(QUESTION_IMAGE_PATH);

    // Another organisation imports the package: its own copies, at new addresses.
    const imported = await upload(t, globex.trainer.token, exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 2, skipped: [], notes: [] });
    const [copyOne, copyTwo] = imported.json().questions as { id: number }[];
    const stemOf = async (id: number) =>
      (await http.get(`/api/assessment/question/bank/${id}/`, globex.trainer.token)).json()
        .definition.stem as string;
    const [stemOne, stemTwo] = [await stemOf(copyOne!.id), await stemOf(copyTwo!.id)];
    const [a2] = imageUuids(stemOne);
    const [a3, b2] = imageUuids(stemTwo);
    expect(a3).toBe(a2);
    expect([a, b]).not.toContain(a2);
    expect([a, b]).not.toContain(b2);
    expect(stemTwo).toBe(`<p>Signs</p><p>${img(a2!, 'Exit')}${img(b2!, 'Fire')}</p>`);
    expect(stemOne).toBe(one.definition.stem.replace(a, a2!));

    const copy = await http.get(questionImageUrl(b2!), globex.learner.token);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/png');
    expect(copy.rawPayload).toEqual(PNG2);
    // The copy is globex's, the original still acme's only.
    expect((await http.get(questionImageUrl(b2!), acme.learner.token)).statusCode).toBe(404);
    expect((await http.get(questionImageUrl(b), globex.learner.token)).statusCode).toBe(404);
  });

  it('a question without images exports as before: no image files, one file per resource', async () => {
    const plain = await question('Plain', '<p>No picture here.</p>');
    const exported = await http.get(`${EXPORT}?ids=${plain.id}`, acme.trainer.token);
    const files = await unzipBytes(exported.rawPayload);
    expect([...files.keys()].sort()).toEqual(['imsmanifest.xml', `items/q${plain.id}.xml`]);
    expect(files.get('imsmanifest.xml')!.toString('utf8')).toContain(
      `<file href="items/q${plain.id}.xml"/></resource>`,
    );
  });
});
