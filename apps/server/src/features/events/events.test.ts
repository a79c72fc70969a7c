import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  makeEvent,
  makeEventEnrolment,
  makeEventType,
  makeStructure,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api, call } from '../../../test/http.ts';
import { events } from '../../schema/events.table.ts';

/*
 * Event types and events through the API: who may do what, what a learner sees (the audience),
 * recurrence in the event's zone across a DST change, and the bad input refused with the field
 * named and nothing stored.
 */

let t: TestApp;
let acme: Staff;
let other: Staff;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const EVENTS = '/api/events/';
const TYPES = '/api/events/Event-type/';
const inDays = (d: number) => new Date(Math.ceil((Date.now() + d * 86_400_000) / 60_000) * 60_000);
const base = (overrides: Record<string, unknown> = {}) => {
  const start = inDays(10);
  return {
    title: 'Quarterly webinar',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3600_000).toISOString(),
    time_zone: 'Europe/London',
    status: 'published',
    ...overrides,
  };
};
const detail = (who: SignedIn, id: number) => http.post(`${EVENTS}get-event/`, who.token, { id });
const countEvents = async () => (await t.database.db.select().from(events)).length;

describe('event types', () => {
  it('admins keep the list; everyone with the menu reads it; names are unique per organisation', async () => {
    const created = await http.post(TYPES, acme.admin.token, { name: 'Webinar' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Webinar', colour: '#1976d2' });
    const id = created.json().id as number;
    const twin = await http.post(TYPES, acme.admin.token, { name: 'webinar' });
    expect(twin.statusCode).toBe(409);
    expect(Object.keys(twin.json().errors)).toEqual(['name']);
    // Another organisation may use the name.
    expect((await http.post(TYPES, other.admin.token, { name: 'Webinar' })).statusCode).toBe(201);
    expect((await http.post(TYPES, acme.trainer.token, { name: 'Workshop' })).statusCode).toBe(403);
    expect((await http.post(TYPES, acme.learner.token, { name: 'Workshop' })).statusCode).toBe(403);

    const list = await http.get(TYPES, acme.learner.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { name: string }) => x.name)).toEqual(['Webinar']);

    const renamed = await http.patch(`${TYPES}${id}/`, acme.admin.token, {
      name: 'Online webinar',
      colour: '#AA00CC',
    });
    expect(renamed.json()).toMatchObject({ name: 'Online webinar', colour: '#aa00cc' });
    expect((await http.patch(`${TYPES}${id}/`, other.admin.token, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await http.del(`${TYPES}${id}/`, acme.trainer.token)).statusCode).toBe(403);
    expect((await http.del(`${TYPES}${id}/`, other.admin.token)).statusCode).toBe(404);
    expect((await http.del(`${TYPES}${id}/`, acme.admin.token)).statusCode).toBe(204);
    expect((await http.get(TYPES, acme.admin.token)).json()).toEqual([]);
  });
});

describe('creating, changing and deleting events', () => {
  it('a trainer creates a recurring event; the description is sanitised; admins and its trainer manage it', async () => {
    const type = await makeEventType(t.database.db, acme.org.id, 'Workshop');
    const res = await http.post(
      EVENTS,
      acme.trainer.token,
      base({
        type: type.id,
        description: '<p>Bring a laptop</p><script>alert(1)</script>',
        rrule: 'FREQ=WEEKLY;COUNT=3',
        capacity: 20,
        cpd_value: 1.5,
        cpd_unit: 'hours',
        location: 'Room 4',
      }),
    );
    expect(res.statusCode).toBe(201);
    const ev = res.json();
    expect(ev).toMatchObject({
      title: 'Quarterly webinar',
      type: { id: type.id, name: 'Workshop' },
      rrule: 'FREQ=WEEKLY;COUNT=3',
      capacity: 20,
      cpd_value: 1.5,
      cpd_unit: 'hours',
      status: 'published',
      created_by: { id: acme.trainer.user.id },
      abilities: { edit: true, delete: true, manage_enrolments: true },
    });
    expect(ev.description).toContain('Bring a laptop');
    expect(ev.description).not.toContain('script');
    expect(ev.occurrences).toHaveLength(3);
    expect(ev.last_ends_at).toBe(ev.occurrences[2].ends_at);

    // Another trainer sees it but may not change it; a learner may not; another org: 404.
    const trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect(
      (await http.patch(`${EVENTS}${ev.id}/`, trainer2.token, { title: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await http.patch(`${EVENTS}${ev.id}/`, acme.learner.token, { title: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await http.patch(`${EVENTS}${ev.id}/`, other.admin.token, { title: 'X' })).statusCode,
    ).toBe(404);
    expect((await detail(other.admin, ev.id)).statusCode).toBe(404);

    // The admin drops one occurrence and moves the series: lastEndsAt follows.
    const changed = await http.patch(`${EVENTS}${ev.id}/`, acme.admin.token, {
      exdates: [ev.occurrences[2].starts_at],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().occurrences).toHaveLength(2);
    expect(changed.json().last_ends_at).toBe(ev.occurrences[1].ends_at);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, ev.id));
    expect(row!.lastEndsAt.toISOString()).toBe(ev.occurrences[1].ends_at);
    expect(row!.sequence).toBe(1);
  });

  it('learners may not create events (403); another organisation’s type or category is a 400', async () => {
    expect((await http.post(EVENTS, acme.learner.token, base())).statusCode).toBe(403);
    const theirs = await makeEventType(t.database.db, other.org.id);
    const before = await countEvents();
    const res = await http.post(EVENTS, acme.admin.token, base({ type: theirs.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('type');
    const { sales } = await makeStructure(t.database.db, other.org.id);
    const aud = await http.post(
      EVENTS,
      acme.admin.token,
      base({ audience: { departments: [sales.department.id] } }),
    );
    expect(aud.statusCode).toBe(400);
    expect(aud.json().errors).toHaveProperty(['audience.departments']);
    expect(await countEvents()).toBe(before);
  });

  it('refuses bad times and rules with the field named, storing nothing', async () => {
    const before = await countEvents();
    const cases: [Record<string, unknown>, string][] = [
      [{ ends_at: inDays(9).toISOString() }, 'ends_at'],
      [{ rrule: 'FREQ=WEEKLY' }, 'rrule'],
      [{ rrule: 'FREQ=DAILY;COUNT=400' }, 'rrule'],
      [{ rrule: 'FREQ=DAILY;UNTIL=20991231T000000Z' }, 'rrule'],
      [{ rrule: 'FREQ=WEEKLY;BYDAY=XX;COUNT=2' }, 'rrule'],
      [{ rrule: 'nonsense' }, 'rrule'],
      [{ rrule: 'FREQ=WEEKLY;COUNT=2;UNTIL=20990101' }, 'rrule'],
      [{ exdates: [inDays(3).toISOString()] }, 'exdates'],
      [{ rrule: 'FREQ=DAILY;COUNT=2', exdates: [inDays(30).toISOString()] }, 'exdates'],
      [{ capacity: 0 }, 'capacity'],
      [{ cpd_value: -1, cpd_unit: 'hours' }, 'cpd_value'],
      [{ cpd_value: 5000, cpd_unit: 'hours' }, 'cpd_value'],
      [{ cpd_value: 2 }, 'cpd_unit'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    ];
    for (const [body, field] of cases) {
      const res = await http.post(EVENTS, acme.admin.token, base(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await countEvents()).toBe(before);
  });

  it('capacity below those enrolled is a 400 on capacity; the event is unchanged', async () => {
    const ev = await makeEvent(t.database.db, { organisationId: acme.org.id, capacity: 5 });
    for (let i = 0; i < 3; i++) {
      const l = await signedInLearner(t, acme.org.id);
      await makeEventEnrolment(t.database.db, ev, l.user.id);
    }
    const res = await http.patch(`${EVENTS}${ev.id}/`, acme.admin.token, {
      capacity: 2,
      title: 'Renamed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('capacity');
    const [row] = await t.database.db.select().from(events).where(eq(events.id, ev.id));
    expect(row).toMatchObject({ capacity: 5, title: ev.title });
    expect(
      (await http.patch(`${EVENTS}${ev.id}/`, acme.admin.token, { capacity: 3 })).statusCode,
    ).toBe(200);
  });

  it('DELETE removes an event without enrolments and cancels one with them', async () => {
    const bare = await makeEvent(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    expect((await http.del(`${EVENTS}${bare.id}/`, acme.learner.token)).statusCode).toBe(403);
    expect((await http.del(`${EVENTS}${bare.id}/`, other.admin.token)).statusCode).toBe(404);
    const gone = await http.del(`${EVENTS}${bare.id}/`, acme.trainer.token);
    expect(gone.json()).toEqual({ outcome: 'deleted' });
    expect((await detail(acme.admin, bare.id)).statusCode).toBe(404);

    const busy = await makeEvent(t.database.db, { organisationId: acme.org.id });
    const l = await signedInLearner(t, acme.org.id);
    await makeEventEnrolment(t.database.db, busy, l.user.id);
    const cancelled = await http.del(`${EVENTS}${busy.id}/`, acme.admin.token);
    expect(cancelled.json()).toEqual({ outcome: 'cancelled' });
    const seen = (await detail(l, busy.id)).json();
    expect(seen).toMatchObject({ status: 'cancelled', my_enrolment: null });
    expect((await http.del(`${EVENTS}${busy.id}/`, acme.admin.token)).statusCode).toBe(409);
  });
});

describe('what a learner sees', () => {
  it('published events whose audience includes them; staff see all of their organisation', async () => {
    const db = t.database.db;
    const { sales, support } = await makeStructure(db, acme.org.id);
    const inSales = await signedInLearner(t, acme.org.id);
    const inSupport = await signedInLearner(t, acme.org.id);
    await placeUser(db, inSales.user.id, { departmentId: sales.department.id });
    await placeUser(db, inSupport.user.id, {
      departmentId: support.department.id,
      designationId: support.designation.id,
    });
    const org = acme.org.id;
    const everyone = await makeEvent(db, { organisationId: org, title: 'All hands' });
    const salesOnly = await makeEvent(db, {
      organisationId: org,
      title: 'Sales kickoff',
      audience: { departments: [sales.department.id], designations: [], roles: [] },
    });
    const leads = await makeEvent(db, {
      organisationId: org,
      title: 'Leads forum',
      audience: { departments: [], designations: [support.designation.id], roles: [] },
    });
    const trainers = await makeEvent(db, {
      organisationId: org,
      title: 'Trainers only',
      audience: { departments: [], designations: [], roles: [ROLE.TRAINER] },
    });
    const draft = await makeEvent(db, { organisationId: org, title: 'Draft', status: 'draft' });
    const titles = async (who: SignedIn) =>
      (await call(t.app, 'GET', EVENTS, { token: who.token, query: { page_size: '100' } }))
        .json()
        .results.map((e: { id: number }) => e.id);

    const salesSees = await titles(inSales);
    expect(salesSees).toEqual(expect.arrayContaining([everyone.id, salesOnly.id]));
    expect(salesSees).not.toContain(leads.id);
    expect(salesSees).not.toContain(trainers.id);
    expect(salesSees).not.toContain(draft.id);
    const supportSees = await titles(inSupport);
    expect(supportSees).toEqual(expect.arrayContaining([everyone.id, leads.id]));
    expect(supportSees).not.toContain(salesOnly.id);
    // Outside the audience, the event does not exist for them, nor can they enrol.
    expect((await detail(inSupport, salesOnly.id)).statusCode).toBe(404);
    expect(
      (await http.post(`${EVENTS}${salesOnly.id}/enrol/`, inSupport.token, {})).statusCode,
    ).toBe(404);
    // Staff see everything of their organisation, drafts included; another org sees none.
    const trainerSees = await titles(acme.trainer);
    expect(trainerSees).toEqual(
      expect.arrayContaining([everyone.id, salesOnly.id, leads.id, trainers.id, draft.id]),
    );
    expect(await titles(other.learner)).not.toContain(everyone.id);
    expect((await detail(other.admin, everyone.id)).statusCode).toBe(404);
  });

  it('filters by range, type, status and mine', async () => {
    const db = t.database.db;
    const org = (await makeOrganisationWithStaff(db, t.config)) as Staff;
    const type = await makeEventType(db, org.org.id);
    const soon = await makeEvent(db, {
      organisationId: org.org.id,
      startsAt: inDays(2),
      typeId: type.id,
    });
    const later = await makeEvent(db, { organisationId: org.org.id, startsAt: inDays(40) });
    await makeEventEnrolment(db, later, org.learner.user.id);
    const ids = async (query: Record<string, string>) =>
      (await call(t.app, 'GET', EVENTS, { token: org.learner.token, query }))
        .json()
        .results.map((e: { id: number }) => e.id);
    expect(await ids({})).toEqual([soon.id, later.id]);
    expect(await ids({ order: 'latest' })).toEqual([later.id, soon.id]);
    expect((await http.get(`${EVENTS}?order=oldest`, org.learner.token)).statusCode).toBe(400);
    expect(await ids({ to: inDays(10).toISOString() })).toEqual([soon.id]);
    expect(await ids({ from: inDays(10).toISOString() })).toEqual([later.id]);
    expect(await ids({ type: String(type.id) })).toEqual([soon.id]);
    expect(await ids({ mine: 'true' })).toEqual([later.id]);
    expect(await ids({ status: 'draft' })).toEqual([]);
    const count = await http.get(`${EVENTS}count/`, org.learner.token);
    expect(count.json()).toEqual({ eventInstantCount: 1 });
  });
});

describe('recurrence in the event’s zone', () => {
  it('a weekly 09:00 Europe/London event stays 09:00 local across the change to summer time', async () => {
    // Mondays from 15 March 2027; the clocks go forward on Sunday 28 March.
    const res = await http.post(EVENTS, acme.admin.token, {
      title: 'Monday stand-up',
      starts_at: '2027-03-15T09:00:00Z',
      ends_at: '2027-03-15T09:30:00Z',
      time_zone: 'Europe/London',
      rrule: 'FREQ=WEEKLY;UNTIL=20270412',
      exdates: ['2027-04-05T08:00:00.000Z'],
      status: 'published',
    });
    expect(res.statusCode).toBe(201);
    const starts = res.json().occurrences.map((o: { starts_at: string }) => o.starts_at);
    expect(starts).toEqual([
      '2027-03-15T09:00:00.000Z',
      '2027-03-22T09:00:00.000Z',
      // After the change the UTC hour moves; the London hour does not.
      '2027-03-29T08:00:00.000Z',
      '2027-04-12T08:00:00.000Z',
    ]);
    const london = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(new Set(starts.map((s: string) => london.format(new Date(s))))).toEqual(
      new Set(['09:00']),
    );
    expect(res.json().rrule).toBe('FREQ=WEEKLY;UNTIL=20270412T225959Z');
    expect(res.json().last_ends_at).toBe('2027-04-12T08:30:00.000Z');
  });
});
