import { QUESTION_TYPES } from '@atrium/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeQuestionCategory } from '../../../test/factories/index.ts';
import { multipart } from '../../../test/multipart.ts';
import { questionCategories, questions, questionVersions } from '../../schema/assessments.table.ts';
import { QUESTION_COLUMNS, splitList } from './question-csv.ts';

/* Question import from CSV and XLSX, and the template, through the API. */

let t: TestApp;
let acme: Staff;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
});
afterAll(() => t.close());

const db = () => t.database.db;
const TEMPLATE = '/api/assessment/question/import/template/';

function upload(content: Buffer | string, filename: string, token = acme.trainer.token) {
  const form = multipart([{ name: 'file', filename, content: Buffer.from(content) }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/assessment/question/import/',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}
const count = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(eq(questions.organisationId, acme.org.id))
  )[0]!.n;
const template = (format: 'csv' | 'xlsx', token = acme.trainer.token) =>
  t.app.inject({ method: 'GET', url: `${TEMPLATE}?format=${format}`, headers: bearer(token) });
const topCategory = (name: string) =>
  db()
    .select()
    .from(questionCategories)
    .where(
      and(
        eq(questionCategories.organisationId, acme.org.id),
        isNull(questionCategories.parentId),
        eq(questionCategories.name, name),
      ),
    );

describe('the import template', () => {
  it('CSV: the columns and one example per type, which import back cleanly', async () => {
    const res = await template('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('question-import-template.csv');
    const [header] = res.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(QUESTION_COLUMNS.join(','));

    const before = await count();
    const imported = await upload(res.rawPayload, 'template.csv');
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ format: 'csv', qti_version: null, imported: 10 });
    expect(await count()).toBe(before + 10);
    const ids = imported.json().questions.map((q: { id: number }) => q.id);
    const rows = await db()
      .select({ type: questions.type, definition: questionVersions.definition })
      .from(questions)
      .innerJoin(questionVersions, eq(questionVersions.questionId, questions.id))
      .where(inArray(questions.id, ids))
      .orderBy(questions.id);
    expect(rows.map((r) => r.type)).toEqual([...QUESTION_TYPES]);
    expect(rows.find((r) => r.type === 'matching')!.definition).toMatchObject({
      premises: [
        { id: 'p1', text: 'France', response: 'r1' },
        { id: 'p2', text: 'Italy', response: 'r2' },
        { id: 'p3', text: 'Spain', response: 'r3' },
      ],
      responses: [
        { text: 'Paris' },
        { text: 'Rome' },
        { text: 'Madrid' },
        { id: 'r4', text: 'Lisbon' },
      ],
    });
    expect(rows.find((r) => r.type === 'fill_in_blanks')!.definition).toMatchObject({
      text: 'The sky is [[b1]] and grass is [[b2]].',
      blanks: [
        { id: 'b1', accepted: ['blue', 'azure'] },
        { id: 'b2', accepted: ['green'] },
      ],
    });
    // Two rows name Geography: one top-level category, created with the import.
    expect(await topCategory('Geography')).toHaveLength(1);
  });

  it('XLSX: the same template as a workbook imports back cleanly, reusing the categories', async () => {
    const res = await template('xlsx');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...QUESTION_COLUMNS]);
    expect(sheet.rowCount).toBe(11);
    const imported = await upload(res.rawPayload, 'template.xlsx');
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ format: 'xlsx', imported: 10 });
    expect(await topCategory('Geography')).toHaveLength(1);
  });

  it('is for authors only', async () => {
    expect((await template('csv', acme.learner.token)).statusCode).toBe(403);
  });
});

describe('CSV rows', () => {
  it('refuses the file when rows have errors, each keyed by row with its column; nothing written', async () => {
    const before = await count();
    const csv = [
      'type,title,stem,options,answers,points',
      'single_choice,Good,Pick one,*A;B,,1',
      'single_choice,No key,Pick one,A;B,,1',
      'numeric,No value,How many?,,many,1',
      'riddle,Odd,What?,,,1',
      ',,,,,',
      'short_answer,,Name it,,x,2000',
    ].join('\n');
    const res = await upload(csv, 'q.csv');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: '4 of 5 rows have errors. Nothing was imported.',
      errors: {
        'row 3': ['options: Mark exactly one option correct.'],
        'row 4': ['answers: Enter the correct value as a number.'],
        'row 5': [
          "type: 'riddle' is not a question type (single_choice, multiple_choice, true_false, short_answer, numeric, matching, ordering, fill_in_blanks, essay, file_upload).",
        ],
        'row 7': [expect.stringMatching(/^title: /), 'points: Points must be at most 1000.'],
      },
    });
    expect(await count()).toBe(before);
  });

  it('places questions by category path, creating missing levels and matching names without case', async () => {
    const safety = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      name: 'Safety',
    });
    const csv = [
      'type,title,category,tags,stem,answers',
      'true_false,Fire doors,safety / Fire,fire;Doors,Fire doors may be wedged open.,false',
      'true_false,Exits,Safety/fire,,Exits must be clear.,true',
    ].join('\n');
    const res = await upload(csv, 'q.csv');
    expect(res.statusCode, res.body).toBe(201);
    const placed = await db()
      .select({ category: questions.categoryId, tags: questions.tags })
      .from(questions)
      .where(
        inArray(
          questions.id,
          res.json().questions.map((q: { id: number }) => q.id),
        ),
      );
    const [fire] = await db()
      .select()
      .from(questionCategories)
      .where(eq(questionCategories.parentId, safety.id));
    expect(fire).toMatchObject({ name: 'Fire' });
    expect(placed.map((p) => p.category)).toEqual([fire!.id, fire!.id]);
    expect(placed[0]!.tags).toEqual(['fire', 'doors']);
  });

  it('refuses a sheet without the required columns or with unknown ones', async () => {
    const res = await upload('title,question\nA,B\n', 'q.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toEqual([
      'Missing columns: type, stem.',
      'Unknown columns: question.',
    ]);
  });

  it('splits lists on semicolons, `\\;` being a literal one', () => {
    expect(splitList('a; b\\;c ;;d')).toEqual(['a', 'b;c', 'd']);
    expect(splitList('blue|azure', '|')).toEqual(['blue', 'azure']);
  });
});
