import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeDepartment, makeDesignation, makeLearner } from '../../../test/factories/index.ts';
import {
  courseStatuses,
  makePathWithCourses,
  pathEnrolmentOf,
  placeUser,
} from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import {
  learningPathAudiences,
  learningPathEnrolments,
  learningPathExclusions,
} from '../../schema/learning-paths.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';

/*
 * The managers' side of enrolment through the API: assigning users, departments and
 * designations (and what is refused), the progress table and its export, due dates and removal;
 * another organisation's staff find none of it. Messages are in messages.test.ts.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
let b: Staff;
const db = () => t.database.db;
const drain = () => t.app.ctx.jobs.drain();
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  a = await makeOrganisationWithStaff(db(), t.config);
  b = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t?.close());

const newPath = (options: Partial<Parameters<typeof makePathWithCourses>[1]> = {}) =>
  makePathWithCourses(db(), {
    organisationId: a.org.id,
    createdBy: a.trainer.user.id,
    ...options,
  });

const assign = (token: string, body: Record<string, unknown>) =>
  http.post('/api/v1/learning-path-user/', token, body);

const typesOf = async (userId: number) =>
  (
    await db()
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.recipientId, userId))
  ).map((n) => n.type);

describe('assigning learners', () => {
  it('enrols named users with the path’s relative due date, their first courses and a notification', async () => {
    const { path, courses } = await newPath({
      courses: 2,
      strictSequence: true,
      path: { dueMode: 'relative', dueDays: 10 },
    });
    const l1 = await makeLearner(db(), { organisationId: a.org.id });
    const l2 = await makeLearner(db(), { organisationId: a.org.id });
    const res = await assign(a.trainer.token, { learning_path: path.id, users: [l1.id, l2.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enrolled: 2, unchanged: 0 });
    const e = await pathEnrolmentOf(db(), path.id, l1.id);
    expect(e).toMatchObject({
      status: 'enrolled',
      source: 'assigned',
      assignedBy: a.trainer.user.id,
    });
    const days = (e!.dueAt!.getTime() - e!.enrolledAt!.getTime()) / 86_400_000;
    expect(days).toBe(10);
    await drain();
    // Strict sequence: only the first course is open to them yet.
    expect(
      await courseStatuses(
        db(),
        l1.id,
        courses.map((c) => c.id),
      ),
    ).toEqual(['enrolled', 'none']);
    expect(await typesOf(l1.id)).toContain('learning_path_assigned');

    const again = await assign(a.admin.token, { learning_path: path.id, users: [l1.id] });
    expect(again.json()).toEqual({ enrolled: 0, unchanged: 1 });
  });

  it('refuses users, departments and designations of another organisation, naming them, and writes nothing', async () => {
    const { path } = await newPath();
    const mine = await makeLearner(db(), { organisationId: a.org.id });
    const stranger = await makeLearner(db(), { organisationId: b.org.id });
    const theirDept = await makeDepartment(db(), { organisationId: b.org.id });
    const theirDesig = await makeDesignation(db(), { departmentId: theirDept.id });
    const res = await assign(a.admin.token, {
      learning_path: path.id,
      users: [mine.id, stranger.id],
      departments: [theirDept.id],
      designations: [theirDesig.id],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.users[0]).toContain(String(stranger.id));
    expect(body.errors.users[0]).not.toContain(String(mine.id));
    expect(body.errors.departments[0]).toContain(String(theirDept.id));
    expect(body.errors.designations[0]).toContain(String(theirDesig.id));
    expect(await pathEnrolmentOf(db(), path.id, mine.id)).toBeUndefined();
    const audiences = await db()
      .select()
      .from(learningPathAudiences)
      .where(eq(learningPathAudiences.pathId, path.id));
    expect(audiences).toEqual([]);
  });

  it('refuses a draft path, a due date in the past and an empty choice', async () => {
    const { path: draft } = await newPath({ path: { status: 'draft' } });
    const l = await makeLearner(db(), { organisationId: a.org.id });
    const res = await assign(a.admin.token, { learning_path: draft.id, users: [l.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual(['Only published learning paths can be assigned.']);

    const { path } = await newPath();
    const past = await assign(a.admin.token, {
      learning_path: path.id,
      users: [l.id],
      due_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.due_at).toEqual(['Choose a due date in the future.']);
    const none = await assign(a.admin.token, { learning_path: path.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.users).toBeDefined();
    expect(await pathEnrolmentOf(db(), path.id, l.id)).toBeUndefined();
  });

  it('enrols a department’s and a designation’s members now, with the due date given, and keeps them as audiences', async () => {
    const { path } = await newPath();
    const dept = await makeDepartment(db(), { organisationId: a.org.id });
    const desig = await makeDesignation(db(), { departmentId: dept.id });
    const otherDept = await makeDepartment(db(), { organisationId: a.org.id });
    const inDept = await makeLearner(db(), { organisationId: a.org.id });
    const withTitle = await makeLearner(db(), { organisationId: a.org.id });
    const outside = await makeLearner(db(), { organisationId: a.org.id });
    await placeUser(db(), inDept.id, { departmentId: dept.id });
    await placeUser(db(), withTitle.id, { departmentId: otherDept.id, designationId: desig.id });
    await placeUser(db(), outside.id, { departmentId: otherDept.id });
    const due = future(30);
    const res = await assign(a.admin.token, {
      learning_path: path.id,
      departments: [dept.id],
      designations: [desig.id],
      due_at: due,
    });
    expect(res.json()).toEqual({ enrolled: 2, unchanged: 0 });
    expect(await pathEnrolmentOf(db(), path.id, inDept.id)).toMatchObject({ source: 'department' });
    const titled = await pathEnrolmentOf(db(), path.id, withTitle.id);
    expect(titled).toMatchObject({ source: 'designation' });
    expect(titled!.dueAt!.toISOString()).toBe(due);
    expect(await pathEnrolmentOf(db(), path.id, outside.id)).toBeUndefined();
    const audiences = await db()
      .select()
      .from(learningPathAudiences)
      .where(eq(learningPathAudiences.pathId, path.id));
    expect(audiences).toHaveLength(2);
  });

  it('is for the path’s managers: another trainer gets 403, a learner 403, another organisation 404', async () => {
    const { path } = await newPath({ createdBy: a.admin.user.id });
    const l = await makeLearner(db(), { organisationId: a.org.id });
    const body = { learning_path: path.id, users: [l.id] };
    expect((await assign(a.trainer.token, body)).statusCode).toBe(403);
    expect((await assign(a.learner.token, body)).statusCode).toBe(403);
    expect((await assign(b.admin.token, body)).statusCode).toBe(404);
    expect((await assign(b.trainer.token, body)).statusCode).toBe(404);
    expect(await pathEnrolmentOf(db(), path.id, l.id)).toBeUndefined();
  });
});

describe('the progress table', () => {
  it('lists learners by state and name, paginated, and exports the same rows as CSV', async () => {
    const { path } = await newPath({ courses: 2 });
    const names = ['=cmd|calc', 'Plain, "quoted"', 'Zed'];
    const learners = [];
    for (const name of names) {
      const l = await makeLearner(db(), { organisationId: a.org.id });
      learners.push(l);
      // The names a spreadsheet would misread: a formula, a comma and quotes.
      await db().update(users).set({ firstName: name, lastName: '' }).where(eq(users.id, l.id));
    }
    await assign(a.admin.token, { learning_path: path.id, users: learners.map((l) => l.id) });
    await db()
      .update(learningPathEnrolments)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(
        and(
          eq(learningPathEnrolments.pathId, path.id),
          eq(learningPathEnrolments.userId, learners[2]!.id),
        ),
      );
    const list = (q: string) =>
      http.get(`/api/v1/learning-path-user/?learning_path=${path.id}${q}`, a.admin.token);
    const all = await list('&page_size=2');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 3, previous: null });
    expect(all.json().results).toHaveLength(2);
    expect(all.json().next).toContain('page=2');
    expect(all.json().results[0]).toMatchObject({
      state: 'not_started',
      required_items: 2,
      completed_items: 0,
      source: 'assigned',
    });
    const overdue = await list('&state=overdue');
    expect(overdue.json().results.map((r: { user: { id: number } }) => r.user.id)).toEqual([
      learners[2]!.id,
    ]);
    const found = await list('&search=QUOTED');
    expect(found.json().count).toBe(1);

    const csv = await http.get(
      `/api/v1/learning-path-user/export/?learning_path=${path.id}`,
      a.admin.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Name,E-mail,State,Source,Progress %,Completed items,Required items,Enrolled at,Due at,Completed at,Expires at',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^'=cmd\|calc,/);
    expect(lines[2]).toMatch(/^"Plain, ""quoted""",/);
    expect(lines[3]).toContain(',overdue,assigned,0,0,2,');

    expect(
      (await http.get(`/api/v1/learning-path-user/export/?learning_path=${path.id}`, b.admin.token))
        .statusCode,
    ).toBe(404);
    const theirs = await http.get(
      `/api/v1/learning-path-user/?learning_path=${path.id}`,
      b.trainer.token,
    );
    expect(theirs.statusCode).toBe(404);
  });
});

describe('changing and removing enrolments', () => {
  it('changes a due date (not into the past), within the path’s organisation only', async () => {
    const { path } = await newPath();
    const l = await makeLearner(db(), { organisationId: a.org.id });
    await assign(a.admin.token, { learning_path: path.id, users: [l.id] });
    const e = await pathEnrolmentOf(db(), path.id, l.id);
    const due = future(5);
    const res = await http.put(`/api/v1/learning-path-user/${e!.id}/`, a.trainer.token, {
      due_at: due,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: e!.id, due_at: due, state: 'not_started' });
    const past = await http.put(`/api/v1/learning-path-user/${e!.id}/`, a.admin.token, {
      due_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.due_at).toBeDefined();
    expect(
      (await http.put(`/api/v1/learning-path-user/${e!.id}/`, b.admin.token, { due_at: null }))
        .statusCode,
    ).toBe(404);
    expect((await pathEnrolmentOf(db(), path.id, l.id))!.dueAt!.toISOString()).toBe(due);
  });

  it('removes one or several learners, keeps their courses, audits it and keeps them out of the audience', async () => {
    const { path, courses } = await newPath({ courses: 1 });
    const ls = [
      await makeLearner(db(), { organisationId: a.org.id }),
      await makeLearner(db(), { organisationId: a.org.id }),
      await makeLearner(db(), { organisationId: a.org.id }),
    ];
    await assign(a.admin.token, { learning_path: path.id, users: ls.map((l) => l.id) });
    await drain();
    const ids = [];
    for (const l of ls) ids.push((await pathEnrolmentOf(db(), path.id, l.id))!.id);
    const { path: other } = await newPath();
    const strangerRow = await assign(a.admin.token, {
      learning_path: other.id,
      users: [ls[0]!.id],
    });
    expect(strangerRow.statusCode).toBe(200);
    const foreignId = (await pathEnrolmentOf(db(), other.id, ls[0]!.id))!.id;

    const wrong = await http.post(
      '/api/v1/learning-path-user/delete-multiple-user/',
      a.admin.token,
      {
        learning_path: path.id,
        ids: [ids[1], foreignId],
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.ids[0]).toContain(String(foreignId));
    expect(await pathEnrolmentOf(db(), path.id, ls[1]!.id)).toBeDefined();

    expect(
      (await http.del(`/api/v1/learning-path-user/${ids[0]}/`, b.admin.token)).statusCode,
    ).toBe(404);
    expect(
      (await http.del(`/api/v1/learning-path-user/${ids[0]}/`, a.admin.token)).statusCode,
    ).toBe(204);
    const many = await http.post(
      '/api/v1/learning-path-user/delete-multiple-user/',
      a.admin.token,
      {
        learning_path: path.id,
        ids: [ids[1], ids[2]],
      },
    );
    expect(many.json()).toEqual({ removed: 2 });
    for (const l of ls) expect(await pathEnrolmentOf(db(), path.id, l.id)).toBeUndefined();
    expect(await pathEnrolmentOf(db(), other.id, ls[0]!.id)).toBeDefined();
    expect(await courseStatuses(db(), ls[1]!.id, [courses[0]!.id])).toEqual(['enrolled']);
    const excluded = await db()
      .select()
      .from(learningPathExclusions)
      .where(eq(learningPathExclusions.pathId, path.id));
    expect(excluded).toHaveLength(3);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'learning_path.learners_removed'));
    expect(audit.filter((r) => (r.details as { path: number }).path === path.id)).toHaveLength(2);

    // Named again by a manager: back in, and no longer kept out.
    expect(
      (await assign(a.admin.token, { learning_path: path.id, users: [ls[0]!.id] })).json(),
    ).toEqual({
      enrolled: 1,
      unchanged: 0,
    });
  });
});
