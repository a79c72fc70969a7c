import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { QUESTION_TYPES, type TQuestionType } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeQuestionCategory, SAMPLE_DEFINITIONS } from '../../../test/factories/index.ts';
import { buildZip } from '../../../test/factories/scorm.ts';
import { multipart } from '../../../test/multipart.ts';
import { deflateRepeated, handZip, stored } from '../../core/export/zip-bomb.fixtures.ts';
import { questions, questionVersions } from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/* QTI import and export through the API: what an author uploads and downloads. */

let t: TestApp;
let acme: Staff;
let globex: Staff;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const IMPORT = '/api/assessment/question/import/';
const EXPORT = '/api/assessment/question/export/';
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/qti');
const db = () => t.database.db;

function upload(
  app: TestApp,
  token: string,
  content: Buffer,
  fields: Record<string, string> = {},
  filename = 'questions.zip',
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename, content },
  ]);
  return app.app.inject({
    method: 'POST',
    url: IMPORT,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}

/** A fixture folder zipped, imsmanifest.xml at the root, plus a stand-in image. */
function fixtureZip(dir: string) {
  const root = path.join(FIXTURES, dir);
  const files: { name: string; content: Buffer }[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(root, r)).isDirectory()) walk(r);
      else files.push({ name: r, content: readFileSync(path.join(root, r)) });
    }
  };
  walk('');
  files.push({ name: 'images/france.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  return buildZip(files);
}

const countOf = async (organisationId: number) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(eq(questions.organisationId, organisationId))
  )[0]!.n;

/** The files of a zip, as text. */
function unzip(content: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('importing QTI packages', () => {
  it('imports a QTI 3.0 package: every supported item, the others listed as skipped', async () => {
    const before = await countOf(acme.org.id);
    const res = await upload(t, acme.trainer.token, await fixtureZip('v3'));
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({
      format: 'qti',
      qti_version: '3.0',
      dry_run: false,
      imported: 10,
    });
    expect(report.skipped).toEqual([
      { item: 'hotspot', reason: 'unsupported interaction: hotspotInteraction' },
      {
        item: 'two-interactions',
        reason: 'several interactions in one item (choiceInteraction, extendedTextInteraction)',
      },
      { item: 'test-1', reason: expect.stringContaining('tests and sections are not imported') },
    ]);
    expect(await countOf(acme.org.id)).toBe(before + 10);
    const rows = await db()
      .select({ type: questions.type, title: questions.title, by: questions.createdBy })
      .from(questions)
      .where(
        inArray(
          questions.id,
          report.questions.map((q: { id: number }) => q.id),
        ),
      );
    // One item of each type in the fixture package.
    expect(rows.map((r) => r.type).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(rows.every((r) => r.by === acme.trainer.user.id)).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'question.imported'),
          eq(auditEvents.actorId, acme.trainer.user.id),
        ),
      );
    expect(audit?.details).toMatchObject({ format: 'qti', imported: 10, skipped: 3 });
  });

  it('imports a QTI 2.1/2.2 package into the chosen category', async () => {
    const cat = await makeQuestionCategory(db(), { organisationId: acme.org.id, name: 'Safety' });
    const res = await upload(t, acme.admin.token, await fixtureZip('v2'), {
      category: String(cat.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ qti_version: '2.1, 2.2', imported: 5 });
    expect(res.json().skipped).toEqual([
      { item: 'gap-match', reason: 'unsupported interaction: gapMatchInteraction' },
    ]);
    const placed = await db()
      .select({ category: questions.categoryId })
      .from(questions)
      .where(
        inArray(
          questions.id,
          res.json().questions.map((q: { id: number }) => q.id),
        ),
      );
    expect(placed.every((p) => p.category === cat.id)).toBe(true);
  });

  it('a dry run reports what would be imported and writes nothing', async () => {
    const before = await countOf(acme.org.id);
    const res = await upload(t, acme.trainer.token, await fixtureZip('v3'), { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ dry_run: true, imported: 0 });
    expect(res.json().questions).toHaveLength(10);
    expect(await countOf(acme.org.id)).toBe(before);
  });

  it('one malformed supported item refuses the package with its errors; nothing is written', async () => {
    const bad = `<?xml version="1.0"?><qti-assessment-item identifier="bad-choice" title="No key"><qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"/><qti-item-body><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-prompt>Pick</qti-prompt><qti-simple-choice identifier="A">A</qti-simple-choice><qti-simple-choice identifier="B">B</qti-simple-choice></qti-choice-interaction></qti-item-body></qti-assessment-item>`;
    const good = readFileSync(path.join(FIXTURES, 'v3/items/choice-multiple.xml'));
    const manifest = `<?xml version="1.0"?><manifest><resources><resource identifier="good" type="imsqti_item_xmlv3p0" href="good.xml"/><resource identifier="bad" type="imsqti_item_xmlv3p0" href="bad.xml"/></resources></manifest>`;
    const before = await countOf(acme.org.id);
    const res = await upload(
      t,
      acme.trainer.token,
      await buildZip([
        { name: 'imsmanifest.xml', content: manifest },
        { name: 'good.xml', content: good },
        { name: 'bad.xml', content: bad },
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: '1 of 2 items have errors. Nothing was imported.',
      errors: { 'item bad-choice': ['options: Mark exactly one option correct.'] },
    });
    expect(await countOf(acme.org.id)).toBe(before);
  });

  it('refuses an item with a DOCTYPE (XXE) and a zip bomb, writing nothing', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><qti-assessment-item identifier="x">&e;</qti-assessment-item>`;
    const manifest = `<manifest><resources><resource identifier="x" type="imsqti_item_xmlv3p0" href="x.xml"/></resources></manifest>`;
    const res = await upload(
      t,
      acme.trainer.token,
      await buildZip([
        { name: 'imsmanifest.xml', content: manifest },
        { name: 'x.xml', content: xxe },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/document type declarations are not allowed/);

    const bomb = handZip([
      { name: 'imsmanifest.xml', content: stored(manifest), stored: true },
      { name: 'x.xml', content: deflateRepeated([{ chunk: 'A'.repeat(1 << 20), times: 200 }]) },
    ]);
    const refused = await upload(t, acme.trainer.token, bomb);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().message).toMatch(/zip bomb|too large/);
  });

  it('refuses what is neither QTI, XLSX nor CSV with 415', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await upload(t, acme.trainer.token, png, {}, 'questions.csv');
    expect(res.statusCode).toBe(415);
    const zip = await buildZip([{ name: 'readme.txt', content: 'hello' }]);
    const other = await upload(t, acme.trainer.token, zip);
    expect(other.statusCode).toBe(415);
    expect(other.json().message).toMatch(/neither a QTI package/);
  });

  it('refuses another organisation’s category (400) and learners (403)', async () => {
    const theirs = await makeQuestionCategory(db(), { organisationId: globex.org.id, name: 'X' });
    const res = await upload(t, acme.trainer.token, await fixtureZip('v2'), {
      category: String(theirs.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      category: ['Choose a category of your organisation’s bank.'],
    });
    const learner = await upload(t, acme.learner.token, await fixtureZip('v2'));
    expect(learner.statusCode).toBe(403);
  });
});

/** Every field QTI carries for each type, and Atrium's own settings. */
const RICH: Record<TQuestionType, object> = {
  ...SAMPLE_DEFINITIONS,
  single_choice: {
    ...SAMPLE_DEFINITIONS.single_choice,
    feedback: { general: '<p>See chapter 2.</p>', correct: 'Right & well done', incorrect: 'No' },
  },
  short_answer: {
    ...SAMPLE_DEFINITIONS.short_answer,
    accepted: ['Paris', 'paris city'],
    case_sensitive: true,
  },
  numeric: { ...SAMPLE_DEFINITIONS.numeric, tolerance: 5, tolerance_mode: 'percent' },
  matching: {
    ...SAMPLE_DEFINITIONS.matching,
    responses: [
      ...(SAMPLE_DEFINITIONS.matching as { responses: object[] }).responses,
      { id: 'r3', text: 'Rome' },
    ],
  },
  fill_in_blanks: {
    ...SAMPLE_DEFINITIONS.fill_in_blanks,
    text: '<p>The sky is [[b1]] and <strong>grass</strong> is [[b2]].</p><p>Snow is white.</p>',
    blanks: [
      { id: 'b1', accepted: ['blue', 'azure'], case_sensitive: true },
      { id: 'b2', accepted: ['green'] },
    ],
  },
  essay: {
    ...SAMPLE_DEFINITIONS.essay,
    rubric: [
      { id: 'c1', title: 'Hazard', points: 2 },
      { id: 'c2', title: 'Measure', description: 'Realistic', points: 3 },
    ],
    reviewer_notes: 'Look for a concrete hazard.',
    min_words: 20,
    max_words: 200,
  },
  file_upload: {
    ...SAMPLE_DEFINITIONS.file_upload,
    allowed_types: ['pdf', 'docx'],
    max_files: 3,
    max_bytes: 2048,
  },
};

describe('exporting QTI 3.0', () => {
  it('every type exported and imported again gives the same definition', async () => {
    const created: Record<string, { id: number; definition: unknown }> = {};
    for (const type of QUESTION_TYPES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/assessment/question/bank/',
        headers: bearer(acme.trainer.token),
        payload: { title: `Round trip ${type} <&>`, definition: RICH[type] },
      });
      expect(res.statusCode, res.body).toBe(201);
      created[type] = res.json();
    }
    const ids = Object.values(created).map((q) => q.id);
    const exported = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?ids=${ids.join(',')}`,
      headers: bearer(acme.trainer.token),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const files = await unzip(exported.rawPayload);
    const manifest = files.get('imsmanifest.xml')!;
    for (const id of ids) {
      expect(manifest).toContain(`href="items/q${id}.xml"`);
      expect(files.get(`items/q${id}.xml`)).toContain('<qti-assessment-item');
    }
    expect(manifest).toContain('type="imsqti_item_xmlv3p0"');
    expect(files.get(`items/q${created.single_choice!.id}.xml`)).toContain(
      'title="Round trip single_choice &lt;&amp;&gt;"',
    );

    const imported = await upload(t, acme.admin.token, exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ qti_version: '3.0', imported: 10, skipped: [] });
    const newIds: number[] = imported.json().questions.map((q: { id: number }) => q.id);
    const versions = await db()
      .select({ definition: questionVersions.definition, title: questions.title })
      .from(questionVersions)
      .innerJoin(questions, eq(questions.id, questionVersions.questionId))
      .where(inArray(questionVersions.questionId, newIds))
      .orderBy(questionVersions.questionId);
    expect(versions.map((v) => v.definition)).toEqual(
      QUESTION_TYPES.map((type) => created[type]!.definition),
    );
    expect(versions[0]!.title).toBe('Round trip single_choice <&>');
  });

  it('exports only the caller’s organisation’s questions: another’s id is a 404', async () => {
    const [mine] = await db()
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.organisationId, acme.org.id))
      .limit(1);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/assessment/question/bank/',
      headers: bearer(globex.trainer.token),
      payload: { title: 'Theirs', definition: SAMPLE_DEFINITIONS.essay },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?ids=${mine!.id},${theirs.json().id}`,
      headers: bearer(acme.trainer.token),
    });
    expect(res.statusCode).toBe(404);
    const learner = await t.app.inject({
      method: 'GET',
      url: EXPORT,
      headers: bearer(acme.learner.token),
    });
    expect(learner.statusCode).toBe(403);
  });

  it('exports a category’s questions', async () => {
    const cat = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      name: 'Export me',
    });
    const [essay] = await db()
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.title, 'Round trip essay <&>'))
      .limit(1);
    await db().update(questions).set({ categoryId: cat.id }).where(eq(questions.id, essay!.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?category=${cat.id}`,
      headers: bearer(acme.trainer.token),
    });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].filter((f) => f.startsWith('items/'))).toHaveLength(1);
    expect([...files.values()].join('')).toContain('qti-extended-text-interaction');
  });
});
