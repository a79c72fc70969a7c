import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeCourse,
  makeEnrolment,
  makeEnrolmentRequest,
  makeLearner,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { enrolmentRequests } from './enrolments.requests.ts';
import { enrolments } from './enrolments.service.ts';

/* The enrolment rules at the service tier: no app, no HTTP (enrolments.test.ts covers the routes). */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

const statusOf = async (courseId: number, userId: number) =>
  (
    await s.ctx.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)))
  )[0];

describe('assigning learners', () => {
  it('enrols requesters and rejected learners, and leaves enrolled and completed ones as they are', async () => {
    const db = s.ctx.db;
    const course = await makeCourse(db);
    const author = await authFor(s.ctx, { id: course.createdBy! });
    const requested = await makeEnrolmentRequest(db, { course });
    const rejected = await makeEnrolment(db, { course, status: 'rejected' });
    const enrolled = await makeEnrolment(db, { course });
    const completed = await makeEnrolment(db, { course, status: 'completed' });
    const newcomer = await makeLearner(db, { organisationId: course.organisationId });

    const users = [requested, rejected, enrolled, completed].map((e) => e.userId);
    const result = await enrolments.assign(s.ctx, author, course.id, {
      users: [...users, newcomer.id],
    });

    expect(result).toEqual({ assigned: 3, unchanged: 2 });
    for (const userId of [requested.userId, rejected.userId]) {
      expect(await statusOf(course.id, userId)).toMatchObject({
        status: 'enrolled',
        assignedBy: author.userId,
        decidedBy: author.userId,
      });
    }
    expect(await statusOf(course.id, newcomer.id)).toMatchObject({
      status: 'enrolled',
      decidedBy: null,
    });
    expect(await statusOf(course.id, enrolled.userId)).toMatchObject({
      status: 'enrolled',
      assignedBy: null,
    });
    expect(await statusOf(course.id, completed.userId)).toMatchObject({
      status: 'completed',
      progressPercent: 100,
    });
  });

  it("refuses staff and other organisations' learners by id, and enrols nobody", async () => {
    const db = s.ctx.db;
    const course = await makeCourse(db);
    const author = await authFor(s.ctx, { id: course.createdBy! });
    const learner = await makeLearner(db, { organisationId: course.organisationId });
    const colleague = await makeTrainer(db, { organisationId: course.organisationId });
    const stranger = await makeLearner(db);

    await expect(
      enrolments.assign(s.ctx, author, course.id, {
        users: [learner.id, colleague.id, stranger.id],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: `Only learners of the course's organisation can be assigned; not: ${colleague.id}, ${stranger.id}.`,
    });
    expect(await statusOf(course.id, learner.id)).toBeUndefined();
  });

  it("lets the organisation's admins and the course's author assign, not another trainer", async () => {
    const db = s.ctx.db;
    const course = await makeCourse(db);
    const learner = await makeLearner(db, { organisationId: course.organisationId });
    const otherTrainer = await makeTrainer(db, { organisationId: course.organisationId });
    const admin = await makeAdmin(db, { organisationId: course.organisationId });

    await expect(
      enrolments.assign(s.ctx, await authFor(s.ctx, otherTrainer), course.id, {
        users: [learner.id],
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(
      await enrolments.assign(s.ctx, await authFor(s.ctx, admin), course.id, {
        users: [learner.id],
      }),
    ).toEqual({ assigned: 1, unchanged: 0 });
  });
});

describe('enrolment requests', () => {
  it('a rejected learner may ask again; the new request is open and undecided', async () => {
    const db = s.ctx.db;
    const course = await makeCourse(db);
    const rejected = await makeEnrolment(db, { course, status: 'rejected' });
    const learner = await authFor(s.ctx, { id: rejected.userId });

    const again = await enrolmentRequests.request(s.ctx, learner, course.id);

    expect(again.status).toBe('requested');
    expect(await statusOf(course.id, rejected.userId)).toMatchObject({
      id: rejected.id,
      status: 'requested',
      decidedBy: null,
    });
    await expect(enrolmentRequests.request(s.ctx, learner, course.id)).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('only learners of the organisation ask, and only for published courses open to requests', async () => {
    const db = s.ctx.db;
    const open = await makeCourse(db);
    const closed = await makeCourse(db, { organisationId: open.organisationId, selfEnrol: false });
    const draft = await makeCourse(db, { organisationId: open.organisationId, status: 'draft' });
    const learner = await authFor(
      s.ctx,
      await makeLearner(db, { organisationId: open.organisationId }),
    );
    const trainer = await authFor(s.ctx, { id: open.createdBy! });

    await expect(enrolmentRequests.request(s.ctx, trainer, open.id)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(enrolmentRequests.request(s.ctx, learner, closed.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    // A draft is not visible to a learner at all.
    await expect(enrolmentRequests.request(s.ctx, learner, draft.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await enrolmentRequests.request(s.ctx, learner, open.id)).status).toBe('requested');
  });

  it('a trainer decides the requests on their own courses only; the list and the decision agree', async () => {
    const db = s.ctx.db;
    const mine = await makeCourse(db);
    const theirs = await makeCourse(db, { organisationId: mine.organisationId });
    const onMine = await makeEnrolmentRequest(db, { course: mine });
    const onTheirs = await makeEnrolmentRequest(db, { course: theirs });
    const trainer = await authFor(s.ctx, { id: mine.createdBy! });
    const admin = await authFor(
      s.ctx,
      await makeAdmin(db, { organisationId: mine.organisationId }),
    );
    const page = { limit: 50, offset: 0 };

    const forTrainer = await enrolmentRequests.list(db, trainer, 'to_decide', undefined, page);
    expect(forTrainer.rows.map((r) => r.id)).toEqual([onMine.id]);
    const forAdmin = await enrolmentRequests.list(db, admin, 'to_decide', undefined, page);
    expect(forAdmin.rows.map((r) => r.id).sort()).toEqual([onMine.id, onTheirs.id].sort());

    await expect(enrolmentRequests.approve(s.ctx, trainer, onTheirs.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await enrolmentRequests.approve(s.ctx, trainer, onMine.id)).status).toBe('enrolled');
    await expect(enrolmentRequests.approve(s.ctx, admin, onMine.id)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
