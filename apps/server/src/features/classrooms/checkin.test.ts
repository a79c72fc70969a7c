import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedIn } from '../../../test/auth.ts';
import { makeBooking, makeClassroomSession } from '../../../test/factories/classrooms.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';
import { CHECKIN_ATTEMPTS_PER_MINUTE } from './attendance.routes.ts';
import { currentCode, hotp, periodOf } from './checkin.code.ts';
import { ALREADY_CHECKED_IN, CODE_INVALID } from './checkin.service.ts';

/*
 * Self check-in through the API: the trainer's code screen, the learner's check-in, and the
 * code's rotation and expiry under a controlled clock (only Date is faked: the database and
 * the request machinery keep their real timers).
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
let b: Staff;
const db = () => t.database.db;
const CODE_URL = '/api/classrooms/check-in-code/';
const CHECKIN_URL = '/api/classrooms/check-in/';
const minutes = (m: number) => new Date(Date.now() + m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  a = await makeOrganisationWithStaff(db(), t.config);
  b = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A session of acme's starting `inMinutes` from now (negative: started), one booked learner. */
async function session(inMinutes = -1, length = 60) {
  const trainer = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.TRAINER });
  const made = await makeClassroomSession(db(), {
    organisationId: a.org.id,
    session: { startsAt: minutes(inMinutes), minutes: length, trainerIds: [trainer.user.id] },
  });
  const learner = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
  const booking = await makeBooking(db(), made.session, learner.user.id);
  return { ...made, trainer, learner, booking };
}

const codeOf = (sessionId: number, token: string) =>
  http.get(`${CODE_URL}?session=${sessionId}`, token);
const checkIn = (sessionId: number, token: string, code: string) =>
  http.post(CHECKIN_URL, token, { session: sessionId, code });

async function bookingRow(id: number) {
  const [row] = await db().select().from(classroomBookings).where(eq(classroomBookings.id, id));
  return row!;
}

describe("the trainer's code screen", () => {
  it('shows a six-digit code, the QR address that carries it, and when it changes', async () => {
    const s = await session();
    const res = await codeOf(s.session.id, s.trainer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toMatch(/^\d{6}$/);
    expect(body.period_seconds).toBe(15);
    const qr = new URL(body.qr);
    expect(qr.pathname).toBe('/classroom/classes');
    expect(qr.searchParams.get('session')).toBe(String(s.session.id));
    expect(qr.searchParams.get('checkin')).toBe(body.code);
    expect(Date.parse(body.expires_at) - Date.now()).toBeLessThanOrEqual(15_000);
    expect(body.session_starts_at).toBe(s.session.startsAt.toISOString());
    expect(body.session_ends_at).toBe(s.session.endsAt.toISOString());
  });

  it('is the hosts’: admins yes; other trainers and learners 403; another organisation 404', async () => {
    const s = await session();
    expect((await codeOf(s.session.id, a.admin.token)).statusCode).toBe(200);
    expect((await codeOf(s.session.id, a.trainer.token)).statusCode).toBe(403);
    expect((await codeOf(s.session.id, s.learner.token)).statusCode).toBe(403);
    expect((await codeOf(s.session.id, b.admin.token)).statusCode).toBe(404);
    expect((await codeOf(s.session.id, b.trainer.token)).statusCode).toBe(404);
  });

  it('answers 409 outside the check-in window, saying when it opens or that it closed', async () => {
    const early = await session(16);
    const before = await codeOf(early.session.id, early.trainer.token);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toMatch(/opens 15 minutes before/);
    expect((await codeOf((await session(14)).session.id, early.trainer.token)).statusCode).toBe(
      403, // another session's trainer
    );
    const soon = await session(14);
    expect((await codeOf(soon.session.id, soon.trainer.token)).statusCode).toBe(200);
    const over = await session(-61, 60);
    const after = await codeOf(over.session.id, over.trainer.token);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toMatch(/closed/);
  });
});

describe("the learner's check-in", () => {
  it('checks in with the shown code: attended, present, by code, announced', async () => {
    const s = await session(-2);
    const { code } = (await codeOf(s.session.id, s.trainer.token)).json();
    const res = await checkIn(s.session.id, s.learner.token, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: s.booking.id,
      status: 'attended',
      attendance: 'present',
    });
    expect(await bookingRow(s.booking.id)).toMatchObject({
      status: 'attended',
      attendance: 'present',
      checkinMethod: 'code',
    });
    const events = await db()
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.name, 'session.attended')));
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({
        sessionId: s.session.id,
        userId: s.learner.user.id,
        mark: 'present',
      }),
    );

    const again = await checkIn(s.session.id, s.learner.token, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_CHECKED_IN);
  });

  it('is late more than ten minutes after the start (partially attended)', async () => {
    const s = await session(-11);
    const { code } = (await codeOf(s.session.id, s.trainer.token)).json();
    const res = await checkIn(s.session.id, s.learner.token, code);
    expect(res.json()).toMatchObject({ status: 'partial', attendance: 'late' });
  });

  it('refuses a wrong code and a code of another session, naming the code; nothing stored', async () => {
    const s = await session();
    const other = await session();
    const { code: otherCode } = (await codeOf(other.session.id, other.trainer.token)).json();
    const { code } = (await codeOf(s.session.id, s.trainer.token)).json();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const attempt of [wrong, otherCode === code ? wrong : otherCode]) {
      const res = await checkIn(s.session.id, s.learner.token, attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ code: [CODE_INVALID] });
    }
    expect((await bookingRow(s.booking.id)).status).toBe('booked');
    const malformed = await checkIn(s.session.id, s.learner.token, '12ab56');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toBeDefined();
  });

  it('refuses a learner without a seat (403), and another organisation (404)', async () => {
    const s = await session();
    const { code } = (await codeOf(s.session.id, s.trainer.token)).json();
    const stranger = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
    expect((await checkIn(s.session.id, stranger.token, code)).statusCode).toBe(403);
    const waiting = await signedIn(t, { organisationId: a.org.id, roleId: ROLE.LEARNER });
    await makeBooking(db(), s.session, waiting.user.id, 'waitlisted');
    const res = await checkIn(s.session.id, waiting.token, code);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/booked seat/);
    expect((await checkIn(s.session.id, b.learner.token, code)).statusCode).toBe(404);
  });

  it('is refused outside the window with the code named (400)', async () => {
    const s = await session(60);
    // The code the secret would give now: right code, wrong time.
    const code = currentCode(s.session.checkinSecret, new Date()).code;
    const res = await checkIn(s.session.id, s.learner.token, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.code[0]).toMatch(/15 minutes before the session starts/);
  });

  it('rotates every 15 s and accepts a code one period old, not two (controlled clock)', async () => {
    const s = await session(-5);
    // Start on a period boundary, a little ahead of the real time.
    const start = (periodOf(new Date()) + 1) * 15_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const c1 = (await codeOf(s.session.id, s.trainer.token)).json();
    expect(c1.expires_at).toBe(new Date(start + 15_000).toISOString());

    vi.setSystemTime(start + 15_000);
    const c2 = (await codeOf(s.session.id, s.trainer.token)).json();
    expect(c2.code).not.toBe(c1.code);
    expect(c2.code).toBe(hotp(s.session.checkinSecret, periodOf(new Date(start)) + 1));

    vi.setSystemTime(start + 30_000); // c1 is now two periods old
    const stale = await checkIn(s.session.id, s.learner.token, c1.code);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors.code).toEqual([CODE_INVALID]);

    vi.setSystemTime(start + 44_000); // c2 is one period old: still good
    const ok = await checkIn(s.session.id, s.learner.token, c2.code);
    expect(ok.statusCode).toBe(200);
  });

  it('limits guessing to a few attempts a minute per learner (429)', async () => {
    const s = await session();
    const statuses = [];
    for (let i = 0; i <= CHECKIN_ATTEMPTS_PER_MINUTE; i++) {
      statuses.push((await checkIn(s.session.id, s.learner.token, '000000')).statusCode);
    }
    expect(
      statuses.slice(0, CHECKIN_ATTEMPTS_PER_MINUTE).every((c) => c === 400 || c === 200),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
