import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { enrol, makeCourse } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import type { DomainEvents } from '../../core/events/event-bus.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments } from '../../schema/structure.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
const events: { name: string; payload: unknown }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  for (const name of [
    'enrolment.requested',
    'enrolment.approved',
    'enrolment.rejected',
    'enrolment.withdrawn',
    'enrolment.assigned',
  ] as const) {
    t.app.ctx.bus.subscribe(name, (payload: DomainEvents[typeof name]) => {
      events.push({ name, payload });
    });
  }
});
afterAll(() => t.close());

describe('assign and unassign', () => {
  it('assigns learners of the organisation (single, bulk and by department), idempotently', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const [a, b, c] = [
      await signedInLearner(t, acme.org.id),
      await signedInLearner(t, acme.org.id),
      await signedInLearner(t, acme.org.id),
    ];
    const one = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.trainer.token,
      body: {
        users: [a.user.id],
        due_at: '2030-01-01T00:00:00Z',
      },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ assigned: 1, unchanged: 0 });
    const bulk = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.admin.token,
      body: {
        users: [a.user.id, b.user.id],
      },
    });
    expect(bulk.json()).toEqual({ assigned: 1, unchanged: 1 });
    const [dept] = await t.database.db
      .insert(departments)
      .values({ organisationId: acme.org.id, name: 'Sales' })
      .returning();
    await t.database.db.insert(userProfiles).values({ userId: c.user.id, departmentId: dept!.id });
    const byDept = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.admin.token,
      body: { department: dept!.id },
    });
    expect(byDept.json()).toEqual({ assigned: 1, unchanged: 0 });
    const list = await call(t.app, 'GET', `/api/courses/${course.id}/enrolments/?status=enrolled`, {
      token: acme.trainer.token,
    });
    expect(list.json().count).toBe(3);
    const first = list
      .json()
      .results.find((e: { user: { id: number } }) => e.user.id === a.user.id);
    expect(first).toMatchObject({
      status: 'enrolled',
      due_at: '2030-01-01T00:00:00.000Z',
      assigned_by: acme.trainer.user.id,
    });
    expect(events.some((e) => e.name === 'enrolment.assigned')).toBe(true);

    const un = await call(t.app, 'POST', `/api/courses/${course.id}/unassign/`, {
      token: acme.admin.token,
      body: {
        users: [a.user.id, b.user.id],
      },
    });
    expect(un.json()).toEqual({ unassigned: 2, kept_completed: 0 });
    await t.database.db
      .update(courseEnrolments)
      .set({ status: 'completed' })
      .where(eq(courseEnrolments.userId, c.user.id));
    const kept = await call(t.app, 'POST', `/api/courses/${course.id}/unassign/`, {
      token: acme.admin.token,
      body: { department: dept!.id },
    });
    expect(kept.json()).toEqual({ unassigned: 0, kept_completed: 1 });
  });

  it("refuses another organisation's learner, staff, drafts, bad input and non-managers", async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const foreign = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.admin.token,
      body: {
        users: [globex.learner.user.id],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.users[0]).toContain(String(globex.learner.user.id));
    const staff = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.admin.token,
      body: {
        users: [acme.trainer.user.id],
      },
    });
    expect(staff.statusCode).toBe(400);
    const [otherDept] = await t.database.db
      .insert(departments)
      .values({ organisationId: globex.org.id, name: 'X' })
      .returning();
    const dept = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.admin.token,
      body: {
        department: otherDept!.id,
      },
    });
    expect([dept.statusCode, Object.keys(dept.json().errors ?? {})]).toEqual([400, ['department']]);
    const both = await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
      token: acme.admin.token,
      body: {
        users: [1],
        department: 1,
      },
    });
    expect(both.statusCode).toBe(400);
    expect(
      (
        await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
          token: acme.admin.token,
          body: {
            users: [],
          },
        })
      ).statusCode,
    ).toBe(400);
    const draft = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      status: 'draft',
      createdBy: acme.admin.user.id,
    });
    const d = await call(t.app, 'POST', `/api/courses/${draft.id}/assign/`, {
      token: acme.admin.token,
      body: {
        users: [acme.learner.user.id],
      },
    });
    expect(d.statusCode).toBe(400);
    // Not the course's author, another organisation's admin, a learner.
    const payload = { users: [acme.learner.user.id] };
    expect(
      (
        await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
          token: acme.trainer.token,
          body: payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
          token: globex.admin.token,
          body: payload,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/courses/${course.id}/assign/`, {
          token: acme.learner.token,
          body: payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'GET', `/api/courses/${course.id}/enrolments/`, {
          token: acme.trainer.token,
        })
      ).statusCode,
    ).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(eq(courseEnrolments.courseId, course.id));
    expect(row).toBeUndefined();
  });
});

describe('user-enrolments', () => {
  it('managers set a due date and move the status along allowed transitions only', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const l = await signedInLearner(t, acme.org.id);
    const e = await enrol(t.database.db, course.id, l.user.id);
    const url = `/api/courses/user-enrolments/${e.id}/`;
    const due = await call(t.app, 'PATCH', url, {
      token: acme.admin.token,
      body: {
        due_at: '2031-05-01T12:00:00Z',
      },
    });
    expect(due.json()).toMatchObject({ due_at: '2031-05-01T12:00:00.000Z', status: 'enrolled' });
    const bad = await call(t.app, 'PATCH', url, {
      token: acme.admin.token,
      body: { status: 'rejected' },
    });
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([400, ['status']]);
    expect(
      (await call(t.app, 'PATCH', url, { token: acme.admin.token, body: { status: 'requested' } }))
        .statusCode,
    ).toBe(400);
    const done = await call(t.app, 'PATCH', url, {
      token: acme.admin.token,
      body: { status: 'completed' },
    });
    expect(done.json()).toMatchObject({ status: 'completed', progress_percent: 100 });
    const reopened = await call(t.app, 'PATCH', url, {
      token: acme.admin.token,
      body: { status: 'enrolled' },
    });
    expect(reopened.json()).toMatchObject({
      status: 'enrolled',
      progress_percent: 0,
      completed_at: null,
    });
    await call(t.app, 'PATCH', url, { token: acme.admin.token, body: { status: 'completed' } });
    expect(
      (await call(t.app, 'PATCH', url, { token: acme.trainer.token, body: { due_at: null } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'PATCH', url, { token: globex.admin.token, body: { due_at: null } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PATCH', '/api/courses/user-enrolments/999999/', {
          token: acme.admin.token,
          body: {
            due_at: null,
          },
        })
      ).statusCode,
    ).toBe(404);
  });
});
