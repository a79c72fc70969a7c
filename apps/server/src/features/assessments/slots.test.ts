import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  makeAssessment,
  makeQuestion,
  makeQuestionCategory,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

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
const PAGE = '/api/assessment/page/';
const SLOT = '/api/assessment/question/';
const question = (over: Partial<Parameters<typeof makeQuestion>[1]> = {}) =>
  makeQuestion(db(), { organisationId: acme.org.id, createdBy: acme.trainer.user.id, ...over });
const draft = (over: Partial<Parameters<typeof makeAssessment>[1]> = {}) =>
  makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    status: 'draft',
    ...over,
  });

type Detail = {
  pages: {
    id: number;
    title: string;
    slots: { id: number; kind: string; question: { id: number } | null }[];
  }[];
  max_score: number;
};

describe('pages', () => {
  it('adds, renames (sanitised) and removes pages; the last page stays (409)', async () => {
    const x = await draft();
    const added = await a.post(PAGE, acme.trainer.token, {
      assessment: x.id,
      title: 'Part two',
      description: '<p>Read <img src=x onerror=alert(1)>this</p>',
    });
    expect(added.statusCode, added.body).toBe(201);
    const pages = (added.json() as Detail).pages;
    expect(pages.map((p) => p.title)).toEqual(['Page 1', 'Part two']);
    const second = pages[1]!.id;
    const renamed = await a.patch(`${PAGE}${second}/`, acme.trainer.token, { title: 'Part 2' });
    expect(renamed.json().pages[1]).toMatchObject({
      title: 'Part 2',
      description: '<p>Read this</p>',
    });
    expect((await a.del(`${PAGE}${second}/`, trainer2.token)).statusCode).toBe(403);
    expect((await a.del(`${PAGE}${second}/`, acme.trainer.token)).json().pages).toHaveLength(1);
    const last = await a.del(`${PAGE}${x.pageId}/`, acme.trainer.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/Unable to delete this page/);
  });

  it('another organisation’s pages and slots are 404', async () => {
    const q = await makeQuestion(db(), { organisationId: globex.org.id, createdBy: null });
    const theirs = await makeAssessment(db(), {
      organisationId: globex.org.id,
      createdBy: globex.trainer.user.id,
      questionIds: [q.id],
    });
    const detail = (await a.get(`/api/assessment/${theirs.id}/`, globex.admin.token)).json();
    const slotId = detail.pages[0].slots[0].id;
    for (const res of [
      await a.post(PAGE, acme.admin.token, { assessment: theirs.id }),
      await a.patch(`${PAGE}${theirs.pageId}/`, acme.admin.token, { title: 'x' }),
      await a.del(`${PAGE}${theirs.pageId}/`, acme.admin.token),
      await a.post(SLOT, acme.admin.token, {
        kind: 'fixed',
        page: theirs.pageId,
        questions: [q.id],
      }),
      await a.patch(`${SLOT}${slotId}/`, acme.admin.token, { points: 3 }),
      await a.del(`${SLOT}${slotId}/`, acme.admin.token),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('slots', () => {
  it('places several bank questions in order; points default to the question’s own', async () => {
    const x = await draft();
    const q1 = await question({ type: 'single_choice' });
    const q2 = await question({ type: 'multiple_choice' });
    const res = await a.post(SLOT, acme.trainer.token, {
      kind: 'fixed',
      page: x.pageId,
      questions: [q2.id, q1.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.pages[0].slots.map((s: { question: { id: number } }) => s.question.id)).toEqual([
      q2.id,
      q1.id,
    ]);
    // Sample points: multiple choice 2, single choice 1.
    expect(body).toMatchObject({ max_score: 3, question_count: 2, publish_problems: [] });
    const slot = body.pages[0].slots[0].id;
    const changed = await a.patch(`${SLOT}${slot}/`, acme.trainer.token, { points: 5 });
    expect(changed.json().max_score).toBe(6);
    const drawField = await a.patch(`${SLOT}${slot}/`, acme.trainer.token, { draw_count: 3 });
    expect(drawField.statusCode).toBe(400);
    const removed = await a.del(`${SLOT}${slot}/`, acme.trainer.token);
    expect(removed.json().pages[0].slots).toHaveLength(1);
  });

  it('refuses, naming them, questions of another organisation, archived or already placed', async () => {
    const placed = await question({ title: 'Placed' });
    const x = await draft({ questionIds: [placed.id] });
    const archived = await question({ title: 'Retired', status: 'archived' });
    const foreign = await makeQuestion(db(), { organisationId: globex.org.id, createdBy: null });
    const fresh = await question();
    const res = await a.post(SLOT, acme.trainer.token, {
      kind: 'fixed',
      page: x.pageId,
      questions: [fresh.id, placed.id, archived.id, foreign.id],
    });
    expect(res.statusCode).toBe(400);
    const errors: string[] = res.json().errors.questions;
    expect(errors.join(' ')).toContain(`Not in your organisation’s bank: ${foreign.id}.`);
    expect(errors.join(' ')).toContain(`“Retired” (${archived.id})`);
    expect(errors.join(' ')).toContain(`Already on this assessment: “Placed” (${placed.id})`);
    // Nothing was placed, not even the valid one.
    const read = (await a.get(`/api/assessment/${x.id}/`, acme.trainer.token)).json();
    expect(read.pages[0].slots).toHaveLength(1);
  });

  it('a random draw counts active questions of the category, its sub-categories and tags', async () => {
    const cat = await makeQuestionCategory(db(), { organisationId: acme.org.id, name: 'Safety' });
    const sub = await makeQuestionCategory(db(), { organisationId: acme.org.id, parentId: cat.id });
    await question({ categoryId: cat.id, tags: ['fire'] });
    await question({ categoryId: sub.id, tags: ['fire', 'basic'] });
    await question({ categoryId: sub.id, tags: ['water'] });
    await question({ categoryId: cat.id, tags: ['fire'], status: 'archived' });
    await makeQuestion(db(), { organisationId: globex.org.id, createdBy: null, tags: ['fire'] });
    const x = await draft();
    const res = await a.post(SLOT, acme.trainer.token, {
      kind: 'random',
      page: x.pageId,
      category: cat.id,
      tags: ['Fire'],
      draw_count: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const slot = res.json().pages[0].slots[0];
    expect(slot).toMatchObject({
      kind: 'random',
      category: { id: cat.id, name: 'Safety' },
      tags: ['fire'],
      draw_count: 3,
      available: 2,
      question: null,
    });
    expect(res.json().publish_problems).toEqual([
      'A random draw of 3 from category “Safety” and tags fire finds only 2 active questions not placed in this assessment.',
    ]);
    const fewer = await a.patch(`${SLOT}${slot.id}/`, acme.trainer.token, { draw_count: 2 });
    expect(fewer.json()).toMatchObject({ publish_problems: [], question_count: 2, max_score: 2 });
    const emptied = await a.patch(`${SLOT}${slot.id}/`, acme.trainer.token, {
      category: null,
      tags: [],
    });
    expect(emptied.statusCode).toBe(400);
    const foreignCat = await makeQuestionCategory(db(), { organisationId: globex.org.id });
    const bad = await a.post(SLOT, acme.trainer.token, {
      kind: 'random',
      page: x.pageId,
      category: foreignCat.id,
      draw_count: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.category).toBeDefined();
    const none = await a.post(SLOT, acme.trainer.token, {
      kind: 'random',
      page: x.pageId,
      draw_count: 1,
    });
    expect(none.statusCode).toBe(400);
  });

  it('a draw counts neither the questions placed as fixed nor those another draw of its pool needs', async () => {
    const cat = await makeQuestionCategory(db(), { organisationId: acme.org.id, name: 'Ladders' });
    const [q1] = [
      await question({ categoryId: cat.id }),
      await question({ categoryId: cat.id }),
      await question({ categoryId: cat.id }),
      await question({ categoryId: cat.id }),
    ];
    const x = await draft({ questionIds: [q1!.id] });
    const first = await a.post(SLOT, acme.trainer.token, {
      kind: 'random',
      page: x.pageId,
      category: cat.id,
      draw_count: 2,
    });
    const drawn = first.json().pages[0].slots.find((s: { kind: string }) => s.kind === 'random');
    // Four in the category, one of them placed: three left to draw from.
    expect(drawn).toMatchObject({ available: 3, draw_count: 2 });
    expect(first.json().publish_problems).toEqual([]);
    const second = await a.post(SLOT, acme.trainer.token, {
      kind: 'random',
      page: x.pageId,
      category: cat.id,
      draw_count: 2,
    });
    expect(second.json().publish_problems).toEqual([
      'Random draws of 2 + 2 from category “Ladders” need 4 questions and find only 3 active questions not placed in this assessment.',
    ]);
    const refused = await a.put(`/api/assessment/${x.id}/`, acme.trainer.token, {
      status: 'published',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('a colleague’s assessment is 403 to change; learners are 403', async () => {
    const x = await draft();
    const q = await question();
    const body = { kind: 'fixed', page: x.pageId, questions: [q.id] };
    expect((await a.post(SLOT, trainer2.token, body)).statusCode).toBe(403);
    expect((await a.post(SLOT, acme.learner.token, body)).statusCode).toBe(403);
    expect((await a.post(SLOT, acme.admin.token, body)).statusCode).toBe(201);
  });
});

describe('layout', () => {
  it('reorders pages and moves slots between them', async () => {
    const [q1, q2, q3] = [await question(), await question(), await question()];
    const x = await draft({ questionIds: [q1.id, q2.id, q3.id] });
    const two = (await a.post(PAGE, acme.trainer.token, { assessment: x.id, title: 'B' })).json();
    const [p1, p2] = two.pages as Detail['pages'];
    const [s1, s2, s3] = p1!.slots.map((s) => s.id);
    const res = await a.put(`/api/assessment/${x.id}/layout/`, acme.trainer.token, {
      pages: [
        { id: p2!.id, slots: [s3, s1] },
        { id: p1!.id, slots: [s2] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const pages = (res.json() as Detail).pages;
    expect(pages.map((p) => p.title)).toEqual(['B', 'Page 1']);
    expect(pages.map((p) => p.slots.map((s) => s.question!.id))).toEqual([[q3.id, q1.id], [q2.id]]);
  });

  it('refuses a layout that misses, repeats or invents a page or slot', async () => {
    const [q1, q2] = [await question(), await question()];
    const x = await draft({ questionIds: [q1.id, q2.id] });
    const detail = (await a.get(`/api/assessment/${x.id}/`, acme.trainer.token)).json() as Detail;
    const [s1, s2] = detail.pages[0]!.slots.map((s) => s.id);
    const put = (pages: unknown) =>
      a.put(`/api/assessment/${x.id}/layout/`, acme.trainer.token, { pages });
    const missing = await put([{ id: x.pageId, slots: [s1] }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.slots).toEqual([`Missing: ${s2}.`]);
    const repeated = await put([{ id: x.pageId, slots: [s1, s2, s1] }]);
    expect(repeated.json().errors.slots).toEqual([`Named more than once: ${s1}.`]);
    const invented = await put([
      { id: x.pageId, slots: [s1, s2] },
      { id: 999999, slots: [] },
    ]);
    expect(invented.json().errors.pages).toEqual(['Not pages of this assessment: 999999.']);
    // Nothing moved.
    const after = (await a.get(`/api/assessment/${x.id}/`, acme.trainer.token)).json() as Detail;
    expect(after.pages[0]!.slots.map((s) => s.id)).toEqual([s1, s2]);
    expect((await put([{ id: x.pageId, slots: [s2, s1] }])).statusCode).toBe(200);
  });
});
