import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  signedIn,
  signedInLearner,
  tokenFor,
} from '../../../test/auth.ts';
import { makeCourse, makeEnrolmentRequest, makeUser } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import type { RealtimeMessage } from '../../core/realtime/realtime.ts';
import { memberships } from '../../schema/users.table.ts';
import { ITEMS_PUSHED_UP_TO } from './notify.ts';

let t: TestApp;
let published: { userIds: number[]; message: RealtimeMessage }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const realtime = t.app.ctx.realtime;
  const publish = realtime.publish.bind(realtime);
  vi.spyOn(realtime, 'publish').mockImplementation(async (userIds, message) => {
    published.push({ userIds: [...userIds], message });
    return publish(userIds, message);
  });
});
beforeEach(() => {
  published = [];
});
afterAll(() => t?.close());

const drain = () => t.app.ctx.jobs.drain();
const counters = async (who: SignedIn) => {
  const res = await api(t).get('/api/notify/counters/', who.token);
  expect(res.statusCode).toBe(200);
  return res.json() as { notifications: number; requests: number; messages: number };
};
/** The `requests` values pushed to one person since the test began, in order. */
const requestsPushedTo = (userId: number) =>
  published
    .filter(
      (p) =>
        p.userIds.includes(userId) &&
        p.message.type === 'counters' &&
        (p.message.data as { requests?: number }).requests !== undefined,
    )
    .map((p) => (p.message.data as { requests: number }).requests);

describe('the requests counter, live', () => {
  it('each manager gets their new pending count when a request is made, withdrawn and decided', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
      selfEnrol: true,
    });
    // A request on a course only the admin manages: the admin's count is higher than the author's.
    const adminsOwn = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.admin.user.id,
    });
    await makeEnrolmentRequest(t.database.db, { course: adminsOwn });
    const bystander = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.TRAINER });
    const [first, second] = await Promise.all([1, 2].map(() => signedInLearner(t, org.org.id)));

    const ask = async (learner: SignedIn) => {
      const res = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
        course: course.id,
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const decide = async (who: SignedIn, enrolment: number) => {
      const res = await api(t).post(
        '/api/courses/course_enrollment_request_reject_by_user/',
        who.token,
        { enrolment },
      );
      expect(res.statusCode).toBe(200);
    };

    const firstRequest = await ask(first!);
    await drain();
    const secondRequest = await ask(second!);
    await drain();
    expect(requestsPushedTo(org.trainer.user.id)).toEqual([1, 2]);
    expect(requestsPushedTo(org.admin.user.id)).toEqual([2, 3]);

    await decide(first!, firstRequest); // withdrawn by its learner
    await drain();
    expect(requestsPushedTo(org.trainer.user.id).at(-1)).toBe(1);
    expect(requestsPushedTo(org.admin.user.id).at(-1)).toBe(2);

    await decide(org.trainer, secondRequest); // rejected by the author
    await drain();
    expect(requestsPushedTo(org.trainer.user.id).at(-1)).toBe(0);
    expect(requestsPushedTo(org.admin.user.id).at(-1)).toBe(1);

    // What was pushed is what the counters endpoint says.
    expect((await counters(org.trainer)).requests).toBe(0);
    expect((await counters(org.admin)).requests).toBe(1);
    for (const nobody of [bystander, first!, second!, org.learner])
      expect(requestsPushedTo(nobody.user.id)).toEqual([]);
  });
});

describe('the messages counter', () => {
  it('shows the recipient’s unread messages and falls when they read them', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const learner = await signedInLearner(t, org.org.id);
    const conversation = await api(t).post('/api/messages/conversations/direct/', org.admin.token, {
      user_id: learner.user.id,
    });
    expect(conversation.statusCode).toBe(200);
    const id = conversation.json().id as number;
    for (const key of ['counter-one', 'counter-two']) {
      const sent = await api(t).post(
        `/api/messages/conversations/${id}/messages/`,
        org.admin.token,
        {
          body: 'Hello',
          idempotency_key: key,
        },
      );
      expect(sent.statusCode).toBe(201);
    }
    expect((await counters(learner)).messages).toBe(2);
    expect((await counters(org.admin)).messages).toBe(0);
    // Signed in to another organisation, the same person does not see this one's messages.
    const elsewhere = await makeOrganisationWithStaff(t.database.db, t.config);
    await t.database.db.insert(memberships).values({
      userId: learner.user.id,
      organisationId: elsewhere.org.id,
      roleId: ROLE.LEARNER,
      viewRoleId: ROLE.LEARNER,
    });
    const there = {
      user: learner.user,
      token: await tokenFor(t.database.db, t.config, learner.user, elsewhere.org.id),
    };
    expect((await counters(there)).messages).toBe(0);

    const read = await api(t).post(
      `/api/messages/conversations/${id}/read/`,
      learner.token,
      undefined,
    );
    expect(read.statusCode).toBe(200);
    expect((await counters(learner)).messages).toBe(0);
  });
});

describe('live pushes of a large fan-out', () => {
  it('past the item limit: one list invalidation and one counters publish per distinct count', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const course = await makeCourse(t.database.db, { organisationId: org.org.id });
    const learners = [];
    for (let i = 0; i <= ITEMS_PUSHED_UP_TO; i++)
      learners.push((await makeUser(t.database.db, { organisationId: org.org.id })).id);
    // One of them has an older unread notification: a count of 2 where the others have 1.
    const early = await makeCourse(t.database.db, { organisationId: org.org.id });
    await api(t).post(`/api/courses/${early.id}/assign/`, org.admin.token, {
      users: [learners[0]],
    });
    await drain();
    published = [];

    const res = await api(t).post(`/api/courses/${course.id}/assign/`, org.admin.token, {
      users: learners,
    });
    expect(res.statusCode).toBeLessThan(300);
    await drain();
    const byType = (type: string) => published.filter((p) => p.message.type === type);
    expect(byType('notification.created')).toEqual([]);
    const [invalidate, ...more] = byType('invalidate');
    expect(more).toEqual([]);
    expect(invalidate!.userIds.sort()).toEqual([...learners].sort());
    expect(invalidate!.message.data).toEqual({ keys: [['notifications', 'list']] });
    const counts = byType('counters').map((p) => [p.message.data, p.userIds.length]);
    expect(counts).toHaveLength(2);
    expect(counts).toContainEqual([{ notifications: 1 }, learners.length - 1]);
    expect(counts).toContainEqual([{ notifications: 2 }, 1]);
  });

  it('a small fan-out pushes each recipient their own item', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const course = await makeCourse(t.database.db, { organisationId: org.org.id });
    const learner = await signedInLearner(t, org.org.id);
    await api(t).post(`/api/courses/${course.id}/assign/`, org.admin.token, {
      users: [learner.user.id],
    });
    await drain();
    const created = published.filter((p) => p.message.type === 'notification.created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      userIds: [learner.user.id],
      message: { data: { type: 'enrolment_assigned', link: `/course/${course.id}` } },
    });
  });
});
