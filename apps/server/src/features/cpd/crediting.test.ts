import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { enrol, makeCourse, makeCpdCategory, makeUser } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { cpdEntries } from '../../schema/cpd.table.ts';
import { creditCpd } from './cpd.credit.ts';
import { creditEventAttendance, type EventAttended } from './cpd.subscribers.ts';

/*
 * Automatic credit: a CPD course completed (course.completed) and an event occurrence attended
 * (event.attended) are credited to the learner's ledger once per source, however often the
 * source is reached or its event delivered.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t.close());

const entriesOf = (userId: number) =>
  db().select().from(cpdEntries).where(eq(cpdEntries.userId, userId));

async function completed(courseId: number, userId: number, organisationId: number, at: string) {
  await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
    uow.emit('course.completed', {
      enrolmentId: 1,
      courseId,
      userId,
      organisationId,
      completedAt: at,
    });
  });
}

describe('course.completed', () => {
  it('a CPD course completed twice (two events) credits its hours once, in hours', async () => {
    const course = await makeCourse(db(), {
      organisationId: acme.org.id,
      isCpd: true,
      cpdHours: '2.50',
      title: 'Fire safety',
    });
    const learner = await signedInLearner(t, acme.org.id);
    await completed(course.id, learner.user.id, acme.org.id, '2026-02-01T10:00:00.000Z');
    await completed(course.id, learner.user.id, acme.org.id, '2026-03-01T10:00:00.000Z');
    await t.app.ctx.jobs.drain();
    const rows = await entriesOf(learner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organisationId: acme.org.id,
      sourceKind: 'course',
      sourceKey: `course:${course.id}`,
      title: 'Fire safety',
      value: '2.50',
      unit: 'hours',
      status: 'credited',
      categoryId: null,
    });
    // Whichever delivery ran first is the one that counts (subscriber jobs keep no order).
    expect(['2026-02-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z']).toContain(
      rows[0]!.completedAt.toISOString(),
    );
  });

  it('through the API: a manager marks it completed, reopens it and completes it again: one credit', async () => {
    const course = await makeCourse(db(), {
      organisationId: acme.org.id,
      isCpd: true,
      cpdHours: '3',
    });
    const learner = await signedInLearner(t, acme.org.id);
    const enrolment = await enrol(db(), course.id, learner.user.id);
    const http = api(t);
    const set = (status: string) =>
      http.patch(`/api/courses/user-enrolments/${enrolment.id}/`, acme.admin.token, { status });
    expect((await set('completed')).statusCode).toBe(200);
    expect((await set('enrolled')).statusCode).toBe(200);
    expect((await set('completed')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const rows = await entriesOf(learner.user.id);
    expect(rows.map((r) => [r.sourceKey, r.value])).toEqual([[`course:${course.id}`, '3.00']]);
    const summary = (await http.get('/api/cpd/summary/', learner.token)).json();
    expect(summary.earned).toBe(3);
  });

  it('a course without the CPD flag or without hours credits nothing', async () => {
    const plain = await makeCourse(db(), { organisationId: acme.org.id, cpdHours: '4' });
    const noHours = await makeCourse(db(), { organisationId: acme.org.id, isCpd: true });
    const learner = await signedInLearner(t, acme.org.id);
    await completed(plain.id, learner.user.id, acme.org.id, new Date().toISOString());
    await completed(noHours.id, learner.user.id, acme.org.id, new Date().toISOString());
    await t.app.ctx.jobs.drain();
    expect(await entriesOf(learner.user.id)).toEqual([]);
  });

  it('a shared course of another organisation counts in the learner’s own ledger', async () => {
    const course = await makeCourse(db(), {
      organisationId: acme.org.id,
      visibility: 'catalogue',
      isCpd: true,
      cpdHours: '1',
    });
    const learner = await makeUser(db(), { organisationId: globex.org.id, roleId: ROLE.LEARNER });
    await completed(course.id, learner.id, acme.org.id, new Date().toISOString());
    await t.app.ctx.jobs.drain();
    expect((await entriesOf(learner.id)).map((r) => r.organisationId)).toEqual([globex.org.id]);
  });
});

describe('event.attended (creditEventAttendance, the subscriber’s work)', () => {
  const attended = (o: Partial<EventAttended> & { userId: number }): EventAttended => ({
    eventId: 41,
    organisationId: acme.org.id,
    occurrenceStart: '2026-05-04T09:00:00Z',
    cpdValue: '1.50',
    cpdUnit: 'points',
    cpdCategoryId: null,
    title: 'Webinar: ethics',
    forCpd: true,
    ...o,
  });

  it('each occurrence is its own source, each credited once, in the event’s category', async () => {
    const category = await makeCpdCategory(db(), acme.org.id, { name: 'Formal (events)' });
    const learner = await signedInLearner(t, acme.org.id);
    const p = attended({ userId: learner.user.id, cpdCategoryId: category.id });
    expect(await creditEventAttendance(db(), p)).toMatchObject({ credited: true });
    expect(await creditEventAttendance(db(), p)).toEqual({
      credited: false,
      reason: 'already_credited',
    });
    // The same occurrence written with another offset is the same instant, the same source.
    await creditEventAttendance(db(), { ...p, occurrenceStart: '2026-05-04T11:00:00+02:00' });
    await creditEventAttendance(db(), { ...p, occurrenceStart: '2026-05-11T09:00:00Z' });
    const rows = await entriesOf(learner.user.id);
    expect(rows.map((r) => [r.sourceKey, r.value, r.unit, r.categoryId]).sort()).toEqual([
      ['event:41@2026-05-04T09:00:00.000Z', '1.50', 'points', category.id],
      ['event:41@2026-05-11T09:00:00.000Z', '1.50', 'points', category.id],
    ]);
  });

  it('an event without a CPD value credits nothing; another organisation’s category is dropped', async () => {
    const foreign = await makeCpdCategory(db(), globex.org.id);
    const learner = await signedInLearner(t, acme.org.id);
    expect(
      await creditEventAttendance(db(), attended({ userId: learner.user.id, cpdValue: null })),
    ).toBe(null);
    // Enrolled without asking for credit (enrol/, not cpd_event_enroll/): none.
    expect(
      await creditEventAttendance(db(), attended({ userId: learner.user.id, forCpd: false })),
    ).toBe(null);
    await creditEventAttendance(
      db(),
      attended({ userId: learner.user.id, eventId: 42, cpdCategoryId: foreign.id }),
    );
    const rows = await entriesOf(learner.user.id);
    expect(rows.map((r) => [r.sourceKey, r.categoryId])).toEqual([
      ['event:42@2026-05-04T09:00:00.000Z', null],
    ]);
  });
});

describe('event.attended through the bus', () => {
  it('delivered twice for one occurrence, it credits once', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const payload = {
      eventId: 77,
      organisationId: acme.org.id,
      userId: learner.user.id,
      occurrenceStart: '2026-06-01T08:00:00.000Z',
      cpdValue: '2.00',
      cpdUnit: 'hours' as const,
      cpdCategoryId: null,
      title: 'Workshop',
      forCpd: true,
    };
    for (let i = 0; i < 2; i++) {
      await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
        uow.emit('event.attended', payload);
      });
    }
    await t.app.ctx.jobs.drain();
    const rows = await entriesOf(learner.user.id);
    expect(rows.map((r) => [r.sourceKind, r.sourceKey, r.title, r.value])).toEqual([
      ['event', 'event:77@2026-06-01T08:00:00.000Z', 'Workshop', '2.00'],
    ]);
  });
});

describe('creditCpd', () => {
  it('the same source credited concurrently: exactly one entry', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        creditCpd(db(), {
          userId: learner.user.id,
          organisationId: acme.org.id,
          sourceKind: 'course',
          sourceKey: 'course:race',
          title: 'Race',
          value: 1,
          unit: 'hours',
          categoryId: null,
          completedAt: new Date(),
        }),
      ),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await entriesOf(learner.user.id)).toHaveLength(1);
  });

  it('refuses values the ledger cannot hold (none, negative, absurd) without writing', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const base = {
      userId: learner.user.id,
      organisationId: acme.org.id,
      sourceKind: 'course' as const,
      title: 'x',
      unit: 'hours' as const,
      categoryId: null,
      completedAt: new Date(),
    };
    for (const [i, value] of [0, -1, 1000.01, Number.NaN].entries()) {
      expect(await creditCpd(db(), { ...base, sourceKey: `test:${i}`, value })).toEqual({
        credited: false,
        reason: 'no_value',
      });
    }
    expect(
      await db()
        .select()
        .from(cpdEntries)
        .where(and(eq(cpdEntries.userId, learner.user.id))),
    ).toEqual([]);
  });
});
