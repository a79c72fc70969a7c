import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import {
  makeBooking,
  makeClassroomSession,
  makeCourse,
  makeEnrolment,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import {
  classroomBookings,
  classroomRequisiteDone,
  classroomRequisites,
  classrooms,
} from '../../schema/classrooms.table.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;
const drain = () => t.app.ctx.jobs.drain();

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const ATTENDEE = '/api/classroom/attendee/';
const book = (who: SignedIn, body: Record<string, unknown>) =>
  api(t).post(ATTENDEE, who.token, body);
const session = (options: Parameters<typeof makeClassroomSession>[1] = {}) =>
  makeClassroomSession(t.database.db, { organisationId: acme.org.id, ...options });
const learners = (n: number) =>
  Promise.all(Array.from({ length: n }, () => signedInLearner(t, acme.org.id)));

describe('booking a seat (attendee/ POST)', () => {
  it('a learner books a free seat, and sees it in their sessions', async () => {
    const { session: s } = await session();
    const [ada] = await learners(1);
    const res = await book(ada!, { session: s.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      session: s.id,
      user: ada!.user.id,
      status: 'booked',
      waitlist_position: null,
    });
    const mine = await call(t.app, 'GET', '/api/classroom/event/', {
      token: ada!.token,
      query: { upcoming: 'true' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results).toEqual([
      expect.objectContaining({
        status: 'booked',
        session: expect.objectContaining({ id: s.id, title: s.title, time_zone: 'UTC' }),
      }),
    ]);
    const past = await call(t.app, 'GET', '/api/classroom/event/', {
      token: ada!.token,
      query: { upcoming: 'false' },
    });
    expect(past.json().count).toBe(0);
  });

  it('a full session puts the next learners on its waitlist, in order', async () => {
    const { session: s } = await session({ session: { capacity: 1 } });
    const [a, b, c] = await learners(3);
    expect((await book(a!, { session: s.id })).json().status).toBe('booked');
    expect((await book(b!, { session: s.id })).json()).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
    });
    expect((await book(c!, { session: s.id })).json()).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 2,
    });
    const list = (
      await call(t.app, 'GET', ATTENDEE, {
        token: acme.admin.token,
        query: { session: String(s.id) },
      })
    ).json();
    expect(list.results.map((r: { user: { id: number } }) => r.user.id)).toEqual([
      a!.user.id,
      b!.user.id,
      c!.user.id,
    ]);
    expect(
      list.results.map((r: { waitlist_position: number | null }) => r.waitlist_position),
    ).toEqual([null, 1, 2]);
    const mine = (await api(t).get('/api/classroom/event/', c!.token)).json();
    expect(mine.results[0]).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
  });

  it('the waitlist closes the class’s hours before the start: 409', async () => {
    const { session: s } = await session({
      session: { capacity: 1, startsAt: new Date(Date.now() + 3600_000) },
      classOptions: { waitlistClosesHours: 2 },
    });
    const [a, b] = await learners(2);
    expect((await book(a!, { session: s.id })).json().status).toBe('booked');
    const res = await book(b!, { session: s.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The waitlist for this session is closed.');
  });

  it('a second booking, a started or cancelled session: 409; nothing stored', async () => {
    const { session: s } = await session();
    const [a] = await learners(1);
    await book(a!, { session: s.id });
    expect((await book(a!, { session: s.id })).statusCode).toBe(409);
    const started = await session({ session: { startsAt: new Date(Date.now() - 60_000) } });
    const res = await book(a!, { session: started.session.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/started/);
    const cancelled = await session({ session: { status: 'cancelled' } });
    expect((await book(a!, { session: cancelled.session.id })).statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.userId, a!.user.id));
    expect(rows).toHaveLength(1);
  });

  it('bad input names the field (400); another organisation’s session is 404', async () => {
    const [a] = await learners(1);
    const bad = await book(a!, { session: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('session');
    const extra = await book(a!, { session: 1, seats: 2 });
    expect(extra.statusCode).toBe(400);
    const theirs = await makeClassroomSession(t.database.db, { organisationId: other.org.id });
    const res = await book(a!, { session: theirs.session.id });
    expect(res.statusCode).toBe(404);
    expect((await book(a!, { session: 2_000_000_000 })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', ATTENDEE, { body: { session: 1 } })).statusCode).toBe(401);
  });

  it('a draft classroom’s session does not exist for a learner (404)', async () => {
    const { session: s, classroom } = await session();
    await t.database.db
      .update(classrooms)
      .set({ status: 'draft' })
      .where(eq(classrooms.id, classroom.id));
    const [a] = await learners(1);
    expect((await book(a!, { session: s.id })).statusCode).toBe(404);
  });

  it('a required pre-requisite not done blocks self-booking (409 naming it), done it books', async () => {
    const { session: s, topic } = await session();
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      title: 'Hygiene',
    });
    const [file] = await t.database.db
      .insert(classroomRequisites)
      .values([
        {
          organisationId: acme.org.id,
          topicId: topic.id,
          kind: 'pre',
          title: 'Read the safety sheet',
          fileKey: 'requisites/sheet.pdf',
          fileName: 'sheet.pdf',
          required: true,
        },
        {
          organisationId: acme.org.id,
          sessionId: s.id,
          kind: 'pre',
          title: 'Hygiene course',
          courseId: course.id,
          required: true,
        },
        // Optional ones and post-requisites never block.
        {
          organisationId: acme.org.id,
          sessionId: s.id,
          kind: 'pre',
          title: 'Optional reading',
          fileKey: 'requisites/opt.pdf',
          required: false,
        },
      ])
      .returning();
    const [a] = await learners(1);
    const res = await book(a!, { session: s.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Read the safety sheet');
    expect(res.json().message).toContain('Hygiene course');
    expect(res.json().message).not.toContain('Optional');
    await t.database.db
      .insert(classroomRequisiteDone)
      .values({ requisiteId: file!.id, userId: a!.user.id });
    await makeEnrolment(t.database.db, { course, userId: a!.user.id, status: 'completed' });
    expect((await book(a!, { session: s.id })).statusCode).toBe(201);
  });

  it('a manager books a named learner directly; others may not (403), a non-learner is 400', async () => {
    const { session: s } = await session({ classOptions: { bookingMode: 'request' } });
    const [a] = await learners(1);
    const byAdmin = await book(acme.admin, { session: s.id, user: a!.user.id });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ status: 'booked', approval_request: null });
    // The trainer who did not create the classroom, and a learner for someone else.
    const [b] = await learners(1);
    expect((await book(acme.trainer, { session: s.id, user: b!.user.id })).statusCode).toBe(403);
    expect((await book(a!, { session: s.id, user: b!.user.id })).statusCode).toBe(403);
    const notLearner = await book(acme.admin, { session: s.id, user: acme.trainer.user.id });
    expect(notLearner.statusCode).toBe(400);
    expect(notLearner.json().errors).toHaveProperty('user');
    const foreign = await book(acme.admin, { session: s.id, user: other.learner.user.id });
    expect(foreign.statusCode).toBe(400);
    // Staff do not book themselves.
    expect((await book(acme.admin, { session: s.id })).statusCode).toBe(403);
    // Another organisation's admin does not see it.
    expect((await book(other.admin, { session: s.id, user: b!.user.id })).statusCode).toBe(404);
  });

  it('by request: the booking waits for the approval flow; approved it is booked', async () => {
    const { session: s } = await session({ classOptions: { bookingMode: 'request' } });
    const [a, b] = await learners(2);
    const res = await book(a!, { session: s.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'requested' });
    const requestId = res.json().approval_request as number;
    expect(requestId).toBeGreaterThan(0);
    const [req] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(req).toMatchObject({
      kind: 'classroom_booking',
      subjectId: res.json().id,
      status: 'pending',
    });
    const decided = await call(t.app, 'PATCH', `/api/approvalflow/approve-reject/${requestId}/`, {
      token: acme.admin.token,
      body: { status: 1 },
    });
    expect(decided.statusCode).toBe(200);
    const mine = (await api(t).get('/api/classroom/event/', a!.token)).json();
    expect(mine.results[0]).toMatchObject({ id: res.json().id, status: 'booked' });

    // Rejected: the booking is cancelled, and the learner may ask again.
    const second = (await book(b!, { session: s.id })).json();
    const rejected = await call(
      t.app,
      'PATCH',
      `/api/approvalflow/approve-reject/${second.approval_request}/`,
      { token: acme.admin.token, body: { status: 2, comment: 'Not this time.' } },
    );
    expect(rejected.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, second.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'manager' });
    expect((await book(b!, { session: s.id })).json().status).toBe('requested');
    await drain();
  });
});

describe('cancelling (attendee/{id}/ DELETE)', () => {
  it('the learner cancels their own; another learner is 403, another organisation 404', async () => {
    const { session: s } = await session();
    const [a, b] = await learners(2);
    const booking = (await book(a!, { session: s.id })).json();
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, b!.token)).statusCode).toBe(403);
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, other.admin.token)).statusCode).toBe(404);
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, other.learner.token)).statusCode).toBe(
      404,
    );
    expect((await api(t).del(`${ATTENDEE}999999999/`, a!.token)).statusCode).toBe(404);
    const res = await api(t).del(`${ATTENDEE}${booking.id}/`, a!.token);
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'learner' });
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, a!.token)).statusCode).toBe(409);
    // Cancelled, they may book again.
    expect((await book(a!, { session: s.id })).statusCode).toBe(201);
  });

  it('a manager removes a learner’s booking (cancelled by manager)', async () => {
    const { session: s } = await session();
    const [a] = await learners(1);
    const booking = await makeBooking(t.database.db, s, a!.user.id, 'booked');
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, acme.trainer.token)).statusCode).toBe(
      403,
    );
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, acme.admin.token)).statusCode).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'manager' });
  });

  it('withdrawing a request closes its approval request', async () => {
    const { session: s } = await session({ classOptions: { bookingMode: 'request' } });
    const [a] = await learners(1);
    const booking = (await book(a!, { session: s.id })).json();
    expect((await api(t).del(`${ATTENDEE}${booking.id}/`, a!.token)).statusCode).toBe(204);
    const [req] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, booking.approval_request));
    expect(req?.status).toBe('withdrawn');
  });
});

describe('the attendee list (attendee/ GET)', () => {
  it('managers and the session’s trainers see it; learners 403; another organisation 404', async () => {
    const { session: s } = await session({ session: { trainerIds: [acme.trainer.user.id] } });
    const [a] = await learners(1);
    await book(a!, { session: s.id });
    const q = { session: String(s.id) };
    const byTrainer = await call(t.app, 'GET', ATTENDEE, { token: acme.trainer.token, query: q });
    expect(byTrainer.statusCode).toBe(200);
    expect(byTrainer.json().results[0]).toMatchObject({
      user: { id: a!.user.id, email: a!.user.email },
      status: 'booked',
      attendance: null,
    });
    expect((await call(t.app, 'GET', ATTENDEE, { token: a!.token, query: q })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'GET', ATTENDEE, { token: other.admin.token, query: q })).statusCode,
    ).toBe(404);
    const search = await call(t.app, 'GET', ATTENDEE, {
      token: acme.admin.token,
      query: { ...q, search: 'nobody-by-this-name', status: 'booked' },
    });
    expect(search.json().count).toBe(0);
    const missing = await call(t.app, 'GET', ATTENDEE, { token: acme.admin.token, query: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('session');
  });

  it('a trainer of another session of the organisation is 403', async () => {
    const { session: s } = await session();
    const res = await call(t.app, 'GET', ATTENDEE, {
      token: acme.trainer.token,
      query: { session: String(s.id) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('racing for the last seat (PostgreSQL)', () => {
  it('two learners book the last seat at once: exactly one is booked, the other waitlisted', async () => {
    for (let round = 0; round < 5; round++) {
      const { session: s } = await session({ session: { capacity: 1 } });
      const [a, b] = await learners(2);
      const answers = await Promise.all([book(a!, { session: s.id }), book(b!, { session: s.id })]);
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(answers.map((r) => r.json().status).sort()).toEqual(['booked', 'waitlisted']);
      const rows = await t.database.db
        .select()
        .from(classroomBookings)
        .where(eq(classroomBookings.sessionId, s.id));
      expect(rows.filter((r) => r.status === 'booked')).toHaveLength(1);
    }
  });
});
