import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { enrol, makeCourse, makeUser } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';

let t: TestApp;
let acme: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
});
afterAll(() => t.close());

const ids = (res: { json: () => { results: { id: number }[] } }) =>
  res.json().results.map((c) => c.id);

describe('get-all-unassign-courses/', () => {
  it('lists published courses the caller is not enrolled in, with their open request', async () => {
    const db = t.database.db;
    const org = acme.org.id;
    const learner = await makeUser(db, { organisationId: org });
    const token = await tokenFor(db, t.config, learner, org);
    const free = await makeCourse(db, { organisationId: org });
    const pending = await makeCourse(db, { organisationId: org });
    const rejected = await makeCourse(db, { organisationId: org });
    const enrolled = await makeCourse(db, { organisationId: org });
    const completed = await makeCourse(db, { organisationId: org });
    const draft = await makeCourse(db, { organisationId: org, status: 'draft' });
    await enrol(db, pending.id, learner.id, 'requested');
    await enrol(db, rejected.id, learner.id, 'rejected');
    await enrol(db, enrolled.id, learner.id);
    await enrol(db, completed.id, learner.id, 'completed');

    const res = await call(t.app, 'GET', '/api/courses/get-all-unassign-courses/?page_size=100', {
      token,
    });
    expect(res.statusCode).toBe(200);
    const listed = ids(res);
    expect(listed).toEqual(expect.arrayContaining([free.id, pending.id, rejected.id]));
    for (const hidden of [enrolled.id, completed.id, draft.id])
      expect(listed).not.toContain(hidden);
    const byId = new Map(
      res.json().results.map((c: { id: number; enrolment?: { status: string } }) => [c.id, c]),
    );
    expect(byId.get(free.id)).not.toHaveProperty('enrolment');
    expect(byId.get(pending.id)).toMatchObject({ enrolment: { status: 'requested' } });
    expect(byId.get(rejected.id)).toMatchObject({ enrolment: { status: 'rejected' } });

    // Staff see drafts elsewhere, but this list is about courses one can join.
    const admin = await call(t.app, 'GET', '/api/courses/get-all-unassign-courses/?page_size=100', {
      token: acme.admin.token,
    });
    expect(ids(admin)).not.toContain(draft.id);
    expect(ids(admin)).toContain(enrolled.id);

    // The catalogue's search and paging apply.
    const searched = await call(
      t.app,
      'GET',
      `/api/courses/get-all-unassign-courses/?search=${encodeURIComponent(free.title)}`,
      { token },
    );
    expect(searched.json()).toMatchObject({ count: 1, results: [{ id: free.id }] });
    // Another organisation's private course never shows.
    const other = await makeOrganisationWithStaff(db, t.config);
    const foreign = await makeCourse(db, { organisationId: other.org.id });
    expect(ids(res)).not.toContain(foreign.id);
    const again = await call(t.app, 'GET', '/api/courses/get-all-unassign-courses/?page_size=100', {
      token,
    });
    expect(ids(again)).not.toContain(foreign.id);
  });
});

describe('{courseId}/enrolments/ search', () => {
  it("finds learners by name, user name or e-mail, with the status filter, and escapes LIKE's wildcards", async () => {
    const db = t.database.db;
    const org = acme.org.id;
    const course = await makeCourse(db, { organisationId: org });
    const ada = await makeUser(db, { organisationId: org, username: `ada_${Date.now()}` });
    const bob = await makeUser(db, {
      organisationId: org,
      email: `bob.${Date.now()}@mail.example`,
    });
    await enrol(db, course.id, ada.id);
    await enrol(db, course.id, bob.id, 'completed');
    const find = async (query: string) => {
      const res = await call(t.app, 'GET', `/api/courses/${course.id}/enrolments/?${query}`, {
        token: acme.admin.token,
      });
      expect(res.statusCode).toBe(200);
      return res.json().results.map((e: { user: { id: number } }) => e.user.id);
    };
    expect(await find(`search=${ada.username.toUpperCase()}`)).toEqual([ada.id]);
    expect(await find('search=mail.example')).toEqual([bob.id]);
    // Names are "Test <username>" in the factory.
    expect(await find(`search=${encodeURIComponent(`test ${ada.username}`)}`)).toEqual([ada.id]);
    expect(await find('search=mail.example&status=enrolled')).toEqual([]);
    expect(await find('search=%25')).toEqual([]);
    expect((await find('')).sort()).toEqual([ada.id, bob.id].sort());
  });
});

describe('get-all-assign-courses/ enrolment_status', () => {
  it("narrows the caller's courses to in-progress or completed ones", async () => {
    const db = t.database.db;
    const org = acme.org.id;
    const learner = await makeUser(db, { organisationId: org });
    const token = await tokenFor(db, t.config, learner, org);
    const taking = await makeCourse(db, { organisationId: org });
    const done = await makeCourse(db, { organisationId: org });
    const asked = await makeCourse(db, { organisationId: org });
    await enrol(db, taking.id, learner.id);
    await enrol(db, done.id, learner.id, 'completed');
    await enrol(db, asked.id, learner.id, 'requested');
    const get = (q: string) =>
      call(t.app, 'GET', `/api/courses/get-all-assign-courses/${q}`, { token });
    expect(ids(await get('')).sort()).toEqual([taking.id, done.id].sort());
    const completed = await get('?enrolment_status=completed');
    expect(completed.json()).toMatchObject({
      count: 1,
      results: [{ id: done.id, enrolment: { status: 'completed', progress_percent: 100 } }],
    });
    expect(ids(await get('?enrolment_status=enrolled'))).toEqual([taking.id]);
    expect((await get('?enrolment_status=requested')).statusCode).toBe(400);
  });
});
