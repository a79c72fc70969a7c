import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from './auth.ts';
import { makeCourse, makeUser } from './factories/index.ts';
import { api } from './http.ts';

/**
 * The abilities the API answers are the policies' verdicts for the caller, and they match what
 * the same caller is then allowed to do. The policies' own tables are the *.policy.test.ts files.
 */
let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;
let otherTrainer: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  const user = await makeUser(t.database.db, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  otherTrainer = { id: user.id, token: await tokenFor(t.database.db, t.config, user, acme.org.id) };
  a = api(t);
});
afterAll(() => t.close());

const draftBy = (authorId: number) =>
  makeCourse(t.database.db, { organisationId: acme.org.id, createdBy: authorId, status: 'draft' });

describe('course abilities', () => {
  it("a trainer may edit and submit their own draft; another trainer's they do not even see", async () => {
    const own = await draftBy(acme.trainer.user.id);
    const detail = await a.get(`/api/courses/${own.id}/`, acme.trainer.token);
    expect(detail.json().course.abilities).toEqual({
      edit: true,
      delete: true,
      manage: true,
      publish: false,
      submit_for_review: true,
      return_to_draft: false,
      widen_visibility: true,
      add_content: true,
      request_enrolment: false,
    });
    expect((await a.get(`/api/courses/${own.id}/`, otherTrainer.token)).statusCode).toBe(404);

    // And the server agrees with what it answered: the author submits, the other trainer cannot.
    const moved = await a.patch(`/api/courses/published/${own.id}/`, acme.trainer.token, {
      status: 'pending',
    });
    expect(moved.json()).toMatchObject({ status: 'pending', abilities: { return_to_draft: true } });
  });

  it("on another trainer's pending course a trainer may do nothing; an admin may publish it", async () => {
    const theirs = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: otherTrainer.id,
      status: 'pending',
    });
    const asTrainer = (await a.get(`/api/courses/${theirs.id}/`, acme.trainer.token)).json();
    expect(asTrainer.course.abilities).toMatchObject({
      edit: false,
      delete: false,
      manage: false,
      publish: false,
      return_to_draft: false,
    });
    const refused = await a.patch(`/api/courses/${theirs.id}/`, acme.trainer.token, {
      title: 'Mine now',
    });
    expect(refused.statusCode).toBe(403);

    const asAdmin = (await a.get(`/api/courses/${theirs.id}/`, acme.admin.token)).json();
    expect(asAdmin.course.abilities).toMatchObject({
      edit: true,
      manage: true,
      publish: true,
      return_to_draft: true,
    });
  });

  it('a learner manages nothing and may ask to join a published course that takes requests', async () => {
    const open = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      selfEnrol: true,
    });
    const closed = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      selfEnrol: false,
    });
    const list = await a.get('/api/courses/get-courses/?page_size=100', acme.learner.token);
    expect(list.statusCode).toBe(200);
    const byId = new Map(
      list.json().results.map((c: { id: number; abilities: object }) => [c.id, c.abilities]),
    );
    expect(byId.get(open.id)).toEqual({
      edit: false,
      delete: false,
      manage: false,
      publish: false,
      submit_for_review: false,
      return_to_draft: false,
      widen_visibility: false,
      add_content: false,
      request_enrolment: true,
    });
    expect(byId.get(closed.id)).toMatchObject({ manage: false, request_enrolment: false });
  });
});

describe('user abilities in the users list', () => {
  const rowsFor = async (token: string) => {
    const res = await a.get('/api/v1/accounts/get-users/?page_size=100', token);
    expect(res.statusCode).toBe(200);
    const rows: { id: number; abilities: Record<string, boolean> }[] = res.json().results;
    return new Map(rows.map((r) => [r.id, r.abilities]));
  };

  it('an admin may act on lower roles, never on themselves or a superadmin', async () => {
    const rows = await rowsFor(acme.admin.token);
    expect(rows.get(acme.learner.user.id)).toEqual({
      approve: true,
      reject: true,
      activate: true,
      deactivate: true,
      change_role: true,
      edit_permissions: true,
      delete: true,
    });
    expect(rows.get(acme.trainer.user.id)).toMatchObject({ deactivate: true, delete: true });
    for (const id of [acme.admin.user.id, acme.superadmin.user.id]) {
      expect(Object.values(rows.get(id) ?? {})).toEqual(Array(7).fill(false));
    }
  });

  it('a trainer looking learners up may act on nobody', async () => {
    const rows = await rowsFor(acme.trainer.token);
    expect(rows.get(acme.learner.user.id)).toMatchObject({ deactivate: false, delete: false });
    const refused = await a.patch(
      `/api/v1/accounts/user-action/${acme.learner.user.id}/`,
      acme.trainer.token,
      { action: 'deactivate' },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('profile abilities', () => {
  it('the owner edits but does not re-address; their admin does both', async () => {
    const url = `/api/v1/accounts/user-profile-details/${acme.learner.user.id}/`;
    const own = await a.get(url, acme.learner.token);
    expect(own.json().abilities).toEqual({ edit: true, change_email: false });
    const admin = await a.get(url, acme.admin.token);
    expect(admin.json().abilities).toEqual({ edit: true, change_email: true });
    const trainer = await a.get(url, acme.trainer.token);
    expect(trainer.json().abilities).toEqual({ edit: false, change_email: false });
  });
});
