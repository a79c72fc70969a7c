import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeDepartment, makeDesignation, makeLearner } from '../../../test/factories/index.ts';
import {
  courseStatuses,
  makePathWithCourses,
  pathEnrolmentOf,
  placeUser,
} from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { courseModules, moduleFiles } from '../../schema/courses.table.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { scheduleLearningPathSync, syncLearningPaths } from './learning-paths.jobs.ts';

/*
 * The learning_paths.sync job with a controllable clock: new members of an assigned department
 * or designation join, reminders go once per due date, and expired completions are re-enrolled.
 */

const DAY = 86_400_000;
let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
const db = () => t.database.db;
const drain = () => t.app.ctx.jobs.drain();
const sync = async (now: Date) => {
  const result = await syncLearningPaths(t.app.ctx, now);
  await drain();
  return result;
};

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  a = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t?.close());

const notificationsOf = (userId: number, type: string) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, userId),
        eq(notifications.type, type as 'learning_path_due_soon'),
      ),
    );

async function completeCourse(learner: SignedIn, courseId: number) {
  const [file] = await db()
    .select({ id: moduleFiles.id })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .where(eq(courseModules.courseId, courseId));
  const res = await http.post('/api/courses/module-file-user-status/', learner.token, {
    module_file: file!.id,
    status: 'completed',
    time_spent: 30,
  });
  expect(res.statusCode).toBe(200);
  await drain();
}

describe('audiences', () => {
  it('enrols new members of an assigned department and designation, never a removed one', async () => {
    const { path } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 1,
      path: { dueMode: 'relative', dueDays: 14 },
    });
    const dept = await makeDepartment(db(), { organisationId: a.org.id });
    const desig = await makeDesignation(db(), {
      departmentId: (await makeDepartment(db(), { organisationId: a.org.id })).id,
    });
    const first = await makeLearner(db(), { organisationId: a.org.id });
    await placeUser(db(), first.id, { departmentId: dept.id });
    const res = await http.post('/api/v1/learning-path-user/', a.admin.token, {
      learning_path: path.id,
      departments: [dept.id],
      designations: [desig.id],
    });
    expect(res.json()).toEqual({ enrolled: 1, unchanged: 0 });
    const removedId = (await pathEnrolmentOf(db(), path.id, first.id))!.id;
    expect(
      (await http.del(`/api/v1/learning-path-user/${removedId}/`, a.admin.token)).statusCode,
    ).toBe(204);

    const joiner = await makeLearner(db(), { organisationId: a.org.id });
    const titled = await makeLearner(db(), { organisationId: a.org.id });
    const inactive = await makeLearner(db(), { organisationId: a.org.id, active: false });
    await placeUser(db(), joiner.id, { departmentId: dept.id });
    await placeUser(db(), titled.id, { designationId: desig.id });
    await placeUser(db(), inactive.id, { departmentId: dept.id });
    const now = new Date(Date.now() + 60_000);
    const result = await sync(now);
    expect(result.enrolled).toBeGreaterThanOrEqual(2);
    const joined = await pathEnrolmentOf(db(), path.id, joiner.id);
    expect(joined).toMatchObject({
      status: 'enrolled',
      source: 'department',
      assignedBy: a.admin.user.id,
    });
    expect(joined!.dueAt!.getTime()).toBe(now.getTime() + 14 * DAY);
    expect(await pathEnrolmentOf(db(), path.id, titled.id)).toMatchObject({
      source: 'designation',
    });
    expect(await pathEnrolmentOf(db(), path.id, first.id)).toBeUndefined();
    expect(await pathEnrolmentOf(db(), path.id, inactive.id)).toBeUndefined();
    expect(await notificationsOf(joiner.id, 'learning_path_assigned')).toHaveLength(1);

    // A second run finds nobody new; an archived path enrols nobody.
    await sync(new Date(now.getTime() + 60_000));
    expect(await notificationsOf(joiner.id, 'learning_path_assigned')).toHaveLength(1);
    await db()
      .update(learningPaths)
      .set({ status: 'archived' })
      .where(eq(learningPaths.id, path.id));
    const late = await makeLearner(db(), { organisationId: a.org.id });
    await placeUser(db(), late.id, { departmentId: dept.id });
    await sync(new Date(now.getTime() + 120_000));
    expect(await pathEnrolmentOf(db(), path.id, late.id)).toBeUndefined();
  });
});

describe('reminders', () => {
  it('tells a learner once when the path is due soon and once when it is overdue, not after completing', async () => {
    const due = new Date(Date.now() + 10 * DAY);
    const { path } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 1,
      path: { dueMode: 'fixed', dueAt: due, dueSoonDays: 3 },
    });
    const late = await signedInLearner(t, a.org.id);
    const done = await signedInLearner(t, a.org.id);
    await http.post('/api/v1/learning-path-user/', a.admin.token, {
      learning_path: path.id,
      users: [late.user.id, done.user.id],
    });
    await drain();
    await db()
      .update(learningPathEnrolments)
      .set({ status: 'completed', completedAt: new Date() })
      .where(
        and(
          eq(learningPathEnrolments.pathId, path.id),
          eq(learningPathEnrolments.userId, done.user.id),
        ),
      );

    await sync(new Date(Date.now() + 5 * DAY));
    expect(await notificationsOf(late.user.id, 'learning_path_due_soon')).toHaveLength(0);
    await sync(new Date(due.getTime() - 2 * DAY));
    await sync(new Date(due.getTime() - DAY));
    const soon = await http.get('/api/notify/?type=learning_path_due_soon', late.token);
    expect(soon.json().results).toHaveLength(1);
    expect(soon.json().results[0].message).toContain(`due on ${due.toISOString().slice(0, 10)}`);

    await sync(new Date(due.getTime() + DAY));
    await sync(new Date(due.getTime() + 2 * DAY));
    expect(await notificationsOf(late.user.id, 'learning_path_overdue')).toHaveLength(1);
    for (const type of ['learning_path_due_soon', 'learning_path_overdue']) {
      expect(await notificationsOf(done.user.id, type)).toHaveLength(0);
    }

    // A new due date starts the reminders over.
    const e = await pathEnrolmentOf(db(), path.id, late.user.id);
    const moved = new Date(Date.now() + 2 * DAY).toISOString();
    expect(
      (await http.put(`/api/v1/learning-path-user/${e!.id}/`, a.admin.token, { due_at: moved }))
        .statusCode,
    ).toBe(200);
    await sync(new Date(Date.now() + 60_000));
    expect(await notificationsOf(late.user.id, 'learning_path_due_soon')).toHaveLength(2);
  });
});

describe('recertification', () => {
  it('re-enrols an expired completion with notice, reopens its courses and completes the new cycle once', async () => {
    const { path, courses } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 1,
      path: { validityMonths: 6, dueMode: 'relative', dueDays: 30 },
    });
    const learner = await signedInLearner(t, a.org.id);
    await http.post('/api/v1/learning-path-user/', a.admin.token, {
      learning_path: path.id,
      users: [learner.user.id],
    });
    await drain();
    await completeCourse(learner, courses[0]!.id);
    const completed = await pathEnrolmentOf(db(), path.id, learner.user.id);
    expect(completed).toMatchObject({ status: 'completed', cycle: 0 });

    expect((await sync(new Date(completed!.expiresAt!.getTime() - 60_000))).recertified).toBe(0);
    const later = new Date(completed!.expiresAt!.getTime() + 60_000);
    expect((await sync(later)).recertified).toBe(1);
    const again = await pathEnrolmentOf(db(), path.id, learner.user.id);
    expect(again).toMatchObject({
      status: 'enrolled',
      cycle: 1,
      completedAt: null,
      expiresAt: null,
      progressPercent: 0,
      completedItems: 0,
    });
    expect(again!.dueAt!.getTime()).toBe(later.getTime() + 30 * DAY);
    expect(await courseStatuses(db(), learner.user.id, [courses[0]!.id])).toEqual(['enrolled']);
    const told = await http.get('/api/notify/?type=learning_path_assigned', learner.token);
    expect(told.json().results.map((n: { message: string }) => n.message)).toContainEqual(
      `Your completion of the learning path ${path.title} expired: you are enrolled again.`,
    );

    await completeCourse(learner, courses[0]!.id);
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toMatchObject({
      status: 'completed',
      cycle: 1,
    });
    expect(await notificationsOf(learner.user.id, 'learning_path_completed')).toHaveLength(2);
  });
});

describe('scheduling', () => {
  it('keeps one queued run of the sync at a time', async () => {
    await scheduleLearningPathSync(t.app.ctx);
    await scheduleLearningPathSync(t.app.ctx);
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'learning_paths.sync'), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
