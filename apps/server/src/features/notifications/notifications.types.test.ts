import { ROLE, type TNotificationType } from '@atrium/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { enrol, makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import type { EventName } from '../../core/events/event-bus.ts';
import { eventDeliveries, eventOutbox } from '../../core/events/outbox.table.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { mailOutbox } from '../../core/mail/mail-outbox.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { notificationDigestPeriods, notifications } from '../../schema/notifications.table.ts';

/*
 * One block per notification type raised from another slice's use case: the real request, then
 * the queue drained (the outbox delivers to the subscribers), then what each person holds.
 */

let t: TestApp;
const drain = () => t.app.ctx.jobs.drain();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A fresh organisation per test, so that its admin's and trainer's notifications are its own. */
const newOrg = () => makeOrganisationWithStaff(t.database.db, t.config);

/** Every stored row of a type for a person, listed in-app or not. */
const rowsOf = (userId: number, type: TNotificationType) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, type)));

/** What the person's notification list shows of a type. */
async function listed(who: SignedIn, type: TNotificationType) {
  const res = await call(t.app, 'GET', '/api/notify/', { token: who.token, query: { type } });
  expect(res.statusCode).toBe(200);
  return res.json().results as { type: string; link: string; subject: { id: number } }[];
}

async function turnOff(who: SignedIn, type: TNotificationType, channel: 'in_app' | 'email') {
  const res = await call(t.app, 'PUT', '/api/notify/preferences/', {
    token: who.token,
    body: { preferences: [{ type, channel, frequency: 'off' }] },
  });
  expect(res.statusCode).toBe(200);
}

/**
 * The outbox delivering the latest event of this name to the notifications subscribers a second
 * time, as after a node died between the subscriber's commit and the delivery's mark.
 */
async function redeliverLatest(name: EventName) {
  const [event] = await t.database.db
    .select({ id: eventOutbox.id })
    .from(eventOutbox)
    .where(eq(eventOutbox.name, name))
    .orderBy(desc(eventOutbox.id))
    .limit(1);
  const again = await t.database.db
    .update(eventDeliveries)
    .set({ deliveredAt: null, claimedAt: null })
    .where(
      and(
        eq(eventDeliveries.eventId, event!.id),
        like(eventDeliveries.subscriber, 'notifications:%'),
      ),
    )
    .returning({ subscriber: eventDeliveries.subscriber });
  expect(again.length).toBeGreaterThan(0);
  await enqueue(
    t.database.db,
    'event.deliver',
    again.map((d) => ({ eventId: event!.id, subscriber: d.subscriber })),
  );
  await drain();
  // Delivered, not failed against the unique key and left to retry.
  const after = await t.database.db
    .select({ deliveredAt: eventDeliveries.deliveredAt })
    .from(eventDeliveries)
    .where(eq(eventDeliveries.eventId, event!.id));
  expect(after.every((d) => d.deliveredAt !== null)).toBe(true);
}

async function newAssignment(
  org: Awaited<ReturnType<typeof newOrg>>,
  course: { id: number },
): Promise<{ id: number }> {
  const created = await call(t.app, 'POST', '/api/courses/assignment/', {
    token: org.trainer.token,
    body: { course: course.id, title: 'Essay', instructions: 'Write.', max_score: 10 },
  });
  expect(created.statusCode).toBe(201);
  return created.json();
}

const submit = (who: SignedIn, assignmentId: number) =>
  call(t.app, 'POST', `/api/courses/assignment/${assignmentId}/submit/`, {
    token: who.token,
    form: [{ name: 'text', value: 'My essay' }],
  });

describe('enrolment unassigned', () => {
  it('tells each removed learner once, not the manager who removed them, and nothing on redelivery', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, { organisationId: org.org.id });
    const [a, b, quiet] = await Promise.all([1, 2, 3].map(() => signedInLearner(t, org.org.id)));
    await turnOff(quiet!, 'enrolment_unassigned', 'in_app');
    const users = [a!, b!, quiet!].map((l) => l.user.id);
    for (const id of users) await enrol(t.database.db, course.id, id);
    const res = await api(t).post(`/api/courses/${course.id}/unassign/`, org.admin.token, {
      users,
    });
    expect(res.statusCode).toBe(200);
    await drain();
    for (const learner of [a!, b!]) {
      const mine = await listed(learner, 'enrolment_unassigned');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ link: '/asssigned_course' });
    }
    expect(await listed(quiet!, 'enrolment_unassigned')).toHaveLength(0);
    expect(await rowsOf(org.admin.user.id, 'enrolment_unassigned')).toHaveLength(0);

    await redeliverLatest('enrolment.unassigned');
    for (const learner of [a!, b!])
      expect(await rowsOf(learner.user.id, 'enrolment_unassigned')).toHaveLength(1);
  });

  it('a removal from a draft course notifies nobody', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      status: 'draft',
    });
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    const res = await api(t).post(`/api/courses/${course.id}/unassign/`, org.admin.token, {
      users: [learner.user.id],
    });
    expect(res.statusCode).toBe(200);
    await drain();
    expect(await rowsOf(learner.user.id, 'enrolment_unassigned')).toHaveLength(0);
  });
});

describe('course published', () => {
  it('tells the learners already enrolled, once each; not the publisher, not a requester', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
      status: 'pending',
    });
    const [a, b, quiet, asked] = await Promise.all(
      [1, 2, 3, 4].map(() => signedInLearner(t, org.org.id)),
    );
    await turnOff(quiet!, 'course_published', 'in_app');
    for (const l of [a!, b!, quiet!]) await enrol(t.database.db, course.id, l.user.id);
    await enrol(t.database.db, course.id, asked!.user.id, 'requested');
    // The publisher enrolled in it too: still not told of their own act.
    await enrol(t.database.db, course.id, org.admin.user.id);

    const res = await api(t).patch(`/api/courses/published/${course.id}/`, org.admin.token, {
      status: 'published',
    });
    expect(res.statusCode).toBe(200);
    await drain();
    for (const l of [a!, b!]) {
      const mine = await listed(l, 'course_published');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ link: `/course/${course.id}` });
    }
    expect(await listed(quiet!, 'course_published')).toHaveLength(0);
    expect(await rowsOf(asked!.user.id, 'course_published')).toHaveLength(0);
    expect(await rowsOf(org.admin.user.id, 'course_published')).toHaveLength(0);

    await redeliverLatest('course.published');
    for (const l of [a!, b!]) expect(await rowsOf(l.user.id, 'course_published')).toHaveLength(1);
  });

  it('a course taken back to draft before the event is delivered notifies nobody', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      status: 'pending',
    });
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    const url = `/api/courses/published/${course.id}/`;
    expect((await api(t).patch(url, org.admin.token, { status: 'published' })).statusCode).toBe(
      200,
    );
    expect((await api(t).patch(url, org.admin.token, { status: 'draft' })).statusCode).toBe(200);
    await drain();
    expect(await rowsOf(learner.user.id, 'course_published')).toHaveLength(0);
  });
});

describe('announcement', () => {
  it('tells its audience once each, in-app and by e-mail as asked; not its author', async () => {
    const org = await newOrg();
    const [a, quiet] = await Promise.all([1, 2].map(() => signedInLearner(t, org.org.id)));
    await turnOff(quiet!, 'announcement', 'in_app');
    const res = await api(t).post('/api/announcements/', org.admin.token, {
      title: 'Fire drill',
      body: '<p>At noon.</p>',
      audience: { roles: [ROLE.LEARNER, ROLE.ADMIN] },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    await drain();
    for (const l of [a!, org.learner]) {
      const mine = await listed(l, 'announcement');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ link: `/announcements/${id}/`, subject: { id } });
    }
    // In-app off, e-mail still on: a hidden row for the mail.
    expect(await listed(quiet!, 'announcement')).toHaveLength(0);
    expect(await rowsOf(quiet!.user.id, 'announcement')).toMatchObject([{ inApp: false }]);
    expect(await rowsOf(org.admin.user.id, 'announcement')).toHaveLength(0);
    expect(await rowsOf(org.trainer.user.id, 'announcement')).toHaveLength(0);

    await redeliverLatest('announcement.published');
    expect(await rowsOf(a!.user.id, 'announcement')).toHaveLength(1);
  });

  it('without send_email, nobody is mailed; deleted before delivery, nobody is told', async () => {
    const org = await newOrg();
    const quiet = await api(t).post('/api/announcements/', org.admin.token, {
      title: 'In-app only',
      body: '<p>x</p>',
      send_email: false,
    });
    await drain();
    const rows = await rowsOf(org.learner.user.id, 'announcement');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailFrequency).toBeNull();
    expect(rows[0]!.subjectId).toBe(quiet.json().id);

    const gone = await api(t).post('/api/announcements/', org.admin.token, {
      title: 'Withdrawn',
      body: '<p>x</p>',
    });
    await api(t).del(`/api/announcements/${gone.json().id}/`, org.admin.token);
    await drain();
    expect(await rowsOf(org.learner.user.id, 'announcement')).toHaveLength(1);
  });
});

describe('assignment graded', () => {
  it('tells the learner once, not the grader; in-app off lists nothing; redelivery adds nothing', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const assignment = await newAssignment(org, course);
    const [learner, quiet] = await Promise.all([1, 2].map(() => signedInLearner(t, org.org.id)));
    await turnOff(quiet!, 'assignment_graded', 'in_app');
    for (const l of [learner!, quiet!]) {
      await enrol(t.database.db, course.id, l.user.id);
      expect((await submit(l, assignment.id)).statusCode).toBe(201);
    }
    for (const l of [learner!, quiet!]) {
      const graded = await api(t).post(
        `/api/courses/assignment/${assignment.id}/grade/`,
        org.trainer.token,
        { user: l.user.id, score: 7, feedback: 'Good.' },
      );
      expect(graded.statusCode).toBe(200);
    }
    await drain();
    const mine = await listed(learner!, 'assignment_graded');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ link: `/course/${course.id}`, subject: { id: assignment.id } });
    expect(await listed(quiet!, 'assignment_graded')).toHaveLength(0);
    expect(await rowsOf(org.trainer.user.id, 'assignment_graded')).toHaveLength(0);

    await redeliverLatest('assignment.graded');
    expect(await rowsOf(quiet!.user.id, 'assignment_graded')).toHaveLength(1);
    expect(await rowsOf(learner!.user.id, 'assignment_graded')).toHaveLength(1);
  });

  it('a grade in a course no longer published notifies nobody', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const assignment = await newAssignment(org, course);
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    expect((await submit(learner, assignment.id)).statusCode).toBe(201);
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, course.id));
    const graded = await api(t).post(
      `/api/courses/assignment/${assignment.id}/grade/`,
      org.trainer.token,
      { user: learner.user.id, score: 5 },
    );
    expect(graded.statusCode).toBe(200);
    await drain();
    expect(await rowsOf(learner.user.id, 'assignment_graded')).toHaveLength(0);
  });
});

describe('submission received', () => {
  it('tells the course’s managers (its organisation’s admins and its author) once each, nobody else', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const assignment = await newAssignment(org, course);
    // A trainer of the organisation who did not write the course does not manage it.
    const otherTrainer = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.TRAINER });
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    expect((await submit(learner, assignment.id)).statusCode).toBe(201);
    await drain();
    for (const manager of [org.admin, org.trainer]) {
      const theirs = await listed(manager, 'submission_received');
      expect(theirs).toHaveLength(1);
      expect(theirs[0]).toMatchObject({ link: `/course/${course.id}` });
    }
    expect(await rowsOf(otherTrainer.user.id, 'submission_received')).toHaveLength(0);
    expect(await rowsOf(learner.user.id, 'submission_received')).toHaveLength(0);

    await redeliverLatest('assignment.submitted');
    for (const manager of [org.admin, org.trainer])
      expect(await rowsOf(manager.user.id, 'submission_received')).toHaveLength(1);
  });

  it('a manager with in-app off lists nothing; a course unpublished before delivery tells nobody', async () => {
    const org = await newOrg();
    await turnOff(org.trainer, 'submission_received', 'in_app');
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const assignment = await newAssignment(org, course);
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    expect((await submit(learner, assignment.id)).statusCode).toBe(201);
    await drain();
    expect(await listed(org.trainer, 'submission_received')).toHaveLength(0);
    expect(await listed(org.admin, 'submission_received')).toHaveLength(1);

    const draft = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const inDraft = await newAssignment(org, draft);
    await enrol(t.database.db, draft.id, learner.user.id);
    expect((await submit(learner, inDraft.id)).statusCode).toBe(201);
    // Taken back to draft before the event is delivered: the subscriber reads the course now.
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, draft.id));
    await drain();
    expect(await listed(org.admin, 'submission_received')).toHaveLength(1);
  });
});

describe('review received', () => {
  const review = (who: SignedIn, courseId: number) =>
    call(t.app, 'POST', '/api/courses/reviews/', {
      token: who.token,
      body: { course: courseId, rating: 4, comment: 'Useful.' },
    });

  it('tells the course’s author once; not the reviewer, not the admins; nothing on redelivery', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
      title: 'Reviewed course',
    });
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    expect((await review(learner, course.id)).statusCode).toBe(201);
    await drain();
    const theirs = await listed(org.trainer, 'review_received');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ link: `/courses/course-review/${course.id}` });
    expect(await rowsOf(learner.user.id, 'review_received')).toHaveLength(0);
    expect(await rowsOf(org.admin.user.id, 'review_received')).toHaveLength(0);

    await redeliverLatest('review.created');
    expect(await rowsOf(org.trainer.user.id, 'review_received')).toHaveLength(1);
  });

  it('an author with in-app off lists nothing; a course unpublished before delivery tells nobody', async () => {
    const org = await newOrg();
    const quietCourse = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, quietCourse.id, learner.user.id);
    await turnOff(org.trainer, 'review_received', 'in_app');
    expect((await review(learner, quietCourse.id)).statusCode).toBe(201);
    await drain();
    expect(await listed(org.trainer, 'review_received')).toHaveLength(0);

    const author = await makeOrganisationWithStaff(t.database.db, t.config);
    const course = await makeCourse(t.database.db, {
      organisationId: author.org.id,
      createdBy: author.trainer.user.id,
    });
    const reviewer = await signedInLearner(t, author.org.id);
    await enrol(t.database.db, course.id, reviewer.user.id);
    expect((await review(reviewer, course.id)).statusCode).toBe(201);
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, course.id));
    await drain();
    expect(await rowsOf(author.trainer.user.id, 'review_received')).toHaveLength(0);
  });
});

describe('organisation rules', () => {
  it('a type the admin disabled reaches nobody, and nobody can turn it back on', async () => {
    const org = await newOrg();
    const saved = await call(t.app, 'PUT', '/api/notify/organisation-defaults/', {
      token: org.admin.token,
      body: {
        defaults: [
          { type: 'enrolment_assigned', channel: 'in_app', frequency: 'off', state: 'disabled' },
          { type: 'enrolment_assigned', channel: 'email', frequency: 'off', state: 'disabled' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const learner = await signedInLearner(t, org.org.id);
    const refused = await call(t.app, 'PUT', '/api/notify/preferences/', {
      token: learner.token,
      body: {
        preferences: [{ type: 'enrolment_assigned', channel: 'in_app', frequency: 'immediately' }],
      },
    });
    expect(refused.statusCode).toBe(400);
    const course = await makeCourse(t.database.db, { organisationId: org.org.id });
    const assigned = await api(t).post(`/api/courses/${course.id}/assign/`, org.admin.token, {
      users: [learner.user.id, org.learner.user.id],
    });
    expect(assigned.statusCode).toBeLessThan(300);
    await drain();
    for (const l of [learner, org.learner])
      expect(await rowsOf(l.user.id, 'enrolment_assigned')).toHaveLength(0);

    // Another organisation keeps the type's defaults.
    const other = await newOrg();
    const theirs = await makeCourse(t.database.db, { organisationId: other.org.id });
    await api(t).post(`/api/courses/${theirs.id}/assign/`, other.admin.token, {
      users: [other.learner.user.id],
    });
    await drain();
    expect(await rowsOf(other.learner.user.id, 'enrolment_assigned')).toHaveLength(1);
  });

  it('a superadmin sets another organisation’s defaults; that organisation’s admin sees them, another admin cannot', async () => {
    const home = await newOrg();
    const target = await newOrg();
    const url = '/api/notify/organisation-defaults/';
    const rule = { type: 'review_received', channel: 'email', frequency: 'daily', state: 'forced' };
    const set = await call(t.app, 'PUT', url, {
      token: home.superadmin.token,
      query: { organisation: String(target.org.id) },
      body: { defaults: [rule] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().organisation).toBe(target.org.id);
    const seen = (await call(t.app, 'GET', url, { token: target.admin.token })).json();
    expect(seen.defaults).toContainEqual(expect.objectContaining(rule));
    const homeRules = (await call(t.app, 'GET', url, { token: home.admin.token })).json();
    expect(homeRules.defaults).not.toContainEqual(expect.objectContaining(rule));

    // An admin of another organisation naming it: not found, and nothing changed.
    const denied = await call(t.app, 'PUT', url, {
      token: home.admin.token,
      query: { organisation: String(target.org.id) },
      body: { defaults: [{ ...rule, state: 'disabled' }] },
    });
    expect(denied.statusCode).toBe(404);
    const after = (await call(t.app, 'GET', url, { token: target.admin.token })).json();
    expect(after.defaults).toContainEqual(expect.objectContaining(rule));

    // The forced rule governs the target's people: their preference cannot turn it off.
    const refused = await call(t.app, 'PUT', '/api/notify/preferences/', {
      token: target.trainer.token,
      body: { preferences: [{ type: 'review_received', channel: 'email', frequency: 'off' }] },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('weekly digest', () => {
  it('a review (weekly e-mail by default) is mailed in the week’s digest, not at once nor daily', async () => {
    const org = await newOrg();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
      title: 'Weekly course',
    });
    const learner = await signedInLearner(t, org.org.id);
    await enrol(t.database.db, course.id, learner.user.id);
    const reviewed = await call(t.app, 'POST', '/api/courses/reviews/', {
      token: learner.token,
      body: { course: course.id, rating: 5 },
    });
    expect(reviewed.statusCode).toBe(201);
    await drain();
    const [row] = await rowsOf(org.trainer.user.id, 'review_received');
    expect(row).toMatchObject({ emailFrequency: 'weekly', emailedAt: null });
    const mailsTo = () =>
      t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, org.trainer.user.email));
    expect(await mailsTo()).toHaveLength(0);

    // A period ending just after now, for each frequency, run as its scheduled job would be.
    const periodEnd = new Date(Date.now() + 1000);
    for (const frequency of ['daily', 'weekly'] as const) {
      await t.database.db.insert(notificationDigestPeriods).values({ frequency, periodEnd });
      await t.database.db.insert(jobs).values({
        type: 'notifications.digest',
        payload: { frequency, periodEnd: periodEnd.toISOString() },
      });
      await drain();
      const mails = await mailsTo();
      expect(mails).toHaveLength(frequency === 'daily' ? 0 : 1);
    }
    const [mail] = await mailsTo();
    expect(mail!.subject).toContain('weekly summary: 1 notification');
    expect(mail!.text).toContain('Weekly course');
    const [sent] = await rowsOf(org.trainer.user.id, 'review_received');
    expect(sent!.emailedAt).not.toBeNull();
  });
});
