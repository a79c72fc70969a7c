import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  courseStatuses,
  makePathWithCourses,
  pathEnrolmentOf,
} from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import type { learningPaths } from '../../schema/learning-paths.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * A learner joining a path: at once where it takes self-enrolment, through the approval flow
 * where it takes requests (approved: enrolled with their courses; rejected or withdrawn: gone,
 * and they may ask again). Paths closed to joining, and other organisations', refuse.
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

const newPath = (path: Partial<typeof learningPaths.$inferInsert>) =>
  makePathWithCourses(db(), {
    organisationId: a.org.id,
    createdBy: a.trainer.user.id,
    courses: 2,
    strictSequence: true,
    path,
  });
const join = (token: string, pathId: number) =>
  http.post('/api/v1/learning-path-user/join/', token, { learning_path: pathId });

async function openRequestOf(enrolmentId: number) {
  const [row] = await db()
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, 'learning_path_enrolment'),
        eq(approvalRequests.subjectId, enrolmentId),
      ),
    );
  return row;
}

const typesOf = async (userId: number) =>
  (
    await db()
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.recipientId, userId))
  ).map((n) => n.type);

describe('joining a path', () => {
  it('enrols a learner at once where the path takes self-enrolment, with its first course', async () => {
    const { path, courses } = await newPath({ enrolment: 'self', dueMode: 'relative', dueDays: 7 });
    const learner = await signedInLearner(t, a.org.id);
    const res = await join(learner.token, path.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      learning_path: path.id,
      state: 'not_started',
      source: 'self',
      user: { id: learner.user.id },
    });
    expect(res.json().due_at).not.toBeNull();
    await drain();
    expect(
      await courseStatuses(
        db(),
        learner.user.id,
        courses.map((c) => c.id),
      ),
    ).toEqual(['enrolled', 'none']);
    // Nobody is told of their own join.
    expect(await typesOf(learner.user.id)).not.toContain('learning_path_assigned');
    const again = await join(learner.token, path.id);
    expect(again.statusCode).toBe(409);
  });

  it('asks through the approval flow: approved, the learner is enrolled with their courses', async () => {
    const { path, courses } = await newPath({ enrolment: 'request' });
    const learner = await signedInLearner(t, a.org.id);
    const res = await join(learner.token, path.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'requested', source: 'request', due_at: null });
    const request = await openRequestOf(res.json().id);
    expect(request).toMatchObject({ status: 'pending', requesterId: learner.user.id });
    expect((await join(learner.token, path.id)).statusCode).toBe(409);

    // The path's author is an approver by default.
    const decided = await http.patch(
      `/api/approvalflow/approve-reject/${request!.id}/`,
      a.trainer.token,
      {
        status: 1,
      },
    );
    expect(decided.statusCode).toBe(200);
    await drain();
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toMatchObject({
      status: 'enrolled',
      assignedBy: a.trainer.user.id,
    });
    expect(
      await courseStatuses(
        db(),
        learner.user.id,
        courses.map((c) => c.id),
      ),
    ).toEqual(['enrolled', 'none']);
    expect(await typesOf(learner.user.id)).toContain('approval_decided');
  });

  it('removes a rejected request, and the learner may ask again', async () => {
    const { path } = await newPath({ enrolment: 'request' });
    const learner = await signedInLearner(t, a.org.id);
    const first = await join(learner.token, path.id);
    const request = await openRequestOf(first.json().id);
    const rejected = await http.patch(
      `/api/approvalflow/approve-reject/${request!.id}/`,
      a.admin.token,
      {
        status: 2,
        comment: 'Not this quarter.',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toBeUndefined();
    const second = await join(learner.token, path.id);
    expect(second.statusCode).toBe(201);
    expect(second.json().state).toBe('requested');
  });

  it('enrols a learner who asked when a manager assigns them, closing the request as approved', async () => {
    const { path } = await newPath({ enrolment: 'request' });
    const learner = await signedInLearner(t, a.org.id);
    const asked = await join(learner.token, path.id);
    const res = await http.post('/api/v1/learning-path-user/', a.admin.token, {
      learning_path: path.id,
      users: [learner.user.id],
    });
    expect(res.json()).toEqual({ enrolled: 1, unchanged: 0 });
    expect(await pathEnrolmentOf(db(), path.id, learner.user.id)).toMatchObject({
      id: asked.json().id,
      status: 'enrolled',
    });
    expect((await openRequestOf(asked.json().id))!.status).toBe('approved');
  });

  it('refuses paths closed to joining, staff, and other organisations’ learners', async () => {
    const { path: assignedOnly } = await newPath({ enrolment: 'assigned' });
    const learner = await signedInLearner(t, a.org.id);
    const refused = await join(learner.token, assignedOnly.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('managers');

    const { path: open } = await newPath({ enrolment: 'self' });
    expect((await join(a.trainer.token, open.id)).statusCode).toBe(403);
    const stranger = await signedInLearner(t, b.org.id);
    expect((await join(stranger.token, open.id)).statusCode).toBe(404);
    expect((await join(b.admin.token, open.id)).statusCode).toBe(404);

    const { path: draft } = await newPath({ enrolment: 'self', status: 'draft' });
    expect((await join(learner.token, draft.id)).statusCode).toBe(404);
    expect(await pathEnrolmentOf(db(), open.id, stranger.user.id)).toBeUndefined();
    expect(await pathEnrolmentOf(db(), draft.id, learner.user.id)).toBeUndefined();
  });
});
