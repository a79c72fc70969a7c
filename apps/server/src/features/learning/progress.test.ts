import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { enrolledLearner, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse, makeModuleWithFiles } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { movesLastActivity } from './progress.service.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
const completed: { courseId: number; userId: number }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  t.app.ctx.bus.subscribe('course.completed', (p) => {
    completed.push({ courseId: p.courseId, userId: p.userId });
  });
});
afterAll(() => t.close());

const report = (token: string, payload: object) =>
  call(t.app, 'POST', '/api/courses/module-file-user-status/', { token, body: payload });
const state = (token: string, payload: object) =>
  call(t.app, 'POST', '/api/courses/user-course-module-file-status/', { token, body: payload });

describe('progress', () => {
  it('completing every required file completes the course once, with progress 100', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const m1 = await makeModuleWithFiles(t.database.db, {
      course,
      files: [{}, { required: false }],
      position: 0,
    });
    const m2 = await makeModuleWithFiles(t.database.db, { course, files: [{}], position: 1 });
    const l = await enrolledLearner(t, course);

    const fresh = await state(l.token, { course: course.id });
    expect(fresh.json()).toMatchObject({
      status: 'enrolled',
      progress_percent: 0,
      last: { selectedModule: m1.module.id, selectedFile: m1.files[0]!.id },
    });
    expect(fresh.json().files.map((f: { status: string }) => f.status)).toEqual([
      'not_started',
      'not_started',
      'not_started',
    ]);

    const a = await report(l.token, {
      module_file: m1.files[0]!.id,
      status: 'completed',
      time_spent: 120,
    });
    expect(a.json()).toMatchObject({ status: 'enrolled', progress_percent: 50 });
    // The optional file does not count; going back to "in progress" does not undo a completion.
    await report(l.token, { module_file: m1.files[1]!.id, status: 'in_progress', time_spent: 10 });
    const back = await report(l.token, {
      module_file: m1.files[0]!.id,
      status: 'in_progress',
      time_spent: 30,
    });
    expect(back.json().files[0]).toMatchObject({ status: 'completed', time_spent: 150 });
    expect(back.json().progress_percent).toBe(50);

    const done = await report(l.token, {
      module_file: m2.files[0]!.id,
      status: 'completed',
      time_spent: 60,
    });
    expect(done.json()).toMatchObject({
      status: 'completed',
      progress_percent: 100,
      last: { selectedModule: m2.module.id, selectedFile: m2.files[0]!.id },
    });
    expect(done.json().completed_at).not.toBeNull();
    // Reporting again (or racing reports) never completes it twice.
    await Promise.all([
      report(l.token, { module_file: m2.files[0]!.id, status: 'completed', time_spent: 5 }),
      report(l.token, { module_file: m1.files[0]!.id, status: 'completed', time_spent: 5 }),
    ]);
    expect(completed.filter((c) => c.courseId === course.id)).toEqual([
      { courseId: course.id, userId: l.user.id },
    ]);

    // The learner resumes where they left off.
    await report(l.token, { module_file: m1.files[0]!.id, status: 'in_progress' });
    const resumed = await state(l.token, { course: course.id });
    expect(resumed.json().last).toEqual({
      selectedModule: m1.module.id,
      selectedFile: m1.files[0]!.id,
    });
  });

  it('records the last activity on the enrolment on the first save of a UTC day', async () => {
    const db = t.database.db;
    const course = await makeCourse(db, { organisationId: acme.org.id });
    const m = await makeModuleWithFiles(db, { course, files: [{}, {}] });
    const l = await enrolledLearner(t, course);
    const mine = eq(courseEnrolments.userId, l.user.id);
    const lastActivity = async () =>
      (
        await db.select({ at: courseEnrolments.lastActivityAt }).from(courseEnrolments).where(mine)
      )[0]!.at;
    expect(await lastActivity()).toBeNull();
    const before = Date.now();
    await report(l.token, { module_file: m.files[0]!.id, status: 'in_progress', time_spent: 5 });
    const first = await lastActivity();
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Already recorded today: a second save leaves it (and the indexed column) alone.
    const today = new Date(new Date().setUTCHours(0, 0, 0, 0));
    await db.update(courseEnrolments).set({ lastActivityAt: today }).where(mine);
    await report(l.token, { module_file: m.files[1]!.id, status: 'in_progress', time_spent: 5 });
    expect(await lastActivity()).toEqual(today);
    // Last recorded yesterday: the save moves it.
    await db
      .update(courseEnrolments)
      .set({ lastActivityAt: new Date(today.getTime() - 1) })
      .where(mine);
    await report(l.token, { module_file: m.files[1]!.id, status: 'completed', time_spent: 5 });
    expect((await lastActivity())!.getTime()).toBeGreaterThanOrEqual(today.getTime());
  });

  it('moves the last activity only across a UTC day', () => {
    const now = new Date('2026-03-10T08:00:00Z');
    expect(movesLastActivity(null, now)).toBe(true);
    expect(movesLastActivity(new Date('2026-03-09T23:59:59.999Z'), now)).toBe(true);
    expect(movesLastActivity(new Date('2026-03-10T00:00:00Z'), now)).toBe(false);
    expect(movesLastActivity(new Date('2026-03-10T07:59:00Z'), now)).toBe(false);
  });

  it('two racing reports that finish the course emit course.completed once', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const m = await makeModuleWithFiles(t.database.db, { course, files: [{}, {}] });
    const l = await enrolledLearner(t, course);
    await Promise.all(
      m.files.map((f) => report(l.token, { module_file: f.id, status: 'completed' })),
    );
    const s = await state(l.token, { course: course.id });
    expect(s.json()).toMatchObject({ status: 'completed', progress_percent: 100 });
    expect(completed.filter((c) => c.courseId === course.id)).toHaveLength(1);
  });

  it('refuses learners not enrolled, unknown files and unbounded time', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const m = await makeModuleWithFiles(t.database.db, { course });
    const outsider = await report(acme.learner.token, {
      module_file: m.files[0]!.id,
      status: 'completed',
    });
    expect(outsider.statusCode).toBe(403);
    expect((await state(acme.learner.token, { course: course.id })).statusCode).toBe(403);
    const l = await enrolledLearner(t, course);
    expect((await report(l.token, { module_file: 999999, status: 'completed' })).statusCode).toBe(
      404,
    );
    const tooLong = await report(l.token, {
      module_file: m.files[0]!.id,
      status: 'in_progress',
      time_spent: 3601,
    });
    expect([tooLong.statusCode, Object.keys(tooLong.json().errors)]).toEqual([400, ['time_spent']]);
    expect(
      (await report(l.token, { module_file: m.files[0]!.id, status: 'done' })).statusCode,
    ).toBe(400);
    expect(
      (
        await report(l.token, {
          module_file: m.files[0]!.id,
          status: 'in_progress',
          time_spent: -1,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("managers read a learner's progress; others cannot", async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    await makeModuleWithFiles(t.database.db, { course });
    const l = await enrolledLearner(t, course);
    const byTrainer = await state(acme.trainer.token, { course: course.id, user: l.user.id });
    expect(byTrainer.statusCode).toBe(200);
    expect(byTrainer.json().files).toHaveLength(1);
    const other = await enrolledLearner(t, course);
    expect((await state(other.token, { course: course.id, user: l.user.id })).statusCode).toBe(403);
    expect(
      (await state(globex.admin.token, { course: course.id, user: l.user.id })).statusCode,
    ).toBe(404);
    expect(
      (await state(acme.admin.token, { course: course.id, user: acme.learner.user.id })).statusCode,
    ).toBe(404);
  });
});
