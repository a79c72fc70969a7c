import { QUESTION_IMAGE_MAX_BYTES } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type SignedIn, type Staff } from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { api, call } from '../../../test/http.ts';
import { questionVersions } from '../../schema/assessments.table.ts';
import { questionImages, questionVersionImages } from '../../schema/question-images.table.ts';
import { removeUnusedImages } from './question-images.ts';

/*
 * Images in question text: who may upload and read them, what the file store lets through, what
 * question text may point at, and the removal of images no question shows.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const IMAGE = '/api/assessment/question/image/';
const BANK = '/api/assessment/question/bank/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());

const upload = (who: SignedIn | null, content: Buffer, filename = 'sign.png', name = 'image') =>
  call(t.app, 'POST', IMAGE, {
    token: who?.token,
    form: [{ name, filename, content }],
  });

async function uploaded(who: SignedIn = acme.trainer) {
  const res = await upload(who, PNG);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uuid: string; url: string; size: number };
}

const trueFalse = (stem: string) => ({
  title: 'Exit sign',
  definition: { type: 'true_false', points: 1, stem, correct: true },
});

const rowOf = async (uuid: string) =>
  (await db().select().from(questionImages).where(eq(questionImages.uuid, uuid)))[0];

describe('uploading and reading question images', () => {
  it('stores an image for authors and serves it, inert, to members of the organisation only', async () => {
    const image = await uploaded();
    expect(image.url).toBe(`${IMAGE}${image.uuid}/`);
    expect(image.size).toBe(PNG.length);

    const read = await http.get(image.url, acme.learner.token);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-security-policy']).toContain('sandbox');

    for (const who of [globex.admin, globex.trainer, globex.learner]) {
      expect((await http.get(image.url, who.token)).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', image.url)).statusCode).toBe(401);
    expect((await http.get(`${IMAGE}not-a-uuid/`, acme.learner.token)).statusCode).toBe(400);
    expect(
      (await http.get(`${IMAGE}00000000-0000-4000-8000-000000000000/`, acme.admin.token))
        .statusCode,
    ).toBe(404);
  });

  it('refuses learners, other file types, disguised files, oversized ones and empty forms', async () => {
    const before = await db().$count(questionImages);
    expect((await upload(acme.learner, PNG)).statusCode).toBe(403);
    expect((await upload(null, PNG)).statusCode).toBe(401);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(acme.trainer, svg, 'a.svg')).statusCode).toBe(415);
    expect((await upload(acme.trainer, Buffer.from('<html>hi</html>'), 'a.png')).statusCode).toBe(
      415,
    );
    const huge = Buffer.concat([PNG, Buffer.alloc(QUESTION_IMAGE_MAX_BYTES)]);
    expect((await upload(acme.trainer, huge)).statusCode).toBe(413);
    const wrongField = await upload(acme.trainer, PNG, 'a.png', 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors.file).toBeDefined();
    const none = await call(t.app, 'POST', IMAGE, {
      token: acme.trainer.token,
      form: [{ name: 'note', value: 'no file' }],
    });
    expect(none.statusCode).toBe(400);
    expect(await db().$count(questionImages)).toBe(before);
  });
});

describe('images in question text', () => {
  it('keeps an image of the organisation, drops one from elsewhere, and records which version shows it', async () => {
    const image = await uploaded();
    const res = await http.post(
      BANK,
      acme.trainer.token,
      trueFalse(
        `<p>Is this sign green?</p><p><img src="${image.url}" alt="An exit sign" onerror="x()"><img src="https://tracker.example/p.png"></p>`,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().definition.stem).toBe(
      `<p>Is this sign green?</p><p><img src="${image.url}" alt="An exit sign" /></p>`,
    );
    const uses = await db()
      .select({ version: questionVersionImages.versionId })
      .from(questionVersionImages)
      .innerJoin(questionImages, eq(questionImages.id, questionVersionImages.imageId))
      .where(eq(questionImages.uuid, image.uuid));
    expect(uses).toHaveLength(1);
  });

  it('refuses an image of another organisation, naming it, and stores nothing', async () => {
    const theirs = await uploaded(globex.trainer);
    const before = await db().$count(questionVersions);
    const res = await http.post(
      BANK,
      acme.trainer.token,
      trueFalse(`<p>Whose?</p><p><img src="${theirs.url}" alt="x"></p>`),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.definition.join(' ')).toContain(theirs.url);
    expect(await db().$count(questionVersions)).toBe(before);
  });

  it('an edit that takes the image out releases it; the cleanup removes it a day later, file and all', async () => {
    const kept = await uploaded();
    const dropped = await uploaded();
    const fresh = await uploaded();
    const created = await http.post(
      BANK,
      acme.trainer.token,
      trueFalse(
        `<p>Two signs</p><p><img src="${kept.url}" alt="a"><img src="${dropped.url}" alt="b"></p>`,
      ),
    );
    const id = created.json().id as number;
    const edited = await http.put(`${BANK}${id}/`, acme.trainer.token, {
      definition: trueFalse(`<p>One sign</p><p><img src="${kept.url}" alt="a"></p>`).definition,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const keyOf = async (uuid: string) => (await rowOf(uuid))!.key;
    const droppedKey = await keyOf(dropped.uuid);
    expect(await t.app.ctx.files.stat(droppedKey)).not.toBeNull();

    // Nothing is removed within the day an author has to use an upload.
    await removeUnusedImages(t.app.ctx);
    expect(await rowOf(dropped.uuid)).toBeDefined();
    await db().execute(
      sql`update question_images set created_at = now() - interval '25 hours'
          where uuid in (${kept.uuid}, ${dropped.uuid})`,
    );
    expect(await removeUnusedImages(t.app.ctx)).toBe(1);
    expect(await rowOf(dropped.uuid)).toBeUndefined();
    expect(await t.app.ctx.files.stat(droppedKey)).toBeNull();
    expect((await http.get(dropped.url, acme.learner.token)).statusCode).toBe(404);
    // The one a question shows, and the one uploaded just now, stay.
    expect(await rowOf(kept.uuid)).toBeDefined();
    expect(await rowOf(fresh.uuid)).toBeDefined();
    expect((await http.get(kept.url, acme.learner.token)).statusCode).toBe(200);
  });

  it('an answered question keeps its image in the old version when an edit adds a new one', async () => {
    const image = await uploaded();
    const created = await http.post(
      BANK,
      acme.admin.token,
      trueFalse(`<p>Sign</p><p><img src="${image.url}" alt="a"></p>`),
    );
    const id = created.json().id as number;
    await db().execute(sql`update question_versions set used_at = now() where question_id = ${id}`);
    const edited = await http.put(`${BANK}${id}/`, acme.admin.token, {
      definition: trueFalse('<p>No sign any more</p>').definition,
    });
    expect(edited.json().version).toBe(2);
    await db().execute(
      sql`update question_images set created_at = now() - interval '2 days' where uuid = ${image.uuid}`,
    );
    await removeUnusedImages(t.app.ctx);
    // Version 1, which an attempt answered, still shows it.
    expect(await rowOf(image.uuid)).toBeDefined();
  });
});
