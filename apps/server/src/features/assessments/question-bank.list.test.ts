import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import {
  makeQuestion,
  makeQuestionCategory,
  SAMPLE_DEFINITIONS,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

/** The bank's list: filters, pagination, the organisation boundary. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
  const db = t.database.db;
  const org = acme.org.id;
  const by = acme.trainer.user.id;
  const safety = await makeQuestionCategory(db, { organisationId: org, name: 'Safety' });
  const fire = await makeQuestionCategory(db, {
    organisationId: org,
    name: 'Fire',
    parentId: safety.id,
  });
  const other = await makeQuestionCategory(db, { organisationId: org, name: 'Other' });
  ids.safety = safety.id;
  ids.fire = fire.id;
  ids.other = other.id;
  ids.q1 = (
    await makeQuestion(db, {
      organisationId: org,
      createdBy: by,
      categoryId: safety.id,
      tags: ['induction'],
      title: 'Exits',
    })
  ).id;
  ids.q2 = (
    await makeQuestion(db, {
      organisationId: org,
      createdBy: by,
      categoryId: fire.id,
      type: 'essay',
      tags: ['induction', 'fire'],
      title: 'Extinguishers',
    })
  ).id;
  ids.q3 = (
    await makeQuestion(db, {
      organisationId: org,
      createdBy: by,
      categoryId: other.id,
      type: 'numeric',
      title: 'Sums',
    })
  ).id;
  ids.q4 = (
    await makeQuestion(db, {
      organisationId: org,
      createdBy: by,
      status: 'archived',
      title: 'Old exits',
    })
  ).id;
  // Another organisation's question matches every filter but must never show.
  await makeQuestion(db, {
    organisationId: globex.org.id,
    createdBy: globex.trainer.user.id,
    tags: ['induction'],
    title: 'Exits elsewhere',
  });
});
afterAll(() => t.close());

const listed = async (query: string) => {
  const res = await a.get(`/api/assessment/question/bank/${query}`, acme.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { id: number }[]).map((r) => r.id).sort((x, y) => x - y);
};

describe('the question bank list', () => {
  it('lists the active questions of the organisation signed in to', async () => {
    expect(await listed('')).toEqual([ids.q1, ids.q2, ids.q3]);
    expect(await listed('?status=archived')).toEqual([ids.q4]);
  });

  it('filters by category with its sub-categories, tag, type and search', async () => {
    expect(await listed(`?category=${ids.safety}`)).toEqual([ids.q1, ids.q2]);
    expect(await listed(`?category=${ids.fire}`)).toEqual([ids.q2]);
    expect(await listed('?tag=Induction')).toEqual([ids.q1, ids.q2]);
    expect(await listed('?tag=fire&type=essay')).toEqual([ids.q2]);
    expect(await listed('?type=numeric')).toEqual([ids.q3]);
    expect(await listed('?search=EXIT')).toEqual([ids.q1]);
    // The stem is searched too (the factory's essay stem), and LIKE wildcards are literal.
    expect(await listed('?search=safe%20workplace')).toEqual([ids.q2]);
    expect(await listed('?search=%25')).toEqual([]);
  });

  it('pages the results with links and abilities from the rows in hand', async () => {
    const res = await a.get('/api/assessment/question/bank/?page_size=2', acme.trainer.token);
    expect(res.json()).toMatchObject({ count: 3, previous: null });
    expect(res.json().results).toHaveLength(2);
    expect(res.json().next).toContain('page=2');
    expect(res.json().results[0]).toMatchObject({ abilities: { edit: true, delete: true } });
    const second = await a.get(res.json().next, acme.trainer.token);
    expect(second.json().results).toHaveLength(1);
  });

  it('refuses bad filters with field errors', async () => {
    for (const [q, field] of [
      ['?type=poll', 'type'],
      ['?status=deleted', 'status'],
      ['?page_size=1000', 'page_size'],
      ['?category=abc', 'category'],
    ]) {
      const res = await a.get(`/api/assessment/question/bank/${q}`, acme.admin.token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors).toHaveProperty([field!]);
    }
  });

  it('another organisation’s category filters to nothing', async () => {
    const res = await a.get(
      `/api/assessment/question/bank/?category=${ids.safety}`,
      globex.admin.token,
    );
    expect(res.json()).toMatchObject({ count: 0, results: [] });
  });

  it('the type of a stored sample is the contract’s', () => {
    expect(SAMPLE_DEFINITIONS.essay.type).toBe('essay');
  });
});
