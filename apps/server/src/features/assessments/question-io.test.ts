import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QUESTION_TYPES } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeQuestionCategory } from '../../../test/factories/index.ts';
import { buildZip } from '../../../test/factories/scorm.ts';
import { FIXTURES, fixtureZip, upload } from '../../../test/fixtures/qti/helpers.ts';
import { deflateRepeated, handZip, stored } from '../../core/export/zip-bomb.fixtures.ts';
import { questions, questionVersions } from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/* QTI import through the API: what an author uploads, and what is refused. */

let t: TestApp;
let acme: Staff;
let globex: Staff;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const db = () => t.database.db;

const countOf = async (organisationId: number) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(eq(questions.organisationId, organisationId))
  )[0]!.n;

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
    // The single-choice item's map of France came along as a question image.
    expect(report.notes).toEqual([]);
    const [withImage] = await db()
      .select({ definition: questionVersions.definition })
      .from(questionVersions)
      .innerJoin(questions, eq(questions.id, questionVersions.questionId))
      .where(
        and(
          inArray(
            questions.id,
            report.questions.map((q: { id: number }) => q.id),
          ),
          eq(questions.type, 'single_choice'),
        ),
      );
    expect(JSON.stringify(withImage?.definition)).toMatch(
      /<img src=\\"\/api\/assessment\/question\/image\/[0-9a-f-]{36}\/\\" alt=\\"Map of France\\"/,
    );
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

  it('stores imported HTML sanitised: scripts and handlers are gone', async () => {
    const item = `<qti-assessment-item identifier="hostile" title="Hostile"><qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration><qti-item-body><p onclick="steal()">Pick <script>alert(1)</script><a href="javascript:alert(1)">one</a></p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">Yes<iframe src="https://evil.example"></iframe></qti-simple-choice><qti-simple-choice identifier="B">No</qti-simple-choice></qti-choice-interaction></qti-item-body></qti-assessment-item>`;
    const manifest = `<manifest><resources><resource identifier="h" type="imsqti_item_xmlv3p0" href="h.xml"/></resources></manifest>`;
    const res = await upload(
      t,
      acme.trainer.token,
      await buildZip([
        { name: 'imsmanifest.xml', content: manifest },
        { name: 'h.xml', content: item },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [v] = await db()
      .select({ definition: questionVersions.definition })
      .from(questionVersions)
      .where(eq(questionVersions.questionId, res.json().questions[0].id));
    const def = v!.definition as { stem: string; options: { text: string }[] };
    expect(def.stem).toMatch(/^<p>Pick <a[^>]*>one<\/a><\/p>$/);
    expect(def.stem).not.toMatch(/script|onclick|javascript/);
    expect(def.options[0]!.text).toBe('Yes');
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
