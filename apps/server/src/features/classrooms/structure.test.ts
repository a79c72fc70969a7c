import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  makeBooking,
  makeClass,
  makeClassroom,
  makeRoom,
  makeSession,
  makeTopic,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import {
  classroomBookings,
  classroomOccupancy,
  classrooms,
} from '../../schema/classrooms.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
/** A date some days ahead, YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function topicOf(owner: SignedIn = acme.trainer) {
  const classroom = await makeClassroom(db(), {
    organisationId: acme.org.id,
    createdBy: owner.user.id,
  });
  const cls = await makeClass(db(), { classroomId: classroom.id, organisationId: acme.org.id });
  const topic = await makeTopic(db(), cls);
  return { classroom, cls, topic };
}

const row = (over: Record<string, unknown> = {}) => ({
  title: 'Kick-off',
  date: day(10),
  start_time: '09:00',
  end_time: '10:30',
  time_zone: 'Europe/London',
  trainers: [acme.trainer.user.id],
  online: true,
  capacity: 12,
  ...over,
});

describe('classrooms, classes and topics', () => {
  it('a trainer builds a draft classroom with a class and a topic; learners do not see it yet', async () => {
    const res = await a.post('/api/classroom/', acme.trainer.token, {
      title: 'Leadership programme',
      description: 'Six weeks',
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      title: 'Leadership programme',
      status: 'draft',
      class_count: 0,
      created_by: { id: acme.trainer.user.id },
      abilities: { edit: true, delete: true, publish: true },
    });
    const k = await a.post('/api/classrooms/classes/', acme.trainer.token, {
      classroom: c.id,
      name: 'Cohort A',
      booking_mode: 'request',
      completion_percent: 75,
      survey_questions: ['What will you use first?'],
    });
    expect(k.statusCode).toBe(201);
    expect(k.json()).toMatchObject({ name: 'Cohort A', booking_mode: 'request', topic_count: 0 });
    const topic = await a.post('/api/classrooms/topics/', acme.trainer.token, {
      class: k.json().id,
      title: 'Feedback',
    });
    expect(topic.json()).toMatchObject({ title: 'Feedback', position: 0, session_count: 0 });
    const second = await a.post('/api/classrooms/topics/', acme.trainer.token, {
      class: k.json().id,
      title: 'Coaching',
    });
    expect(second.json().position).toBe(1);
    // Spec §7: topics?classroom_id= names the class.
    const topics = await a.get(
      `/api/classrooms/topics/?classroom_id=${k.json().id}`,
      acme.admin.token,
    );
    expect(topics.json().map((x: { title: string }) => x.title)).toEqual(['Feedback', 'Coaching']);

    expect((await a.get(`/api/classroom/${c.id}/`, acme.learner.token)).statusCode).toBe(404);
    const list = await a.get('/api/classroom/', acme.learner.token);
    expect(list.json().results.map((x: { id: number }) => x.id)).not.toContain(c.id);
    // Another trainer sees it (may be asked to train) but cannot change it.
    expect((await a.get(`/api/classroom/${c.id}/`, trainer2.token)).json().abilities.edit).toBe(
      false,
    );
    expect(
      (await a.patch(`/api/classroom/${c.id}/`, trainer2.token, { title: 'Mine now' })).statusCode,
    ).toBe(403);
  });

  it('learners may not create; another organisation’s classroom is 404 for everything', async () => {
    expect((await a.post('/api/classroom/', acme.learner.token, { title: 'X' })).statusCode).toBe(
      403,
    );
    const { classroom, cls, topic } = await topicOf();
    for (const [method, url, body] of [
      ['GET', `/api/classroom/${classroom.id}/`, undefined],
      ['PATCH', `/api/classroom/${classroom.id}/`, { title: 'Hijack' }],
      ['DELETE', `/api/classroom/${classroom.id}/`, undefined],
      ['GET', `/api/classrooms/class-update-delete/${cls.id}/`, undefined],
      ['PATCH', `/api/classrooms/topic-update-delete/${topic.id}/`, { title: 'Hijack' }],
      ['POST', '/api/classrooms/sessions/', { topic: topic.id, sessions: [row()] }],
      ['POST', '/api/classrooms/publish-classroom/', { classroom: classroom.id }],
    ] as const) {
      const res = await call(t.app, method, url, { token: globex.admin.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('bad input is a 400 naming the field', async () => {
    const res = await a.post('/api/classroom/', acme.trainer.token, { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.title).toBeDefined();
    const { classroom } = await topicOf();
    const k = await a.post('/api/classrooms/classes/', acme.trainer.token, {
      classroom: classroom.id,
      name: 'B',
      completion_percent: 0,
    });
    expect(k.statusCode).toBe(400);
    expect(k.json().errors.completion_percent).toBeDefined();
  });
});

describe('sessions', () => {
  it('creates two sessions in one form, in their time zone, with trainers and a room', async () => {
    const { topic, cls } = await topicOf();
    const room = await makeRoom(db(), acme.org.id, 30);
    const res = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
      topic: topic.id,
      sessions: [
        row({ date: '2031-07-01', room: room.id, online: false }),
        row({ title: 'Follow-up', date: '2031-07-08', start_time: '14:00:00', end_time: '15:00' }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const [first, second] = res.json();
    // London in summer is UTC+1.
    expect(first).toMatchObject({
      date: '2031-07-01',
      start_time: '09:00',
      time_zone: 'Europe/London',
      starts_at: '2031-07-01T08:00:00.000Z',
      ends_at: '2031-07-01T09:30:00.000Z',
      room: { id: room.id },
      online: false,
      trainers: [{ id: acme.trainer.user.id }],
      status: 'scheduled',
      booked_count: 0,
      abilities: { edit: true, cancel: true, attendance: true, book: false },
    });
    expect(second).toMatchObject({ title: 'Follow-up', online: true, room: null });
    const detail = await a.get(
      `/api/classrooms/class-update-delete/${cls.id}/`,
      acme.learner.token,
    );
    expect(detail.json().topics[0].sessions).toHaveLength(2);
    expect(detail.json().topics[0].sessions[0].abilities.book).toBe(true);
  });

  it('refuses bad times and sessions overlapping in one form, storing nothing', async () => {
    const { topic } = await topicOf();
    const cases: [Record<string, unknown>, string][] = [
      [row({ start_time: '9:00' }), 'sessions.0.start_time'],
      [row({ start_time: '24:00' }), 'sessions.0.start_time'],
      [row({ end_time: '08:00' }), 'sessions.0.end_time'],
      [row({ time_zone: 'Mars/Olympus' }), 'sessions.0.time_zone'],
      [row({ online: false }), 'sessions.0.room'],
      [row({ date: '2020-01-01' }), 'sessions.0.date'],
      [row({ minimum_size: 20 }), 'sessions.0.minimum_size'],
      [row({ trainers: [globex.trainer.user.id] }), 'sessions.0.trainers'],
      [row({ trainers: [acme.learner.user.id] }), 'sessions.0.trainers'],
    ];
    for (const [session, field] of cases) {
      const res = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
        topic: topic.id,
        sessions: [session],
      });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    const overlap = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
      topic: topic.id,
      sessions: [
        row({ start_time: '09:00', end_time: '10:00' }),
        row({ start_time: '09:59', end_time: '11:00', trainers: [trainer2.user.id] }),
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors['sessions.1.start_time'][0]).toMatch(/overlaps session 1/);
    const sessions = await a.get(
      `/api/classrooms/sessions/?topic_id=${topic.id}`,
      acme.admin.token,
    );
    expect(sessions.json()).toEqual([]);
  });

  it('a trainer or a room cannot be double-booked; back to back is fine', async () => {
    const { topic } = await topicOf();
    const room = await makeRoom(db(), acme.org.id);
    const date = day(20);
    const made = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
      topic: topic.id,
      sessions: [row({ date, room: room.id, trainers: [trainer2.user.id] })],
    });
    expect(made.statusCode).toBe(201);
    const clashTrainer = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
      topic: topic.id,
      sessions: [
        row({ date, start_time: '10:00', end_time: '11:00', trainers: [trainer2.user.id] }),
      ],
    });
    expect(clashTrainer.statusCode).toBe(409);
    expect(clashTrainer.json().errors['sessions.0.trainers'][0]).toMatch(
      /already trains “Kick-off”/,
    );
    const clashRoom = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
      topic: topic.id,
      sessions: [row({ date, start_time: '08:00', end_time: '09:01', room: room.id })],
    });
    expect(clashRoom.statusCode).toBe(409);
    expect(clashRoom.json().errors['sessions.0.room'][0]).toMatch(/room is already booked/);
    const backToBack = await a.post('/api/classrooms/sessions/', acme.trainer.token, {
      topic: topic.id,
      sessions: [
        row({
          date,
          start_time: '10:30',
          end_time: '11:30',
          room: room.id,
          trainers: [trainer2.user.id],
        }),
      ],
    });
    expect(backToBack.statusCode).toBe(201);

    // check-session shows the trainer's day and which session the asked range overlaps.
    const check = await a.get(
      `/api/classrooms/check-session/?trainer_id=${trainer2.user.id}&date=${date}&start_time=10:00&end_time=10:45&time_zone=Europe/London`,
      acme.trainer.token,
    );
    expect(check.statusCode).toBe(200);
    expect(check.json().conflict).toBe(true);
    expect(check.json().sessions.map((s: { overlaps: boolean }) => s.overlaps)).toEqual([
      true,
      true,
    ]);
    const free = await a.get(
      `/api/classrooms/check-session/?trainer_id=${trainer2.user.id}&date=${date}&start_time=12:00&end_time=13:00&time_zone=Europe/London`,
      acme.trainer.token,
    );
    expect(free.json()).toMatchObject({ conflict: false });
    expect(free.json().sessions).toHaveLength(2);
    expect(
      (await a.get(`/api/classrooms/check-session/?date=${date}`, acme.trainer.token)).statusCode,
    ).toBe(400);
    expect(
      (await a.get(`/api/classrooms/check-session/?trainer_id=1&date=${date}`, acme.learner.token))
        .statusCode,
    ).toBe(403);
  });

  it('edits: capacity not below booked seats; a move raises the sequence; cancel frees the trainer', async () => {
    const { topic } = await topicOf();
    const session = await makeSession(db(), topic, {
      trainerIds: [acme.trainer.user.id],
      startsAt: new Date(Date.now() + 30 * 86_400_000),
      capacity: 5,
      online: true,
    });
    for (let i = 0; i < 3; i++) {
      const learner = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.LEARNER });
      await makeBooking(db(), session, learner.user.id, 'booked');
    }
    const low = await a.patch(
      `/api/classrooms/session-update-delete/${session.id}/`,
      acme.trainer.token,
      {
        capacity: 2,
      },
    );
    expect(low.statusCode).toBe(400);
    expect(low.json().errors.capacity[0]).toMatch(/3 seats are booked/);
    const moved = await a.patch(
      `/api/classrooms/session-update-delete/${session.id}/`,
      acme.trainer.token,
      { start_time: '07:00', end_time: '08:00', time_zone: 'UTC', date: day(31) },
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ start_time: '07:00', booked_count: 3 });
    const learnerPatch = await a.patch(
      `/api/classrooms/session-update-delete/${session.id}/`,
      acme.learner.token,
      { capacity: 9 },
    );
    expect(learnerPatch.statusCode).toBe(403);

    const cancelled = await a.del(
      `/api/classrooms/session-update-delete/${session.id}/`,
      acme.trainer.token,
    );
    expect(cancelled.statusCode).toBe(204);
    const after = await a.get(
      `/api/classrooms/session-update-delete/${session.id}/`,
      acme.admin.token,
    );
    expect(after.json()).toMatchObject({ status: 'cancelled', booked_count: 0 });
    const bookings = await db()
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.sessionId, session.id));
    expect(bookings.every((b) => b.status === 'cancelled' && b.cancelledBy === 'session')).toBe(
      true,
    );
    expect(
      await db()
        .select()
        .from(classroomOccupancy)
        .where(eq(classroomOccupancy.sessionId, session.id)),
    ).toEqual([]);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'classroom.session_cancelled'));
    expect(audit.some((e) => (e.details as { session: number }).session === session.id)).toBe(true);
  });

  it('deleting what has live bookings is refused; without them it goes', async () => {
    const { classroom, cls, topic } = await topicOf();
    const session = await makeSession(db(), topic, {
      trainerIds: [acme.trainer.user.id],
      online: true,
    });
    await makeBooking(db(), session, acme.learner.user.id, 'booked');
    for (const url of [
      `/api/classroom/${classroom.id}/`,
      `/api/classrooms/class-update-delete/${cls.id}/`,
      `/api/classrooms/topic-update-delete/${topic.id}/`,
    ]) {
      expect((await a.del(url, acme.trainer.token)).statusCode, url).toBe(409);
    }
    await a.del(`/api/classrooms/session-update-delete/${session.id}/`, acme.trainer.token);
    expect((await a.del(`/api/classroom/${classroom.id}/`, acme.trainer.token)).statusCode).toBe(
      204,
    );
    expect((await a.get(`/api/classroom/${classroom.id}/`, acme.admin.token)).statusCode).toBe(404);
  });
});

describe('publication', () => {
  it('a trainer submits for approval; approver mode lists it; an admin approves it', async () => {
    const { classroom, cls } = await topicOf();
    await db()
      .update(classrooms)
      .set({ status: 'draft', publishedAt: null })
      .where(eq(classrooms.id, classroom.id));
    const res = await a.post('/api/classrooms/publish-classroom/', acme.trainer.token, {
      classroom: classroom.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending' });
    const requestId = res.json().approval_request;
    expect(requestId).toEqual(expect.any(Number));
    const again = await a.post('/api/classrooms/publish-classroom/', acme.trainer.token, {
      classroom: classroom.id,
    });
    expect(again.statusCode).toBe(409);

    const approver = await a.get('/api/classroom/?is_approver=true', acme.admin.token);
    expect(approver.json().results.map((c: { id: number }) => c.id)).toContain(classroom.id);
    const classes = await a.get('/api/classrooms/classes/?is_approver=true', acme.admin.token);
    expect(classes.json().results.map((c: { id: number }) => c.id)).toContain(cls.id);
    expect(
      (await a.get('/api/classroom/?is_approver=true', acme.trainer.token)).json().results,
    ).toEqual([]);

    const decided = await a.patch(
      `/api/approvalflow/approve-reject/${requestId}/`,
      acme.admin.token,
      {
        status: 1,
      },
    );
    expect(decided.statusCode).toBe(200);
    const after = await a.get(`/api/classroom/${classroom.id}/`, acme.learner.token);
    expect(after.json()).toMatchObject({ status: 'published', approval_request: null });
    const [request] = await db()
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(request!.status).toBe('approved');
  });

  it('an admin publishes at once and may withdraw', async () => {
    const res = await a.post('/api/classroom/', acme.admin.token, { title: 'Safety' });
    const pub = await a.post('/api/classrooms/publish-classroom/', acme.admin.token, {
      classroom: res.json().id,
    });
    expect(pub.json()).toMatchObject({ status: 'published', abilities: { publish: false } });
    const back = await a.post('/api/classrooms/publish-classroom/', acme.admin.token, {
      classroom: res.json().id,
      action: 'withdraw',
    });
    expect(back.json().status).toBe('draft');
  });
});

describe('rooms and pickers', () => {
  it('admins keep rooms; names are unique per organisation; a used room stays', async () => {
    const made = await a.post('/api/classrooms/room/', acme.admin.token, {
      name: 'Boardroom',
      location: 'Floor 3',
      capacity: 14,
    });
    expect(made.statusCode).toBe(201);
    expect(
      (await a.post('/api/classrooms/room/', acme.admin.token, { name: 'boardroom', capacity: 3 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await a.post('/api/classrooms/room/', acme.trainer.token, { name: 'Mine', capacity: 3 }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await a.post('/api/classrooms/room/', globex.admin.token, {
          name: 'Boardroom',
          capacity: 3,
        })
      ).statusCode,
    ).toBe(201);
    const list = await a.get('/api/classrooms/room/?search=board', acme.trainer.token);
    expect(list.json().results.map((r: { name: string }) => r.name)).toEqual(['Boardroom']);
    expect(
      (
        await a.patch(`/api/classrooms/room-update-delete/${made.json().id}/`, globex.admin.token, {
          capacity: 2,
        })
      ).statusCode,
    ).toBe(404);

    const { topic } = await topicOf();
    await makeSession(db(), topic, {
      roomId: made.json().id,
      capacity: 10,
      trainerIds: [trainer2.user.id],
    });
    const shrink = await a.patch(
      `/api/classrooms/room-update-delete/${made.json().id}/`,
      acme.admin.token,
      {
        capacity: 5,
      },
    );
    expect(shrink.statusCode).toBe(409);
    expect(
      (await a.del(`/api/classrooms/room-update-delete/${made.json().id}/`, acme.admin.token))
        .statusCode,
    ).toBe(409);
  });

  it('trainers, learners and organisations to pick from', async () => {
    const trainers = await a.get('/api/classrooms/list-trainer/?page_size=100', acme.trainer.token);
    const ids = trainers.json().results.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([acme.trainer.user.id, acme.admin.user.id]));
    expect(ids).not.toContain(acme.learner.user.id);
    expect(ids).not.toContain(globex.trainer.user.id);
    const learners = await a.get(
      '/api/classrooms/list-learner-university/?page_size=100',
      acme.admin.token,
    );
    expect(learners.json().results.map((p: { id: number }) => p.id)).toContain(
      acme.learner.user.id,
    );
    expect((await a.get('/api/classrooms/list-org/', acme.admin.token)).json()).toEqual([
      { id: acme.org.id, name: acme.org.title },
    ]);
    const all = await a.get('/api/classrooms/list-org/', acme.superadmin.token);
    expect(all.json().length).toBeGreaterThanOrEqual(2);
    expect((await a.get('/api/classrooms/list-trainer/', acme.learner.token)).statusCode).toBe(403);
  });
});
