import { ROLE } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeEvent, makeEventEnrolment, makeStructure } from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';

/*
 * Attendance per occurrence (who may mark, which occurrences, the `event.attended` event the CPD
 * slice credits, once per enrolment and occurrence) and the events' calendar items.
 */

let t: TestApp;
let acme: Staff;
let other: Staff;
let http: ReturnType<typeof api>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const attendedEvents = (userId: number) =>
  t.database.db
    .select({ payload: eventOutbox.payload })
    .from(eventOutbox)
    .where(
      and(
        eq(eventOutbox.name, 'event.attended'),
        sql`(${eventOutbox.payload}->>'userId')::int = ${userId}`,
      ),
    );

/** Weekly, three occurrences: eight days ago, yesterday, in six days. */
async function runningSeries() {
  const startsAt = new Date(Math.floor((Date.now() - 8 * DAY) / 60_000) * 60_000);
  const ev = await makeEvent(t.database.db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    title: 'Ethics series',
    startsAt,
    minutes: 90,
    rrule: 'FREQ=WEEKLY;COUNT=3',
    cpdValue: '1.50',
    cpdUnit: 'hours',
  });
  const occurrence = (i: number) => new Date(startsAt.getTime() + i * 7 * DAY).toISOString();
  return { ev, occurrence };
}

describe('marking attendance', () => {
  it('a manager marks an occurrence that started; event.attended is raised once per enrolment', async () => {
    const { ev, occurrence } = await runningSeries();
    const ada = await signedInLearner(t, acme.org.id);
    const bob = await signedInLearner(t, acme.org.id);
    await makeEventEnrolment(t.database.db, ev, ada.user.id, { forCpd: true });
    await makeEventEnrolment(t.database.db, ev, bob.user.id);
    const url = `/api/events/${ev.id}/attendance/`;
    const mark = (occ: string, users: number[], attended = true, token = acme.trainer.token) =>
      http.post(url, token, { occurrence: occ, users, attended });

    const res = await mark(occurrence(1), [ada.user.id, bob.user.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      occurrence: occurrence(1),
      attended: [ada.user.id, bob.user.id].sort((a, b) => a - b),
    });
    // Marked again: nothing more is announced.
    expect((await mark(occurrence(1), [ada.user.id])).statusCode).toBe(200);
    expect(await attendedEvents(ada.user.id)).toEqual([
      {
        payload: {
          eventId: ev.id,
          organisationId: acme.org.id,
          userId: ada.user.id,
          occurrenceStart: occurrence(1),
          cpdValue: '1.50',
          cpdUnit: 'hours',
          cpdCategoryId: null,
          title: 'Ethics series',
          forCpd: true,
        },
      },
    ]);
    expect(await attendedEvents(bob.user.id)).toEqual([
      { payload: expect.objectContaining({ forCpd: false, occurrenceStart: occurrence(1) }) },
    ]);
    // Another occurrence is another attendance.
    expect((await mark(occurrence(0), [ada.user.id])).statusCode).toBe(200);
    expect(await attendedEvents(ada.user.id)).toHaveLength(2);

    // Undone: the list no longer shows it.
    const undone = await mark(occurrence(1), [bob.user.id], false);
    expect(undone.json().attended).toEqual([ada.user.id]);
    const list = (await http.get(`/api/events/${ev.id}/enrolments/`, acme.admin.token)).json();
    const byUser = new Map(
      list.results.map((r: { user: { id: number }; attended: string[] }) => [
        r.user.id,
        r.attended,
      ]),
    );
    expect(byUser.get(ada.user.id)).toEqual([occurrence(0), occurrence(1)]);
    expect(byUser.get(bob.user.id)).toEqual([]);
    // The learner sees what they attended in the detail.
    const seen = (await http.post('/api/events/get-event/', ada.token, { id: ev.id })).json();
    expect(seen.occurrences.map((o: { attended: boolean }) => o.attended)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('refuses an occurrence not started or not in the series, and people not enrolled (400)', async () => {
    const { ev, occurrence } = await runningSeries();
    const ada = await signedInLearner(t, acme.org.id);
    const stranger = await signedInLearner(t, acme.org.id);
    await makeEventEnrolment(t.database.db, ev, ada.user.id);
    const url = `/api/events/${ev.id}/attendance/`;
    const body = (occ: string, users: number[]) => ({ occurrence: occ, users, attended: true });
    const future = await http.post(url, acme.admin.token, body(occurrence(2), [ada.user.id]));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toHaveProperty('occurrence');
    const off = new Date(Date.parse(occurrence(1)) + 60_000).toISOString();
    expect((await http.post(url, acme.admin.token, body(off, [ada.user.id]))).statusCode).toBe(400);
    const strangers = await http.post(
      url,
      acme.admin.token,
      body(occurrence(1), [ada.user.id, stranger.user.id]),
    );
    expect(strangers.statusCode).toBe(400);
    expect(strangers.json().errors).toHaveProperty('users');
    expect(await attendedEvents(ada.user.id)).toHaveLength(0);
  });

  it('learners: 403 at the route; another trainer: 403; another organisation: 404', async () => {
    const { ev, occurrence } = await runningSeries();
    const url = `/api/events/${ev.id}/attendance/`;
    const body = { occurrence: occurrence(1), users: [acme.learner.user.id], attended: true };
    expect((await http.post(url, acme.learner.token, body)).statusCode).toBe(403);
    const trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect((await http.post(url, trainer2.token, body)).statusCode).toBe(403);
    expect((await http.post(url, other.admin.token, body)).statusCode).toBe(404);
  });
});

describe('the events on the calendar', () => {
  it('occurrences in range of the events the caller may see, their own flagged', async () => {
    const db = t.database.db;
    const org = await makeOrganisationWithStaff(db, t.config);
    const { sales } = await makeStructure(db, org.org.id);
    const startsAt = new Date(Math.ceil((Date.now() + DAY) / 60_000) * 60_000);
    const weekly = await makeEvent(db, {
      organisationId: org.org.id,
      title: 'Weekly',
      startsAt,
      rrule: 'FREQ=WEEKLY;COUNT=10',
      timeZone: 'Europe/London',
      location: 'Hall',
    });
    const sold = await makeEvent(db, {
      organisationId: org.org.id,
      title: 'Sales only',
      startsAt,
      audience: { departments: [sales.department.id], designations: [], roles: [] },
    });
    await makeEvent(db, { organisationId: org.org.id, title: 'Draft', startsAt, status: 'draft' });
    await makeEventEnrolment(db, weekly, org.learner.user.id);
    const provider = t.app.ctx.calendarProviders.get('events')!;
    expect(provider.kinds).toEqual({ event: 'Events' });
    const range = { from: new Date(), to: new Date(Date.now() + 16 * DAY) };
    const learnerItems = await provider.items(
      t.app.ctx,
      {
        userId: org.learner.user.id,
        organisationId: org.org.id,
        roleId: ROLE.LEARNER,
        isSuperadmin: false,
      },
      range,
    );
    expect(learnerItems.map((i) => i.title)).toEqual(['Weekly', 'Weekly', 'Weekly']);
    expect(learnerItems[0]).toMatchObject({
      kind: 'event',
      id: `event:${weekly.id}@${startsAt.toISOString()}`,
      link: `/cpd?event=${weekly.id}`,
      location: 'Hall',
      timeZone: 'Europe/London',
      detail: 'Enrolled',
      allDay: false,
    });
    // In the audience now: the sales event appears too. Staff see all published ones.
    await placeUser(db, org.learner.user.id, { departmentId: sales.department.id });
    const after = await provider.items(
      t.app.ctx,
      {
        userId: org.learner.user.id,
        organisationId: org.org.id,
        roleId: ROLE.LEARNER,
        isSuperadmin: false,
      },
      range,
    );
    expect(after.map((i) => i.title)).toContain(sold.title);
    const staff = await provider.items(
      t.app.ctx,
      {
        userId: org.trainer.user.id,
        organisationId: org.org.id,
        roleId: ROLE.TRAINER,
        isSuperadmin: false,
      },
      range,
    );
    expect(staff.map((i) => i.title).sort()).toEqual(['Sales only', 'Weekly', 'Weekly', 'Weekly']);
    expect(staff.every((i) => i.detail === undefined)).toBe(true);
    // The next 30 days: five weekly occurrences and the sales event.
    expect((await http.get('/api/events/count/', org.learner.token)).json().eventInstantCount).toBe(
      6,
    );
  });
});
