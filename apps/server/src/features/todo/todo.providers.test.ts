import type { TTodoPage } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  makeBooking,
  makeClassroomSession,
  makeLearningPath,
  makePathEnrolment,
} from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { classroomSurveyResponses } from '../../schema/classrooms.table.ts';

/** The learning-path and classroom providers, through the to-do list's API. */

const DAY = 86_400_000;
let t: TestApp;
let acme: Staff;

async function todo(token: string) {
  const res = await call(t.app, 'GET', '/api/todo/', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TTodoPage;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
}, 120_000);
afterAll(() => t?.close());

describe('to-do providers', () => {
  it('lists the learning paths not completed, in published paths only', async () => {
    const db = t.database.db;
    const who = await signedInLearner(t, acme.org.id);
    const path = await makeLearningPath(db, { organisationId: acme.org.id, title: 'Safety path' });
    const done = await makeLearningPath(db, { organisationId: acme.org.id, title: 'Done path' });
    const draft = await makeLearningPath(db, {
      organisationId: acme.org.id,
      title: 'Draft path',
      status: 'draft',
    });
    const due = new Date(Date.now() + 3 * DAY);
    await makePathEnrolment(db, path, { userId: who.user.id, dueAt: due });
    await makePathEnrolment(db, done, { userId: who.user.id, status: 'completed' });
    await makePathEnrolment(db, draft, { userId: who.user.id });
    expect((await todo(who.token)).results).toEqual([
      {
        id: `learning-path:${path.id}`,
        kind: 'learning_path',
        title: 'Safety path',
        detail: 'Learning path',
        href: `/learning-path/learner/learning-path/${path.id}`,
        due_at: due.toISOString(),
        overdue: false,
        priority: 'medium',
      },
    ]);
  });

  it('lists booked classroom sessions coming up, and surveys of sessions attended', async () => {
    const db = t.database.db;
    const who = await signedInLearner(t, acme.org.id);
    const soonAt = new Date(Date.now() + 3 * DAY);
    const soon = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { startsAt: soonAt, title: 'First aid' },
    });
    // Going on now: due by its end, not overdue.
    const nowOn = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { startsAt: new Date(Date.now() - 30 * 60_000), minutes: 120, title: 'Live' },
    });
    // Too far ahead, only waitlisted, cancelled: not (yet) something to do.
    const later = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { startsAt: new Date(Date.now() + 40 * DAY), title: 'Later' },
    });
    const waiting = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { title: 'Waitlisted' },
    });
    const cancelled = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { title: 'Cancelled', status: 'cancelled' },
    });
    const past = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { startsAt: new Date(Date.now() - 2 * DAY), title: 'CPR' },
    });
    const answered = await makeClassroomSession(db, {
      organisationId: acme.org.id,
      session: { startsAt: new Date(Date.now() - 3 * DAY), title: 'Answered' },
    });
    await makeBooking(db, soon.session, who.user.id);
    await makeBooking(db, nowOn.session, who.user.id);
    await makeBooking(db, later.session, who.user.id);
    await makeBooking(db, waiting.session, who.user.id, 'waitlisted');
    await makeBooking(db, cancelled.session, who.user.id);
    await makeBooking(db, past.session, who.user.id, 'attended');
    await makeBooking(db, answered.session, who.user.id, 'attended');
    await db.insert(classroomSurveyResponses).values({
      sessionId: answered.session.id,
      userId: who.user.id,
      rating: 5,
      answers: [],
    });
    const page = await todo(who.token);
    expect(page.results).toEqual([
      expect.objectContaining({
        id: `classroom-session:${nowOn.session.id}`,
        due_at: nowOn.session.endsAt.toISOString(),
        overdue: false,
        priority: 'high',
      }),
      {
        id: `classroom-session:${soon.session.id}`,
        kind: 'classroom_session',
        title: 'First aid',
        detail: `${soon.classroom.title} · attend`,
        href: `/classroom/classes?session=${soon.session.id}`,
        due_at: soonAt.toISOString(),
        overdue: false,
        priority: 'medium',
      },
      {
        id: `classroom-survey:${past.session.id}`,
        kind: 'classroom_survey',
        title: 'Survey: CPR',
        detail: past.classroom.title,
        href: `/classroom/classes?session=${past.session.id}`,
        due_at: null,
        overdue: false,
        priority: 'low',
      },
    ]);
    // Another learner of the organisation has none of these.
    expect((await todo(acme.learner.token)).by_kind.classroom_session).toBeUndefined();
  });
});
