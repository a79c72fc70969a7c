import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import { makeQuestion, makeQuestionCategory } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { questionCategories } from '../../schema/assessments.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const CATS = '/api/assessment/question/categories/';
const create = (token: string, body: unknown) => a.post(CATS, token, body);

describe('question categories', () => {
  it('builds a tree with names unique among siblings, case aside', async () => {
    const top = await create(acme.trainer.token, { name: 'Compliance' });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json()).toMatchObject({ name: 'Compliance', parent: null, question_count: 0 });
    const child = await create(acme.trainer.token, { name: 'GDPR', parent: top.json().id });
    expect(child.json()).toMatchObject({ parent: top.json().id });
    expect((await create(acme.admin.token, { name: 'compliance' })).statusCode).toBe(409);
    expect(
      (await create(acme.admin.token, { name: 'gdpr', parent: top.json().id })).statusCode,
    ).toBe(409);
    // The same name under another parent is another category.
    expect((await create(acme.admin.token, { name: 'GDPR' })).statusCode).toBe(201);
    const children = await a.get(`${CATS}?parent=${top.json().id}`, acme.trainer.token);
    expect(children.json()).toMatchObject({ count: 1, results: [{ name: 'GDPR' }] });
  });

  it('counts the questions filed in each category', async () => {
    const cat = await create(acme.trainer.token, { name: 'Counted' });
    const empty = await create(acme.trainer.token, { name: 'Empty one' });
    for (let i = 0; i < 3; i++)
      await makeQuestion(db(), {
        organisationId: acme.org.id,
        createdBy: null,
        categoryId: cat.json().id,
      });
    const list = await a.get(`${CATS}?page_size=100`, acme.trainer.token);
    const byName = new Map(
      list
        .json()
        .results.map((c: { name: string; question_count: number }) => [c.name, c.question_count]),
    );
    expect(byName.get('Counted')).toBe(3);
    expect(byName.get('Empty one')).toBe(0);
    expect(empty.statusCode).toBe(201);
  });

  it('refuses a parent of another organisation, markup in a name and a move under itself', async () => {
    const theirs = await makeQuestionCategory(db(), { organisationId: globex.org.id });
    const res = await create(acme.admin.token, { name: 'Stolen', parent: theirs.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['parent']);
    expect((await create(acme.admin.token, { name: '<b>x</b>' })).json().errors).toHaveProperty([
      'name',
    ]);

    const root = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const mid = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      parentId: root.id,
    });
    const leaf = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      parentId: mid.id,
    });
    for (const parent of [root.id, leaf.id]) {
      const moved = await a.patch(`${CATS}${root.id}/`, acme.admin.token, { parent });
      expect(moved.statusCode, moved.body).toBe(400);
      expect(moved.json().errors).toHaveProperty(['parent']);
    }
    const renamed = await a.patch(`${CATS}${leaf.id}/`, acme.admin.token, {
      name: 'Leaf',
      parent: null,
    });
    expect(renamed.json()).toMatchObject({ name: 'Leaf', parent: null });
  });

  it('two crossing moves at once: one wins, the other is refused, no cycle', async () => {
    // On PostgreSQL (TEST_DATABASE_URL) both run concurrently and the tree's lock decides.
    const x = await makeQuestionCategory(db(), { organisationId: acme.org.id });
    const y = await makeQuestionCategory(db(), { organisationId: acme.org.id });
    const [one, two] = await Promise.all([
      a.patch(`${CATS}${x.id}/`, acme.admin.token, { parent: y.id }),
      a.patch(`${CATS}${y.id}/`, acme.admin.token, { parent: x.id }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
    const rows = await db()
      .select()
      .from(questionCategories)
      .where(eq(questionCategories.organisationId, acme.org.id));
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    expect(parentOf.get(x.id) === y.id && parentOf.get(y.id) === x.id).toBe(false);
  });

  it('refuses to delete a category holding questions or sub-categories (409), deletes an empty one', async () => {
    const cat = await makeQuestionCategory(db(), { organisationId: acme.org.id });
    const sub = await makeQuestionCategory(db(), { organisationId: acme.org.id, parentId: cat.id });
    const q = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: null,
      categoryId: sub.id,
    });
    expect((await a.del(`${CATS}${sub.id}/`, acme.admin.token)).statusCode).toBe(409);
    expect((await a.del(`${CATS}${cat.id}/`, acme.admin.token)).statusCode).toBe(409);
    await a.del(`/api/assessment/question/bank/${q.id}/`, acme.admin.token);
    expect((await a.del(`${CATS}${sub.id}/`, acme.admin.token)).statusCode).toBe(204);
    expect((await a.del(`${CATS}${cat.id}/`, acme.admin.token)).statusCode).toBe(204);
    expect(
      await db().select().from(questionCategories).where(eq(questionCategories.id, cat.id)),
    ).toEqual([]);
  });

  it('who may: learners 403, another organisation 404, trainers change only their own', async () => {
    const mine = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      createdBy: trainer2.user.id,
    });
    expect((await a.get(CATS, acme.learner.token)).statusCode).toBe(403);
    expect((await create(acme.learner.token, { name: 'Nope' })).statusCode).toBe(403);
    for (const who of [globex.admin, globex.trainer]) {
      expect((await a.patch(`${CATS}${mine.id}/`, who.token, { name: 'Planted' })).statusCode).toBe(
        404,
      );
      expect((await a.del(`${CATS}${mine.id}/`, who.token)).statusCode).toBe(404);
    }
    const listed = await a.get(CATS, globex.admin.token);
    expect(listed.json().results.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    expect(
      (await a.patch(`${CATS}${mine.id}/`, acme.trainer.token, { name: 'Taken' })).statusCode,
    ).toBe(403);
    expect((await a.patch(`${CATS}${mine.id}/`, trainer2.token, { name: 'Mine' })).statusCode).toBe(
      200,
    );
    expect(
      (await a.patch(`${CATS}${mine.id}/`, acme.admin.token, { name: 'Admin' })).statusCode,
    ).toBe(200);
  });
});
