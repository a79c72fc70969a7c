import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  courseStatuses,
  makePathWithCourses,
  pathEnrolmentOf,
} from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { eventDeliveries, eventOutbox } from '../../core/events/outbox.table.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { courseModules, courses as coursesTable, moduleFiles } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { learningPathItems } from '../../schema/learning-paths.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { recomputeProgress } from './progress.service.ts';

/*
 * Progress through the real course use cases: the learner's own file reports and a manager
 * marking a course completed publish course.completed; the path follows, unlocks what the
 * prerequisites held back, and completes once.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
const db = () => t.database.db;
const drain = () => t.app.ctx.jobs.drain();

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  a = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t?.close());

async function assigned(path: { id: number }, learner: SignedIn) {
  const res = await http.post('/api/v1/learning-path-user/', a.admin.token, {
    learning_path: path.id,
    users: [learner.user.id],
  });
  expect(res.statusCode).toBe(200);
  await drain();
}

/** The learner completes the course's only file through the player's report. */
async function completeByReport(learner: SignedIn, courseId: number) {
  const [file] = await db()
    .select({ id: moduleFiles.id })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .where(eq(courseModules.courseId, courseId));
  const res = await http.post('/api/courses/module-file-user-status/', learner.token, {
    module_file: file!.id,
    status: 'completed',
    time_spent: 60,
  });
  expect(res.statusCode).toBe(200);
  await drain();
}

/** A manager marks the learner's course enrolment completed. */
async function completeByManager(learner: SignedIn, courseId: number) {
  const [e] = await db()
    .select({ id: courseEnrolments.id })
    .from(courseEnrolments)
    .where(
      and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, learner.user.id)),
    );
  const res = await http.patch(`/api/courses/user-enrolments/${e!.id}/`, a.admin.token, {
    status: 'completed',
  });
  expect(res.statusCode).toBe(200);
  await drain();
}

const completedEvents = async (pathId: number) =>
  (
    await db()
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(eq(eventOutbox.name, 'learning_path.completed'))
  ).filter((e) => (e.payload as { pathId: number }).pathId === pathId);

describe('progress and unlocking', () => {
  it('opens the third course once the first two are done, reaches 100 % and completes once', async () => {
    const { path, courses } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 3,
      requires: [[2, [0, 1]]],
      path: { validityMonths: 12 },
    });
    const ids = courses.map((c) => c.id);
    const learner = await signedInLearner(t, a.org.id);
    await assigned(path, learner);
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual([
      'enrolled',
      'enrolled',
      'none',
    ]);

    await completeByReport(learner, ids[0]!);
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toMatchObject({
      status: 'enrolled',
      progressPercent: 33,
      completedItems: 1,
    });
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual([
      'completed',
      'enrolled',
      'none',
    ]);

    await completeByManager(learner, ids[1]!);
    expect((await pathEnrolmentOf(db(), path.id, learner.user.id))!.progressPercent).toBe(66);
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual([
      'completed',
      'completed',
      'enrolled',
    ]);

    await completeByReport(learner, ids[2]!);
    const done = await pathEnrolmentOf(db(), path.id, learner.user.id);
    expect(done).toMatchObject({ status: 'completed', progressPercent: 100, completedItems: 3 });
    const months =
      (done!.expiresAt!.getUTCFullYear() - done!.completedAt!.getUTCFullYear()) * 12 +
      done!.expiresAt!.getUTCMonth() -
      done!.completedAt!.getUTCMonth();
    expect(months).toBe(12);
    const events = await completedEvents(path.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      pathId: path.id,
      userId: learner.user.id,
      organisationId: a.org.id,
      enrolmentId: done!.id,
      cycle: 0,
    });
    const inbox = await http.get('/api/notify/?type=learning_path_completed', learner.token);
    expect(inbox.json().results).toHaveLength(1);
    expect(inbox.json().results[0].subject).toEqual({
      kind: 'learning_path',
      id: path.id,
      title: path.title,
    });

    const table = await http.get(
      `/api/v1/learning-path-user/?learning_path=${path.id}`,
      a.admin.token,
    );
    expect(table.json().results[0]).toMatchObject({ state: 'completed', progress_percent: 100 });
  });

  it('completes exactly once when the last course completion is delivered again', async () => {
    const { path, courses } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 1,
    });
    const learner = await signedInLearner(t, a.org.id);
    await assigned(path, learner);
    await completeByReport(learner, courses[0]!.id);
    expect(await completedEvents(path.id)).toHaveLength(1);

    // The outbox delivers the course completion to this slice's subscriber a second time, as
    // after a node died between its commit and the delivery's mark.
    const [event] = await db()
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(eq(eventOutbox.name, 'course.completed'))
      .orderBy(desc(eventOutbox.id))
      .limit(1);
    const again = await db()
      .update(eventDeliveries)
      .set({ deliveredAt: null, claimedAt: null })
      .where(
        and(
          eq(eventDeliveries.eventId, event!.id),
          like(eventDeliveries.subscriber, 'learning-paths:%'),
        ),
      )
      .returning({ subscriber: eventDeliveries.subscriber });
    expect(again).toHaveLength(1);
    await enqueue(db(), 'event.deliver', [
      { eventId: event!.id, subscriber: again[0]!.subscriber },
    ]);
    await drain();
    expect(await completedEvents(path.id)).toHaveLength(1);
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, learner.user.id),
          eq(notifications.type, 'learning_path_completed'),
        ),
      )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('completes an elective set with any `required` of its courses, and follows strict sequence', async () => {
    const { path, courses } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 3,
      strictSequence: true,
      elective: { required: 1, items: [1, 2] },
    });
    const ids = courses.map((c) => c.id);
    const learner = await signedInLearner(t, a.org.id);
    await assigned(path, learner);
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual(['enrolled', 'none', 'none']);
    await completeByReport(learner, ids[0]!);
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual([
      'completed',
      'enrolled',
      'none',
    ]);
    expect((await pathEnrolmentOf(db(), path.id, learner.user.id))!.progressPercent).toBe(50);
    await completeByReport(learner, ids[1]!);
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toMatchObject({
      status: 'completed',
      progressPercent: 100,
    });
  });

  it('counts a course once in each path that holds it, and what was done before enrolment', async () => {
    const first = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 2,
    });
    const shared = first.courses[0]!;
    const second = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 1,
    });
    await db().insert(learningPathItems).values({
      pathId: second.path.id,
      courseId: shared.id,
      position: 5,
    });
    const learner = await signedInLearner(t, a.org.id);
    await assigned(first.path, learner);
    await completeByReport(learner, shared.id);
    expect((await pathEnrolmentOf(db(), first.path.id, learner.user.id))!.progressPercent).toBe(50);

    // Enrolled in the second path after the shared course was completed: it counts already.
    await assigned(second.path, learner);
    const later = await pathEnrolmentOf(db(), second.path.id, learner.user.id);
    expect(later).toMatchObject({ progressPercent: 50, completedItems: 1 });
    const rows = await db()
      .select({ id: courseEnrolments.id })
      .from(courseEnrolments)
      .where(
        and(eq(courseEnrolments.userId, learner.user.id), eq(courseEnrolments.courseId, shared.id)),
      )
      .orderBy(asc(courseEnrolments.id));
    expect(rows).toHaveLength(1);
  });

  it('follows a structure change and a course published later', async () => {
    const { path, courses } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 3,
    });
    const ids = courses.map((c) => c.id);
    // The third course is still a draft when the learner is enrolled: nothing to enrol them in.
    await db().update(coursesTable).set({ status: 'draft' }).where(eq(coursesTable.id, ids[2]!));
    const learner = await signedInLearner(t, a.org.id);
    await assigned(path, learner);
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual([
      'enrolled',
      'enrolled',
      'none',
    ]);
    const published = await http.patch(`/api/courses/published/${ids[2]}/`, a.admin.token, {
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    await drain();
    expect(await courseStatuses(db(), learner.user.id, ids)).toEqual([
      'enrolled',
      'enrolled',
      'enrolled',
    ]);

    await completeByReport(learner, ids[0]!);
    expect((await pathEnrolmentOf(db(), path.id, learner.user.id))!.progressPercent).toBe(33);
    // The editor drops the two courses not taken yet: what is left is complete.
    const saved = await http.put(`/api/v1/learning-path/${path.id}/structure/`, a.admin.token, {
      strict_sequence: false,
      electives: [],
      items: [{ course: ids[0] }],
    });
    expect(saved.statusCode).toBe(200);
    await drain();
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toMatchObject({
      status: 'completed',
      progressPercent: 100,
    });
    expect(await completedEvents(path.id)).toHaveLength(1);
  });

  it('completes once when several recomputations of one learner run at once', async () => {
    const { path } = await makePathWithCourses(db(), {
      organisationId: a.org.id,
      createdBy: a.trainer.user.id,
      courses: 2,
    });
    const learner = await signedInLearner(t, a.org.id);
    await assigned(path, learner);
    // Both courses completed behind the path's back, then three deliveries race to notice.
    await db()
      .update(courseEnrolments)
      .set({ status: 'completed', completedAt: new Date(), progressPercent: 100 })
      .where(eq(courseEnrolments.userId, learner.user.id));
    const results = await Promise.all(
      [1, 2, 3].map(() => recomputeProgress(t.app.ctx, path.id, [learner.user.id])),
    );
    expect(results.map((r) => r.completed).sort()).toEqual([0, 0, 1]);
    expect(await completedEvents(path.id)).toHaveLength(1);
  });
});
