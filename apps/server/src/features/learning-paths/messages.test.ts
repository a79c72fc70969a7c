import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makePathWithCourses } from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { learningPathEnrolments } from '../../schema/learning-paths.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * learning-path-notification/: a manager's message reaches the path's learners in the chosen
 * states through the notification centre; another organisation's staff and learners are refused.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
let b: Staff;
const db = () => t.database.db;
const drain = () => t.app.ctx.jobs.drain();

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

describe('messages to learners', () => {
  it('reaches the learners in the chosen states through the notification centre', async () => {
    const { path } = await newPath();
    const l1 = await signedInLearner(t, a.org.id);
    const l2 = await signedInLearner(t, a.org.id);
    await assign(a.admin.token, { learning_path: path.id, users: [l1.user.id, l2.user.id] });
    await db()
      .update(learningPathEnrolments)
      .set({ status: 'completed', completedAt: new Date(), progressPercent: 100 })
      .where(
        and(
          eq(learningPathEnrolments.pathId, path.id),
          eq(learningPathEnrolments.userId, l2.user.id),
        ),
      );
    const body = { learning_path: path.id, subject: 'Deadline', message: 'Finish by Friday.' };
    const res = await http.post('/api/v1/learning-path-notification/', a.trainer.token, {
      ...body,
      states: ['not_started'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    await drain();
    const inbox = await http.get('/api/notify/?type=learning_path_message', l1.token);
    expect(inbox.json().results[0]).toMatchObject({
      subject: { kind: 'learning_path', id: path.id },
      link: `/learning-path/learner/learning-path/${path.id}`,
    });
    expect(inbox.json().results[0].message).toContain('Deadline: Finish by Friday.');
    expect(await typesOf(l2.user.id)).not.toContain('learning_path_message');

    expect(
      (await http.post('/api/v1/learning-path-notification/', a.admin.token, body)).json(),
    ).toEqual({ sent: 2 });
    expect(
      (await http.post('/api/v1/learning-path-notification/', b.admin.token, body)).statusCode,
    ).toBe(404);
    expect(
      (await http.post('/api/v1/learning-path-notification/', a.learner.token, body)).statusCode,
    ).toBe(403);
  });
});
