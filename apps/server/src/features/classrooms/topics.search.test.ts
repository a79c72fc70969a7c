import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeClass, makeClassroom, makeTopic } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

/*
 * topics?search=: by title within a class, or, with no class named, across the classrooms the
 * caller may see (a picker's search), each with its class's name.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const T = '/api/classrooms/topics/';
const titles = (body: { title: string }[]) => body.map((x) => x.title);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

describe('topic search', () => {
  it('filters a class’s topics by title, and searches every visible classroom without a class', async () => {
    const db = t.database.db;
    const cls = await makeClass(db, { organisationId: acme.org.id, name: 'Cohort North' });
    await makeTopic(db, cls, { title: 'Ladder safety', position: 0 });
    await makeTopic(db, cls, { title: 'First aid', position: 1 });
    await makeTopic(db, cls, { title: '100%_sure', position: 2 });
    const draft = await makeClassroom(db, { organisationId: acme.org.id, status: 'draft' });
    const hidden = await makeClass(db, {
      classroomId: draft.id,
      organisationId: acme.org.id,
      name: 'Cohort Draft',
    });
    await makeTopic(db, hidden, { title: 'Ladder inspection' });
    const theirs = await makeClass(db, { organisationId: globex.org.id });
    await makeTopic(db, theirs, { title: 'Ladder secrets' });
    const get = (query: string, token = acme.admin.token) => api(t).get(`${T}?${query}`, token);

    const inClass = await get(`class_id=${cls.id}&search=LADDER`);
    expect(inClass.statusCode).toBe(200);
    expect(titles(inClass.json())).toEqual(['Ladder safety']);
    // The wildcards of LIKE match themselves.
    expect(
      titles((await get(`class_id=${cls.id}&search=${encodeURIComponent('%_')}`)).json()),
    ).toEqual(['100%_sure']);

    const admins = await get('search=ladder');
    expect(admins.statusCode).toBe(200);
    expect(
      admins.json().map((x: { title: string; class_name: string }) => [x.title, x.class_name]),
    ).toEqual([
      ['Ladder inspection', 'Cohort Draft'],
      ['Ladder safety', 'Cohort North'],
    ]);
    // Learners see published classrooms only; nobody sees another organisation's.
    expect(titles((await get('search=ladder', acme.learner.token)).json())).toEqual([
      'Ladder safety',
    ]);
    expect(titles((await get('search=ladder', globex.admin.token)).json())).toEqual([
      'Ladder secrets',
    ]);
  });

  it('still asks for a class when neither a class nor a search is given', async () => {
    const res = await api(t).get(T, acme.admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.class_id).toBeDefined();
  });
});
