import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { notify } from './notify.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;
const get = (url: string, token: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token, query });
const put = (url: string, token: string, body: unknown) => call(t.app, 'PUT', url, { token, body });
const drain = async () => {
  while ((await t.app.ctx.jobs.runDue()) > 0);
};
const listOf = async (token: string, query: Record<string, string> = {}) =>
  (await get('/api/notify/', token, query)).json() as {
    count: number;
    results: { id: number; type: string; is_viewed: boolean; link: string; actor: unknown }[];
  };

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

describe('notifications from events', () => {
  it('assigning learners tells each of them once, never the manager who assigned', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const a = await signedInLearner(t, acme.org.id);
    const b = await signedInLearner(t, acme.org.id);
    const res = await api(t).post(`/api/courses/${course.id}/assign/`, acme.admin.token, {
      users: [a.user.id, b.user.id],
    });
    expect(res.statusCode).toBeLessThan(300);
    await drain();
    for (const learner of [a, b]) {
      const page = await listOf(learner.token);
      expect(page.count).toBe(1);
      expect(page.results[0]).toMatchObject({
        type: 'enrolment_assigned',
        link: `/course/${course.id}`,
        is_viewed: false,
      });
    }
    expect((await listOf(acme.admin.token, { type: 'enrolment_assigned' })).count).toBe(0);
  });

  it('a redelivered event writes nothing more', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const input = {
      type: 'user_approved' as const,
      organisationId: acme.org.id,
      actorId: acme.admin.user.id,
      subject: { kind: 'user' as const, id: learner.user.id, title: 'Acme' },
      link: '/dashboard',
      recipients: [learner.user.id, learner.user.id],
    };
    const meta = { eventId: 987_654, occurredAt: new Date() };
    await notify(t.app.ctx, meta, input);
    await notify(t.app.ctx, meta, input);
    expect((await listOf(learner.token)).count).toBe(1);
  });

  it('a draft course notifies nobody', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      status: 'draft',
    });
    const learner = await signedInLearner(t, acme.org.id);
    await api(t).post(`/api/courses/${course.id}/assign/`, acme.admin.token, {
      users: [learner.user.id],
    });
    await drain();
    expect((await listOf(learner.token)).count).toBe(0);
  });

  it('in-app turned off: nothing listed', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    const saved = await put('/api/notify/preferences/', learner.token, {
      preferences: [
        { type: 'enrolment_assigned', channel: 'in_app', frequency: 'off' },
        { type: 'enrolment_assigned', channel: 'email', frequency: 'off' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    await api(t).post(`/api/courses/${course.id}/assign/`, acme.admin.token, {
      users: [learner.user.id],
    });
    await drain();
    expect((await listOf(learner.token)).count).toBe(0);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, learner.user.id));
    expect(rows).toHaveLength(0);
  });

  it('a request goes to the organisation’s admins and the course author; the decision to the learner', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      selfEnrol: true,
    });
    const learner = await signedInLearner(t, acme.org.id);
    const asked = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
      course: course.id,
    });
    expect(asked.statusCode).toBeLessThan(300);
    await drain();
    for (const manager of [acme.admin, acme.trainer]) {
      const page = await listOf(manager.token, { type: 'approval_pending' });
      // The link opens the course in request-flow mode, where the approver decides.
      expect(
        page.results.filter((r) => r.link.startsWith(`/course/${course.id}?requestflow=`)),
      ).toHaveLength(1);
    }
    expect((await listOf(other.admin.token)).count).toBe(0);
    const counters = (await api(t).get('/api/notify/counters/', acme.trainer.token)).json();
    expect(counters.requests).toBeGreaterThanOrEqual(1);
    expect(counters.messages).toBe(0);

    const pending = (
      await get('/api/notify/', acme.trainer.token, { type: 'approval_pending' })
    ).json().results[0];
    expect(pending.subject).toMatchObject({ kind: 'approval_request' });
    expect(pending.message).toContain(`Course enrolment: ${course.title}`);
    const approved = await api(t).patch(
      `/api/approvalflow/approve-reject/${pending.subject.id}/`,
      acme.trainer.token,
      { status: 1 },
    );
    expect(approved.statusCode).toBe(200);
    await drain();
    const mine = await listOf(learner.token, { type: 'approval_decided' });
    expect(mine.count).toBe(1);
    const decided = (await get('/api/notify/', learner.token, { type: 'approval_decided' })).json()
      .results[0];
    expect(decided.message).toContain('was approved');
  });
});

describe('reading notifications', () => {
  it('marks one and all viewed; another user’s is 404; counters and the session follow', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const course2 = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    for (const c of [course, course2]) {
      await api(t).post(`/api/courses/${c.id}/assign/`, acme.admin.token, {
        users: [learner.user.id],
      });
    }
    await drain();
    const counters = async () => (await api(t).get('/api/notify/counters/', learner.token)).json();
    expect((await counters()).notifications).toBe(2);
    const me = (await api(t).get('/api/v1/me/', learner.token)).json();
    expect(me.profile?.unread_notification ?? me.user?.profile?.unread_notification).toBe(2);

    const [first] = (await listOf(learner.token)).results;
    expect(
      (await api(t).patch(`/api/notify/${first!.id}/`, acme.learner.token, { is_viewed: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(t).patch(`/api/notify/${first!.id}/`, other.admin.token, { is_viewed: true }))
        .statusCode,
    ).toBe(404);
    const one = await api(t).patch(`/api/notify/${first!.id}/`, learner.token, { is_viewed: true });
    expect(one.json()).toMatchObject({ id: first!.id, is_viewed: true });
    expect((await counters()).notifications).toBe(1);
    expect((await listOf(learner.token, { is_viewed: 'false' })).count).toBe(1);

    const all = await api(t).patch('/api/notify/', learner.token, undefined);
    expect(all.json()).toEqual({ updated: 1 });
    expect((await counters()).notifications).toBe(0);
  });

  it('organisation defaults: forced e-mail cannot be turned off by the user', async () => {
    const saved = await put('/api/notify/organisation-defaults/', acme.admin.token, {
      defaults: [
        { type: 'review_received', channel: 'email', frequency: 'weekly', state: 'forced' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const refused = await put('/api/notify/preferences/', acme.trainer.token, {
      preferences: [{ type: 'review_received', channel: 'email', frequency: 'off' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await api(t).get('/api/notify/organisation-defaults/', acme.trainer.token)).statusCode,
    ).toBe(403);
    const cross = await get('/api/notify/organisation-defaults/', other.admin.token, {
      organisation: String(acme.org.id),
    });
    expect(cross.statusCode).toBe(404);
    expect(ROLE.ADMIN).toBeDefined();
  });
});
