import { ROLE } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedIn } from '../../../test/auth.ts';
import {
  makeBooking,
  makeClassroomSession,
  makeSession,
} from '../../../test/factories/classrooms.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import { classroomBookings, classroomCompletions } from '../../schema/classrooms.table.ts';

/*
 * Bulk attendance through the API: who may mark, what each mark leaves on the booking, the
 * events (session.attended once per booking), all-or-nothing validation, and completion of a
 * class by the attendance rule.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
let b: Staff;
const db = () => t.database.db;
const drain = () => t.app.ctx.jobs.drain();
const URL_ = '/api/classrooms/attendance/';
const minutes = (m: number) => new Date(Date.now() + m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  a = await makeOrganisationWithStaff(db(), t.config);
  b = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t?.close());

/** A session of acme's that started `ago` minutes ago, with a trainer of its own and learners. */
async function startedSession(ago = 5, learners = 2, classOptions = {}) {
  const trainer = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.TRAINER });
  const made = await makeClassroomSession(db(), {
    organisationId: a.org.id,
    session: { startsAt: minutes(-ago), minutes: 60, trainerIds: [trainer.user.id] },
    classOptions,
  });
  const people = [];
  for (let i = 0; i < learners; i++) {
    const learner = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
    people.push({ learner, booking: await makeBooking(db(), made.session, learner.user.id) });
  }
  return { ...made, trainer, people };
}

async function bookingRow(id: number) {
  const [row] = await db().select().from(classroomBookings).where(eq(classroomBookings.id, id));
  return row!;
}

async function eventsNamed(name: string, userId: number) {
  return db()
    .select({ payload: eventOutbox.payload })
    .from(eventOutbox)
    .where(
      and(eq(eventOutbox.name, name), sql`(${eventOutbox.payload}->>'userId')::int = ${userId}`),
    );
}

describe('marking attendance', () => {
  it('the session’s trainer marks present, late, excused and absent in one request', async () => {
    const s = await startedSession(5, 4);
    const [p, l, e, x] = s.people;
    const res = await http.post(URL_, s.trainer.token, {
      session: s.session.id,
      marks: [
        { booking: p!.booking.id, mark: 'present' },
        { booking: l!.booking.id, mark: 'late' },
        { booking: e!.booking.id, mark: 'excused' },
        { booking: x!.booking.id, mark: 'absent' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const byBooking = new Map(
      res.json().results.map((r: { booking: number }) => [r.booking, r] as const),
    );
    expect(byBooking.get(p!.booking.id)).toMatchObject({
      status: 'attended',
      attendance: 'present',
      checkin_method: 'trainer',
      user: { id: p!.learner.user.id },
    });
    expect(byBooking.get(l!.booking.id)).toMatchObject({ status: 'partial', attendance: 'late' });
    expect(byBooking.get(e!.booking.id)).toMatchObject({
      status: 'no_show',
      attendance: 'excused',
      checked_in_at: null,
    });
    expect(byBooking.get(x!.booking.id)).toMatchObject({ status: 'no_show', attendance: 'absent' });

    // Only those who came are announced.
    expect(await eventsNamed('session.attended', p!.learner.user.id)).toEqual([
      { payload: expect.objectContaining({ sessionId: s.session.id, mark: 'present' }) },
    ]);
    expect(await eventsNamed('session.attended', l!.learner.user.id)).toHaveLength(1);
    expect(await eventsNamed('session.attended', e!.learner.user.id)).toHaveLength(0);
    expect(await eventsNamed('session.attended', x!.learner.user.id)).toHaveLength(0);
  });

  it('announces a booking once however often its mark is corrected', async () => {
    const s = await startedSession(5, 1);
    const [p] = s.people;
    const mark = (m: string) =>
      http.post(URL_, s.trainer.token, {
        session: s.session.id,
        marks: [{ booking: p!.booking.id, mark: m }],
      });
    for (const m of ['present', 'present', 'late', 'absent', 'present']) {
      expect((await mark(m)).statusCode).toBe(200);
    }
    expect(await eventsNamed('session.attended', p!.learner.user.id)).toHaveLength(1);
    // The corrections that changed whether they attended still reach the completion rule.
    expect(await eventsNamed('classroom.attendance_changed', p!.learner.user.id)).toHaveLength(0);
    const changed = await db()
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(
        and(
          eq(eventOutbox.name, 'classroom.attendance_changed'),
          sql`(${eventOutbox.payload}->>'sessionId')::int = ${s.session.id}`,
        ),
      );
    expect(changed).toHaveLength(2); // late → absent, absent → present
    expect(await bookingRow(p!.booking.id)).toMatchObject({
      status: 'attended',
      attendance: 'present',
    });
  });

  it('admins and superadmins may mark; other trainers and learners 403', async () => {
    const s = await startedSession(5, 1);
    const body = {
      session: s.session.id,
      marks: [{ booking: s.people[0]!.booking.id, mark: 'present' }],
    };
    expect((await http.post(URL_, a.admin.token, body)).statusCode).toBe(200);
    expect((await http.post(URL_, a.superadmin.token, body)).statusCode).toBe(200);
    const other = await http.post(URL_, a.trainer.token, body);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/trainers can do this/);
    expect((await http.post(URL_, a.learner.token, body)).statusCode).toBe(403);
    expect((await http.post(URL_, s.people[0]!.learner.token, body)).statusCode).toBe(403);
  });

  it("another organisation's session does not exist for its staff (404)", async () => {
    const s = await startedSession(5, 1);
    const body = {
      session: s.session.id,
      marks: [{ booking: s.people[0]!.booking.id, mark: 'absent' }],
    };
    for (const who of [b.admin, b.trainer]) {
      expect((await http.post(URL_, who.token, body)).statusCode).toBe(404);
    }
    expect((await bookingRow(s.people[0]!.booking.id)).status).toBe('booked');
  });

  it('refuses the whole list when one booking is not markable, naming it; nothing stored', async () => {
    const s = await startedSession(5, 1);
    const waiting = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
    const waitlisted = await makeBooking(db(), s.session, waiting.user.id, 'waitlisted');
    const res = await http.post(URL_, s.trainer.token, {
      session: s.session.id,
      marks: [
        { booking: s.people[0]!.booking.id, mark: 'present' },
        { booking: waitlisted.id, mark: 'present' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['marks.1.booking'][0]).toContain(`Booking ${waitlisted.id}`);
    expect(await bookingRow(s.people[0]!.booking.id)).toMatchObject({
      status: 'booked',
      attendance: null,
    });
    expect(await eventsNamed('session.attended', s.people[0]!.learner.user.id)).toHaveLength(0);
  });

  it("refuses another session's booking, a cancelled booking and a duplicate entry", async () => {
    const s = await startedSession(5, 1);
    const other = await startedSession(5, 1);
    const gone = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
    const cancelled = await makeBooking(db(), s.session, gone.user.id, 'cancelled');
    const mine = s.people[0]!.booking.id;
    for (const marks of [
      [{ booking: other.people[0]!.booking.id, mark: 'present' }],
      [{ booking: cancelled.id, mark: 'absent' }],
      [
        { booking: mine, mark: 'present' },
        { booking: mine, mark: 'absent' },
      ],
    ]) {
      const res = await http.post(URL_, s.trainer.token, { session: s.session.id, marks });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^marks\.\d\.booking$/);
    }
    expect((await bookingRow(mine)).status).toBe('booked');
  });

  it('is refused before the session starts (400) and for a cancelled session (409)', async () => {
    const s = await startedSession(-60, 1); // starts in an hour
    const body = {
      session: s.session.id,
      marks: [{ booking: s.people[0]!.booking.id, mark: 'present' }],
    };
    const early = await http.post(URL_, s.trainer.token, body);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.session[0]).toMatch(/once the session has started/);

    const trainer = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.TRAINER });
    const cancelled = await makeSession(db(), s.topic, {
      startsAt: minutes(-30),
      trainerIds: [trainer.user.id],
      status: 'cancelled',
    });
    const learner = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
    const booking = await makeBooking(db(), cancelled, learner.user.id);
    const res = await http.post(URL_, trainer.token, {
      session: cancelled.id,
      marks: [{ booking: booking.id, mark: 'present' }],
    });
    expect(res.statusCode).toBe(409);
  });

  it('rejects a mark it does not know, as a field error', async () => {
    const s = await startedSession(5, 1);
    const res = await http.post(URL_, s.trainer.token, {
      session: s.session.id,
      marks: [{ booking: s.people[0]!.booking.id, mark: 'asleep' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['marks.0.mark']).toBeDefined();
  });
});

describe('completing a class by attendance', () => {
  it('completes at 2 of 3 sessions with a 60% rule, once; cancelled sessions do not count', async () => {
    const s = await startedSession(300, 1, { completionPercent: 60 });
    const learner = s.people[0]!.learner;
    const trainer = s.trainer;
    // Two more sessions of the class, earlier on, with the same trainer (no overlap), and one
    // cancelled session that would otherwise make it 2 of 4.
    const more = [];
    for (const ago of [200, 100]) {
      const session = await makeSession(db(), s.topic, {
        startsAt: minutes(-ago),
        minutes: 60,
        trainerIds: [trainer.user.id],
      });
      more.push({ session, booking: await makeBooking(db(), session, learner.user.id) });
    }
    await makeSession(db(), s.topic, {
      startsAt: minutes(-50),
      trainerIds: [trainer.user.id],
      status: 'cancelled',
    });
    const mark = async (sessionId: number, bookingId: number, m: string) => {
      const res = await http.post(URL_, trainer.token, {
        session: sessionId,
        marks: [{ booking: bookingId, mark: m }],
      });
      expect(res.statusCode).toBe(200);
      await drain();
    };
    const completions = () =>
      db()
        .select()
        .from(classroomCompletions)
        .where(
          and(
            eq(classroomCompletions.classId, s.cls.id),
            eq(classroomCompletions.userId, learner.user.id),
          ),
        );

    await mark(s.session.id, s.people[0]!.booking.id, 'present');
    expect(await completions()).toHaveLength(0); // 1 of 3

    await mark(more[0]!.session.id, more[0]!.booking.id, 'late'); // late counts as attended
    expect(await completions()).toHaveLength(1); // 2 of 3 ≥ 60%
    const completed = await eventsNamed('classroom.completed', learner.user.id);
    expect(completed).toEqual([
      {
        payload: expect.objectContaining({
          classId: s.cls.id,
          classroomId: s.classroom.id,
          organisationId: a.org.id,
        }),
      },
    ]);

    // A third attendance, and a correction, announce nothing more.
    await mark(more[1]!.session.id, more[1]!.booking.id, 'present');
    await mark(more[1]!.session.id, more[1]!.booking.id, 'absent');
    await mark(more[1]!.session.id, more[1]!.booking.id, 'present');
    expect(await completions()).toHaveLength(1);
    expect(await eventsNamed('classroom.completed', learner.user.id)).toHaveLength(1);
  });

  it('counts a corrected mark: attended → absent elsewhere → back, reaching the rule', async () => {
    const s = await startedSession(300, 1, { completionPercent: 100 });
    const learner = s.people[0]!.learner;
    const second = await makeSession(db(), s.topic, {
      startsAt: minutes(-100),
      trainerIds: [s.trainer.user.id],
    });
    const b2 = await makeBooking(db(), second, learner.user.id);
    const mark = async (sessionId: number, bookingId: number, m: string) => {
      expect(
        (
          await http.post(URL_, s.trainer.token, {
            session: sessionId,
            marks: [{ booking: bookingId, mark: m }],
          })
        ).statusCode,
      ).toBe(200);
      await drain();
    };
    await mark(s.session.id, s.people[0]!.booking.id, 'present');
    await mark(s.session.id, s.people[0]!.booking.id, 'absent');
    await mark(second.id, b2.id, 'present'); // 1 of 2
    const none = await eventsNamed('classroom.completed', learner.user.id);
    expect(none).toHaveLength(0);
    // No new session.attended for the first session (announced already), yet the rule counts.
    await mark(s.session.id, s.people[0]!.booking.id, 'present');
    expect(await eventsNamed('classroom.completed', learner.user.id)).toHaveLength(1);
  });
});
