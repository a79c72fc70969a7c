import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../src/schema/assessments.table.ts';
import { createTestApp, type TestApp } from './app.ts';
import { makeOrganisationWithStaff, type Staff } from './auth.ts';
import { makeAssessment, makeQuestion, makeQuestionCategory } from './factories/index.ts';
import { api } from './http.ts';

/*
 * The assessment calls of the cross-organisation column that its table cannot express
 * (cross-organisation.test.ts): the bulk actions answer 200 and name each refused id under
 * `failed`, and the question export takes acme's category in a query of its own.
 */

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
afterAll(() => t?.close());

async function acmeAssessment() {
  const db = t.database.db;
  const category = await makeQuestionCategory(db, { organisationId: acme.org.id });
  const question = await makeQuestion(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
    categoryId: category.id,
  });
  const a = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
    questionIds: [question.id],
  });
  return { id: a.id, title: a.title, category: category.id };
}

const rowOf = async (id: number) =>
  (await t.database.db.select().from(assessments).where(eq(assessments.id, id)))[0];

describe("bulk actions on another organisation's assessments", () => {
  it('fails each of acme’s ids for globex’s admin and trainer, refuses its learner, and changes nothing', async () => {
    const { id, title } = await acmeAssessment();
    const before = await rowOf(id);
    for (const action of ['delete', 'archive', 'unpublish', 'publish'] as const) {
      for (const who of ['admin', 'trainer'] as const) {
        const res = await http.post('/api/assessment/bulk/', globex[who].token, {
          ids: [id],
          action,
        });
        expect(res.statusCode, `${action} as ${who}: ${res.body}`).toBe(200);
        const body = res.json() as { done: number[]; failed: { id: number; detail: string }[] };
        expect(body.done, `${action} as ${who}`).toEqual([]);
        expect(
          body.failed.map((f) => f.id),
          `${action} as ${who}`,
        ).toEqual([id]);
        // The reason is a plain not-found: nothing of acme's assessment shows through.
        expect(body.failed[0]!.detail).not.toContain(title);
      }
      const learner = await http.post('/api/assessment/bulk/', globex.learner.token, {
        ids: [id],
        action,
      });
      expect(learner.statusCode).toBe(403);
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('lets acme’s admin archive the same id (the id is real)', async () => {
    const { id } = await acmeAssessment();
    const res = await http.post('/api/assessment/bulk/', acme.admin.token, {
      ids: [id],
      action: 'archive',
    });
    expect(res.json()).toEqual({ done: [id], failed: [] });
    expect((await rowOf(id))?.status).toBe('archived');
  });
});

describe("the question export of another organisation's category", () => {
  it('answers 404 to globex’s admin and trainer, 403 to its learner, and the file to acme’s admin', async () => {
    const { category } = await acmeAssessment();
    const url = `/api/assessment/question/export/?category=${category}`;
    expect((await http.get(url, globex.admin.token)).statusCode).toBe(404);
    expect((await http.get(url, globex.trainer.token)).statusCode).toBe(404);
    expect((await http.get(url, globex.learner.token)).statusCode).toBe(403);
    const own = await http.get(url, acme.admin.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/zip/);
  });
});
