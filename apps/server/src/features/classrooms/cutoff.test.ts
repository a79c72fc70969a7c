import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeBooking, makeClassroomSession, makeRoom } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import {
  classroomBookings,
  classroomOccupancy,
  classroomSessions,
} from '../../schema/classrooms.table.ts';
import { cancelBelowMinimum } from './bookings.jobs.ts';

let t: TestApp;
let acme: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
/** Sessions a week ahead with their cut-off in three days: the job runs "on day four". */
const inAWeek = new Date(Date.now() + 7 * DAY);
const cutOffAt = new Date(Date.now() + 3 * DAY);
const dayFour = new Date(Date.now() + 4 * DAY);

async function sessionWith(
  booked: number,
  options: { keepBelowMinimum?: boolean; waitlisted?: number } = {},
) {
  const room = await makeRoom(t.database.db, acme.org.id);
  const made = await makeClassroomSession(t.database.db, {
    organisationId: acme.org.id,
    session: {
      startsAt: inAWeek,
      capacity: 10,
      minimumSize: 3,
      cutOffAt,
      roomId: room.id,
      keepBelowMinimum: options.keepBelowMinimum ?? false,
    },
  });
  const learners = [];
  for (let i = 0; i < booked + (options.waitlisted ?? 0); i++) {
    const l = await signedInLearner(t, acme.org.id);
    await makeBooking(t.database.db, made.session, l.user.id, i < booked ? 'booked' : 'waitlisted');
    learners.push(l);
  }
  return { ...made, learners };
}

const sessionRow = async (id: number) =>
  (await t.database.db.select().from(classroomSessions).where(eq(classroomSessions.id, id)))[0]!;

describe('minimum-size cut-off (the job, with its clock given)', () => {
  it('below its minimum at the cut-off, a session is cancelled with notice', async () => {
    const below = await sessionWith(2, { waitlisted: 0 });
    const full = await sessionWith(3);
    const kept = await sessionWith(1, { keepBelowMinimum: true });

    // Before the cut-off nothing happens.
    const early = await cancelBelowMinimum(t.app.ctx, new Date(cutOffAt.getTime() - 60_000));
    expect(early).not.toContain(below.session.id);
    expect((await sessionRow(below.session.id)).status).toBe('scheduled');

    const cancelled = await cancelBelowMinimum(t.app.ctx, dayFour);
    expect(cancelled).toContain(below.session.id);
    expect(cancelled).not.toContain(full.session.id);
    expect(cancelled).not.toContain(kept.session.id);

    const s = await sessionRow(below.session.id);
    expect(s).toMatchObject({ status: 'cancelled', sequence: below.session.sequence + 1 });
    // Its trainer and room are free again; its bookings cancelled by the session.
    const held = await t.database.db
      .select()
      .from(classroomOccupancy)
      .where(eq(classroomOccupancy.sessionId, s.id));
    expect(held).toEqual([]);
    const bookings = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.sessionId, s.id));
    expect(bookings.map((b) => [b.status, b.cancelledBy])).toEqual([
      ['cancelled', 'session'],
      ['cancelled', 'session'],
    ]);
    expect((await sessionRow(full.session.id)).status).toBe('scheduled');
    expect((await sessionRow(kept.session.id)).status).toBe('scheduled');

    await t.app.ctx.jobs.drain();
    const bell = (
      await call(t.app, 'GET', '/api/notify/', {
        token: below.learners[0]!.token,
        query: { type: 'classroom_session_cancelled' },
      })
    ).json();
    expect(bell.results).toEqual([
      expect.objectContaining({
        link: `/classroom/classes?session=${s.id}`,
        message: expect.stringContaining('too few learners'),
      }),
    ]);

    // A second run finds nothing more to do.
    expect(await cancelBelowMinimum(t.app.ctx, dayFour)).not.toContain(below.session.id);
  });

  it('a session already started is left alone, whatever its cut-off said', async () => {
    const s = await sessionWith(0);
    const afterStart = new Date(inAWeek.getTime() + 60_000);
    expect(await cancelBelowMinimum(t.app.ctx, afterStart)).not.toContain(s.session.id);
    expect((await sessionRow(s.session.id)).status).toBe('scheduled');
  });
});
