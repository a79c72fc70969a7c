import { QUESTION_TYPES, type TQuestionType } from '@atrium/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeQuestionCategory, SAMPLE_DEFINITIONS } from '../../../test/factories/index.ts';
import { EXPORT, unzip, upload } from '../../../test/fixtures/qti/helpers.ts';
import { questions, questionVersions } from '../../schema/assessments.table.ts';

/* QTI 3.0 export through the API, and its round trip through the import. */

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
    const theirCategory = await makeQuestionCategory(db(), {
      organisationId: globex.org.id,
      name: 'Their export',
    });
    const byCategory = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?category=${theirCategory.id}`,
      headers: bearer(acme.trainer.token),
    });
    expect(byCategory.statusCode).toBe(404);
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
