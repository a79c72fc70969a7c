import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedIn } from '../../../test/auth.ts';
import {
  makeBooking,
  makeClassroomSession,
  makeLearningPath,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { cpdEntries } from '../../schema/cpd.table.ts';

/*
 * Learning paths (learning_path.completed) and classroom sessions (session.attended) credit the
 * ledger when they carry CPD: a path its CPD hours once per completion cycle, a CPD class each
 * session attended by its length; once per source however often the event is delivered.
 */

let t: TestApp;
let acme: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
});
afterAll(() => t.close());

const entriesOf = (userId: number) =>
  db().select().from(cpdEntries).where(eq(cpdEntries.userId, userId)).orderBy(cpdEntries.id);

const learner = () => signedIn(t, { organisationId: acme.org.id, roleId: ROLE.LEARNER });

async function pathCompleted(pathId: number, userId: number, cycle: number, at: string) {
  await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
    uow.emit('learning_path.completed', {
      pathId,
      userId,
      organisationId: acme.org.id,
      enrolmentId: 1,
      completedAt: at,
      cycle,
    });
  });
}

describe('learning_path.completed', () => {
  it('a path with CPD hours credits them once per cycle, however often delivered', async () => {
    const path = await makeLearningPath(db(), {
      organisationId: acme.org.id,
      title: 'Safe lifting',
      cpdHours: '4.50',
    });
    const person = await learner();
    await pathCompleted(path.id, person.user.id, 0, '2026-02-01T10:00:00.000Z');
    await pathCompleted(path.id, person.user.id, 0, '2026-02-01T10:00:00.000Z');
    await t.app.ctx.jobs.drain();
    // A recertification is a new completion: credited again, under its own key.
    await pathCompleted(path.id, person.user.id, 1, '2027-02-01T10:00:00.000Z');
    await t.app.ctx.jobs.drain();
    const rows = await entriesOf(person.user.id);
    expect(rows.map((r) => [r.sourceKind, r.sourceKey, r.title, r.value, r.unit])).toEqual([
      ['learning_path', `learning_path:${path.id}`, 'Safe lifting', '4.50', 'hours'],
      ['learning_path', `learning_path:${path.id}#1`, 'Safe lifting', '4.50', 'hours'],
    ]);
    expect(rows[0]!.completedAt.toISOString()).toBe('2026-02-01T10:00:00.000Z');
  });

  it('a path without CPD hours credits nothing', async () => {
    const path = await makeLearningPath(db(), { organisationId: acme.org.id });
    const person = await learner();
    await pathCompleted(path.id, person.user.id, 0, '2026-02-01T10:00:00.000Z');
    await t.app.ctx.jobs.drain();
    expect(await entriesOf(person.user.id)).toEqual([]);
  });

  it('an author sets the hours through the API; a negative or absurd value is refused', async () => {
    const path = await makeLearningPath(db(), {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const url = `/api/v1/learning-path/${path.id}/`;
    const set = (cpd_hours: unknown) => http.put(url, acme.admin.token, { cpd_hours });
    const ok = await set(2.5);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().cpd_hours).toBe(2.5);
    for (const bad of [-1, 0, 5000, 1.234]) {
      const res = await set(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['cpd_hours']);
    }
    expect((await set(null)).json().cpd_hours).toBeNull();
  });
});

describe('session.attended', () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  it('a session of a CPD class marked present credits its length once; re-marking adds nothing', async () => {
    const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const made = await makeClassroomSession(db(), {
      organisationId: acme.org.id,
      session: {
        startsAt: minutesAgo(30),
        minutes: 90,
        trainerIds: [trainer.user.id],
        title: 'CPR',
      },
      classOptions: { isCpd: true, name: 'Spring cohort' },
    });
    const person = await learner();
    const booking = await makeBooking(db(), made.session, person.user.id);
    const mark = (m: string) =>
      http.post('/api/classrooms/attendance/', trainer.token, {
        session: made.session.id,
        marks: [{ booking: booking.id, mark: m }],
      });
    expect((await mark('present')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect((await mark('absent')).statusCode).toBe(200);
    expect((await mark('late')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const rows = await entriesOf(person.user.id);
    expect(rows.map((r) => [r.sourceKind, r.sourceKey, r.title, r.value])).toEqual([
      ['classroom', `classroom_session:${made.session.id}`, 'Spring cohort: CPR', '1.50'],
    ]);
    expect(rows[0]!.completedAt.getTime()).toBe(made.session.startsAt.getTime());
  });

  it('a session of a class without the CPD flag credits nothing', async () => {
    const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const made = await makeClassroomSession(db(), {
      organisationId: acme.org.id,
      session: { startsAt: minutesAgo(10), minutes: 60, trainerIds: [trainer.user.id] },
    });
    const person = await learner();
    const booking = await makeBooking(db(), made.session, person.user.id);
    const res = await http.post('/api/classrooms/attendance/', trainer.token, {
      session: made.session.id,
      marks: [{ booking: booking.id, mark: 'present' }],
    });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(await entriesOf(person.user.id)).toEqual([]);
  });

  it('the class’s CPD flag is set through the API and shown on the class', async () => {
    const made = await makeClassroomSession(db(), { organisationId: acme.org.id });
    const url = `/api/classrooms/class-update-delete/${made.cls.id}/`;
    const res = await http.patch(url, acme.admin.token, { is_cpd: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_cpd).toBe(true);
    expect((await http.get(url, acme.admin.token)).json().is_cpd).toBe(true);
  });
});
