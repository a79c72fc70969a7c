import { randomBytes } from 'node:crypto';
import { QUESTION_IMAGE_MAX_BYTES, questionImageUrl } from '@atrium/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { buildZip } from '../../../test/factories/scorm.ts';
import { upload } from '../../../test/fixtures/qti/helpers.ts';
import {
  choiceItem,
  imageUuids,
  qtiZip,
  storedImageFiles,
} from '../../../test/fixtures/qti/images.ts';
import { api } from '../../../test/http.ts';
import { questions, questionVersions } from '../../schema/assessments.table.ts';
import { questionImages, questionVersionImages } from '../../schema/question-images.table.ts';

/* Images of QTI items, imported with their questions: kept, left out with a note, or refused. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Another valid PNG (a different image), to tell two files apart. */
const PNG2 = Buffer.concat([PNG, Buffer.from('trailing bytes after IEND')]);

async function definitionOf(questionId: number) {
  const [v] = await db()
    .select({ id: questionVersions.id, definition: questionVersions.definition })
    .from(questionVersions)
    .where(eq(questionVersions.questionId, questionId));
  return v as { id: number; definition: Record<string, unknown> & { stem: string } };
}

describe('importing the images of QTI items', () => {
  it('stores an image an item shows, points the question at it, serves it to the organisation only', async () => {
    const item = choiceItem(
      'sign',
      '<p>Which sign is this?</p><p><img src="../figures/exit%20sign.png" alt="An exit sign"/></p>',
      {
        choice: '<img src="../figures/exit sign.png" alt="Same sign"/> Exit',
        feedback: '<p>Right.</p><img src="./detail.png" alt="Detail"/>',
      },
    );
    const zip = await qtiZip(
      [{ id: 'sign', file: 'items/sign.xml', xml: item }],
      [
        { name: 'figures/exit sign.png', content: PNG },
        { name: 'items/detail.png', content: PNG2 },
        // In the package but shown by no item: not read, not stored.
        { name: 'figures/unused.png', content: PNG },
      ],
    );
    const files = storedImageFiles(t);
    const res = await upload(t, acme.trainer.token, zip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imported: 1, notes: [] });

    const version = await definitionOf(res.json().questions[0].id);
    const stem = version.definition.stem;
    const [sign] = imageUuids(stem);
    expect(stem).toBe(
      `<p>Which sign is this?</p><p><img src="${questionImageUrl(sign!)}" alt="An exit sign" /></p>`,
    );
    // One file of the package is one image, whichever way an item spells its path.
    const options = version.definition.options as { text: string }[];
    expect(imageUuids(options[0]!.text)).toEqual([sign]);
    const feedback = version.definition.feedback as { correct: string };
    const [detail] = imageUuids(feedback.correct);
    expect(detail).toBeDefined();
    expect(detail).not.toBe(sign);
    expect(storedImageFiles(t)).toBe(files + 2);

    const read = await http.get(questionImageUrl(sign!), acme.learner.token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect((await http.get(questionImageUrl(detail!), acme.learner.token)).rawPayload).toEqual(
      PNG2,
    );
    expect((await http.get(questionImageUrl(sign!), globex.trainer.token)).statusCode).toBe(404);

    const rows = await db()
      .select({ uuid: questionImages.uuid, org: questionImages.organisationId })
      .from(questionImages)
      .innerJoin(questionVersionImages, eq(questionVersionImages.imageId, questionImages.id))
      .where(eq(questionVersionImages.versionId, version.id));
    expect(rows.map((r) => r.uuid).sort()).toEqual([sign, detail].sort());
    expect(rows.every((r) => r.org === acme.org.id)).toBe(true);
  });

  it('reads QTI 2.x images too: an <img> and an <object> of an image type, in the prompt', async () => {
    const xml = `<?xml version="1.0"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="v2" title="Signs"><responseDeclaration identifier="R" cardinality="single" baseType="identifier"><correctResponse><value>a</value></correctResponse></responseDeclaration><itemBody><choiceInteraction responseIdentifier="R" maxChoices="1"><prompt>Compare <img src="a.png" alt="First"/> and <object type="image/png" data="b.png">Second</object>.</prompt><simpleChoice identifier="a">Same</simpleChoice><simpleChoice identifier="b">Not</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;
    const manifest = `<?xml version="1.0"?><manifest><resources><resource identifier="v2" type="imsqti_item_xmlv2p2" href="v2.xml"/></resources></manifest>`;
    const zip = await buildZip([
      { name: 'imsmanifest.xml', content: manifest },
      { name: 'v2.xml', content: xml },
      { name: 'a.png', content: PNG },
      { name: 'b.png', content: PNG2 },
    ]);
    const res = await upload(t, acme.admin.token, zip);
    expect(res.statusCode, res.body).toBe(201);
    const { stem } = (await definitionOf(res.json().questions[0].id)).definition;
    const [a, b] = imageUuids(stem);
    expect(stem).toBe(
      `<p>Compare <img src="${questionImageUrl(a!)}" alt="First" /> and <img src="${questionImageUrl(b!)}" alt="Second" />.</p>`,
    );
  });

  it('leaves out, and notes, the images it cannot keep; the rest of the item is imported', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const item = choiceItem(
      'lossy',
      [
        '<p>Look at these.</p>',
        '<img src="figures/a.svg" alt="vector"/>',
        '<img src="figures/missing.png" alt="gone"/>',
        '<img src="https://cdn.example/sign.png" alt="remote"/>',
        '<img src="figures/photo.bmp" alt="bitmap"/>',
        '<img src="figures/fake.png" alt="not an image"/>',
        '<img src="figures/huge.png" alt="too big"/>',
        '<img src="../../../etc/passwd.png" alt="escape"/>',
        '<img src="figures/ok.png" alt="kept"/>',
      ].join(''),
      // Options are read before the stem; the notes still follow the item's order.
      { choice: '<img src="figures/choice.gif" alt="c"/> Yes' },
    );
    const zip = await qtiZip(
      [
        { id: 'lossy', file: 'lossy.xml', xml: item },
        // A skipped item's image is neither noted nor stored.
        {
          id: 'skipped',
          file: 'skipped.xml',
          xml: `<qti-assessment-item identifier="skipped"><qti-item-body><img src="figures/ok.png" alt="x"/><qti-hotspot-interaction response-identifier="R"/></qti-item-body></qti-assessment-item>`,
        },
      ],
      [
        { name: 'figures/a.svg', content: svg },
        { name: 'figures/photo.bmp', content: Buffer.from('BM not really') },
        { name: 'figures/fake.png', content: Buffer.from('<html>not a png</html>') },
        { name: 'figures/huge.png', content: randomBytes(QUESTION_IMAGE_MAX_BYTES + 1) },
        { name: 'figures/ok.png', content: PNG },
      ],
    );
    const expected = [
      'image “figures/a.svg” left out: SVG images are not kept; convert it to PNG',
      'image “figures/missing.png” left out: the file is not in the package',
      'image “https://cdn.example/sign.png” left out: images from other sites are not kept; add the file to the package',
      'image “figures/photo.bmp” left out: only PNG, JPEG, GIF and WebP images are kept',
      'image “figures/fake.png” left out: its content is not a .png image',
      'image “figures/huge.png” left out: it is larger than the 5 MB limit',
      'image “../../../etc/passwd.png” left out: it is not a file of the package',
      'image “figures/choice.gif” left out: the file is not in the package',
    ].map((note) => ({ item: 'lossy', note }));

    const dry = await upload(t, acme.trainer.token, zip, { dry_run: 'true' });
    expect(dry.statusCode, dry.body).toBe(201);
    expect(dry.json().notes).toEqual(expected);

    const files = storedImageFiles(t);
    const res = await upload(t, acme.trainer.token, zip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imported: 1, notes: expected });
    expect(res.json().skipped).toHaveLength(1);
    const { stem } = (await definitionOf(res.json().questions[0].id)).definition;
    expect(stem).toMatch(/^<p>Look at these.<\/p><img src="[^"]+" alt="kept" \/>/);
    expect(imageUuids(stem)).toHaveLength(1);
    expect(storedImageFiles(t)).toBe(files + 1);
  });

  it('a dry run checks the images and stores no file and no row', async () => {
    const zip = await qtiZip(
      [{ id: 'dry', file: 'dry.xml', xml: choiceItem('dry', '<img src="ok.png" alt="a"/>') }],
      [{ name: 'ok.png', content: PNG }],
    );
    const [rows, files] = [await db().$count(questionImages), storedImageFiles(t)];
    const res = await upload(t, acme.trainer.token, zip, { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ dry_run: true, imported: 0, notes: [] });
    expect(res.json().questions).toHaveLength(1);
    expect(await db().$count(questionImages)).toBe(rows);
    expect(storedImageFiles(t)).toBe(files);
  });

  it('a refused import leaves no image: an invalid item, or a write that fails after the files are stored', async () => {
    const good = choiceItem('good', '<p>Sign</p><img src="ok.png" alt="a"/>');
    const invalid = `<qti-assessment-item identifier="bad"><qti-item-body><qti-choice-interaction response-identifier="NONE"><qti-simple-choice identifier="A">A</qti-simple-choice></qti-choice-interaction></qti-item-body></qti-assessment-item>`;
    const files = [{ name: 'ok.png', content: PNG }];
    const [rows, stored, count] = [
      await db().$count(questionImages),
      storedImageFiles(t),
      await db().$count(questions),
    ];

    const withInvalid = await qtiZip(
      [
        { id: 'good', file: 'good.xml', xml: good },
        { id: 'bad', file: 'bad.xml', xml: invalid },
      ],
      files,
    );
    const refused = await upload(t, acme.trainer.token, withInvalid);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors['item bad']).toBeDefined();

    // An image whose new uuid is taken (as unlikely as it is) fails the transaction after its
    // file was stored: the file must go with the rolled-back rows.
    const [taken] = await db().select({ uuid: questionImages.uuid }).from(questionImages).limit(1);
    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValueOnce(
      taken!.uuid as ReturnType<typeof crypto.randomUUID>,
    );
    const failed = await upload(
      t,
      acme.trainer.token,
      await qtiZip([{ id: 'good', file: 'good.xml', xml: good }], files),
    );
    // The unique uuid refuses the image's row (a conflict), which the stored file had preceded.
    expect(failed.statusCode, failed.body).toBe(409);

    expect(await db().$count(questionImages)).toBe(rows);
    expect(storedImageFiles(t)).toBe(stored);
    expect(await db().$count(questions)).toBe(count);
  });

  it('refuses an item that links to another organisation’s image, naming the item', async () => {
    const [theirs] = await db()
      .insert(questionImages)
      .values({ organisationId: globex.org.id, key: 'questions/images/x.png', size: 1 })
      .returning({ uuid: questionImages.uuid });
    const link = `<p><a href="${questionImageUrl(theirs!.uuid)}">their image</a></p>`;
    const zip = await qtiZip([{ id: 'link', file: 'link.xml', xml: choiceItem('link', link) }]);
    const res = await upload(t, acme.trainer.token, zip, { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors['item link']).toEqual([
      'The item links to an image of another organisation’s question bank; remove the link.',
    ]);
    // An <img> at such an address is not a file of the package: left out and noted, not kept.
    const img = `<p>See</p><img src="${questionImageUrl(theirs!.uuid)}" alt="x"/>`;
    const asImage = await upload(
      t,
      acme.trainer.token,
      await qtiZip([{ id: 'img', file: 'img.xml', xml: choiceItem('img', img) }]),
    );
    expect(asImage.statusCode, asImage.body).toBe(201);
    expect(asImage.json().notes).toEqual([
      {
        item: 'img',
        note: `image “${questionImageUrl(theirs!.uuid)}” left out: it is not a file of the package`,
      },
    ]);
    const uses = await db()
      .select()
      .from(questionVersionImages)
      .innerJoin(questionImages, eq(questionImages.id, questionVersionImages.imageId))
      .where(inArray(questionImages.uuid, [theirs!.uuid]));
    expect(uses).toHaveLength(0);
  });
});
