import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import { makeEvent, makeEventEnrolment } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { type CaughtMail, startMailCatcher } from '../../../test/mail-catcher.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { eventEnrolments } from '../../schema/events.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * Enrolment through the API: open, closed, full and by approval; CPD enrolment; cancelling;
 * the managers' list; the iCalendar invitations (parsed as a calendar client reads them); and
 * the race for the last seat on PostgreSQL.
 */

let t: TestApp;
let acme: Staff;
let other: Staff;
let http: ReturnType<typeof api>;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({
    env: { SMTP_URL: catcher.url, PUBLIC_BASE_URL: 'https://learn.example.org' },
  });
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const drain = () => t.app.ctx.jobs.drain();
const enrol = (who: SignedIn, id: number) => http.post(`/api/events/${id}/enrol/`, who.token, {});
const event = (options: Parameters<typeof makeEvent>[1] = {}) =>
  makeEvent(t.database.db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    ...options,
  });
const learners = (n: number) =>
  Promise.all(Array.from({ length: n }, () => signedInLearner(t, acme.org.id)));

/** The invitation a mail carries: its text/calendar part, decoded and parsed with ical.js. */
function invitationIn(mail: CaughtMail) {
  const raw = mail.raw;
  const at = raw.search(/Content-Type: text\/calendar/i);
  expect(at).toBeGreaterThan(-1);
  const part = raw.slice(at);
  const headerEnd = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, headerEnd);
  let body = part.slice(headerEnd + 4).split(/\r\n--/)[0]!;
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    body = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  const cal = new ICAL.Component(ICAL.parse(body));
  const vevent = cal.getFirstSubcomponent('vevent')!;
  const start = vevent.getFirstProperty('dtstart')!;
  const rrule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  return {
    cal,
    vevent,
    method: cal.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    status: vevent.getFirstPropertyValue('status'),
    tzid: start.getParameter('tzid'),
    start: start.getFirstValue() as ICAL.Time,
    rrule: rrule ? rrule.toString() : null,
    exdates: vevent.getAllProperties('exdate').flatMap((p) => p.getValues() as ICAL.Time[]),
    timezones: cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
  };
}

describe('enrolling', () => {
  it('an open event enrols a learner at once; twice is a 409; they see their enrolment', async () => {
    const ev = await event();
    const [ada] = await learners(1);
    const res = await enrol(ada!, ev.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ event: ev.id, user: ada!.user.id, status: 'enrolled' });
    expect((await enrol(ada!, ev.id)).statusCode).toBe(409);
    const seen = (await http.post('/api/events/get-event/', ada!.token, { id: ev.id })).json();
    expect(seen.my_enrolment).toMatchObject({ status: 'enrolled', for_cpd: false });
    expect(seen.abilities).toMatchObject({ enrol: false, edit: false, manage_enrolments: false });
    expect(seen.enrolled_count).toBe(1);
    await drain();
  });

  it('closed: 409; full: 409 “This event is full.”; draft or over: 409; another org: 404', async () => {
    const [a, b] = await learners(2);
    expect((await enrol(a!, (await event({ enrolment: 'closed' })).id)).statusCode).toBe(409);
    const one = await event({ capacity: 1 });
    expect((await enrol(a!, one.id)).statusCode).toBe(201);
    const full = await enrol(b!, one.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This event is full.');
    expect((await enrol(acme.trainer, (await event({ status: 'draft' })).id)).statusCode).toBe(409);
    const over = await event({ startsAt: new Date(Date.now() - 7200_000) });
    expect((await enrol(b!, over.id)).statusCode).toBe(409);
    expect((await enrol(other.learner, one.id)).statusCode).toBe(404);
    await drain();
  });

  it('by approval: a request opens an approval; approved, they are enrolled; rejected, cancelled', async () => {
    const ev = await event({ enrolment: 'approval' });
    const [a, b] = await learners(2);
    const res = await enrol(a!, ev.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('requested');
    const requestId = res.json().approval_request as number;
    const [req] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(req).toMatchObject({ kind: 'event_enrolment', subjectId: res.json().id });
    const decided = await call(t.app, 'PATCH', `/api/approvalflow/approve-reject/${requestId}/`, {
      token: acme.admin.token,
      body: { status: 1 },
    });
    expect(decided.statusCode).toBe(200);
    const seen = (await http.post('/api/events/get-event/', a!.token, { id: ev.id })).json();
    expect(seen.my_enrolment).toMatchObject({ status: 'enrolled' });

    const second = (await enrol(b!, ev.id)).json();
    await call(t.app, 'PATCH', `/api/approvalflow/approve-reject/${second.approval_request}/`, {
      token: acme.admin.token,
      body: { status: 2, comment: 'Not this time.' },
    });
    const [row] = await t.database.db
      .select()
      .from(eventEnrolments)
      .where(eq(eventEnrolments.id, second.id));
    expect(row!.status).toBe('cancelled');
    expect((await enrol(b!, ev.id)).json().status).toBe('requested');
    await drain();
  });

  it('cpd_event_enroll/ enrols for CPD credit; an event without a CPD value is a 400', async () => {
    const [a] = await learners(1);
    const plain = await event();
    const refused = await http.post('/api/events/cpd_event_enroll/', a!.token, { event: plain.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('event');
    const cpd = await event({ cpdValue: '2.00' });
    const res = await http.post('/api/events/cpd_event_enroll/', a!.token, { event: cpd.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'enrolled', for_cpd: true });
    // Enrolled before without it: asking for CPD turns the credit on.
    const later = await event({ cpdValue: '1.00' });
    await enrol(a!, later.id);
    const upgraded = await http.post('/api/events/cpd_event_enroll/', a!.token, {
      event: later.id,
    });
    expect(upgraded.json()).toMatchObject({ status: 'enrolled', for_cpd: true });
    await drain();
  });
});

describe('cancelling and the managers’ list', () => {
  it('the learner cancels their own; a manager removes one (the learner is told); others may not', async () => {
    const ev = await event();
    const [a, b] = await learners(2);
    const mine = (await enrol(a!, ev.id)).json();
    const theirs = (await enrol(b!, ev.id)).json();
    expect((await http.del(`/api/events/enrolment/${theirs.id}/`, a!.token)).statusCode).toBe(403);
    expect(
      (await http.del(`/api/events/enrolment/${mine.id}/`, other.admin.token)).statusCode,
    ).toBe(404);
    const trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect((await http.del(`/api/events/enrolment/${mine.id}/`, trainer2.token)).statusCode).toBe(
      403,
    );
    expect((await http.del(`/api/events/enrolment/${mine.id}/`, a!.token)).statusCode).toBe(204);
    expect((await http.del(`/api/events/enrolment/${mine.id}/`, a!.token)).statusCode).toBe(409);
    expect(
      (await http.del(`/api/events/enrolment/${theirs.id}/`, acme.trainer.token)).statusCode,
    ).toBe(204);
    await drain();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, b!.user.id),
          eq(notifications.type, 'event_enrolment_cancelled'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subjectKind: 'event', link: `/cpd?event=${ev.id}` });
  });

  it('enrolments/ is the managers’: learners 403 at the route, another trainer 403, another org 404', async () => {
    const ev = await event();
    const [a] = await learners(1);
    await makeEventEnrolment(t.database.db, ev, a!.user.id, { forCpd: true });
    const url = `/api/events/${ev.id}/enrolments/`;
    expect((await http.get(url, a!.token)).statusCode).toBe(403);
    const trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect((await http.get(url, trainer2.token)).statusCode).toBe(403);
    expect((await http.get(url, other.admin.token)).statusCode).toBe(404);
    const page = await http.get(url, acme.trainer.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      count: 1,
      results: [
        {
          user: { id: a!.user.id, email: a!.user.email },
          status: 'enrolled',
          for_cpd: true,
          attended: [],
        },
      ],
    });
  });
});

describe('invitations (iCalendar)', () => {
  it('a recurring event’s REQUEST carries its UID, SEQUENCE, zone, RRULE and EXDATE; a cancel, a CANCEL', async () => {
    const created = await http.post('/api/events/', acme.admin.token, {
      title: 'Paris workshop',
      starts_at: '2027-03-16T08:00:00Z',
      ends_at: '2027-03-16T09:00:00Z',
      time_zone: 'Europe/Paris',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      exdates: ['2027-03-23T08:00:00Z'],
      location: 'Salle 3',
      status: 'published',
    });
    expect(created.statusCode).toBe(201);
    const ev = created.json();
    const [a] = await learners(1);
    expect((await enrol(a!, ev.id)).statusCode).toBe(201);
    await drain();
    const invite = invitationIn(await catcher.latestTo(a!.user.email));
    expect(invite.method).toBe('REQUEST');
    expect(invite.uid).toBe(`event-${ev.uuid}@learn.example.org`);
    expect(invite.sequence).toBe(0);
    expect(invite.status).toBe('CONFIRMED');
    expect(invite.tzid).toBe('Europe/Paris');
    expect(invite.timezones).toEqual(['Europe/Paris']);
    expect([invite.start.hour, invite.start.minute]).toEqual([9, 0]);
    expect(invite.rrule).toBe('FREQ=WEEKLY;COUNT=4');
    expect(invite.exdates.map((d) => d.toString())).toEqual(['2027-03-23T09:00:00']);
    // Expanded by a calendar client: the same occurrences the API lists.
    const zone = new ICAL.Timezone(invite.cal.getFirstSubcomponent('vtimezone')!);
    const expanded = new ICAL.Event(invite.vevent).iterator();
    const seen: string[] = [];
    for (let next = expanded.next(); next && seen.length < 10; next = expanded.next()) {
      next.zone = zone;
      if (!invite.exdates.some((x) => x.compare(next) === 0)) {
        seen.push(next.toJSDate().toISOString());
      }
    }
    expect(seen).toEqual(ev.occurrences.map((o: { starts_at: string }) => o.starts_at));

    // Moved: a new REQUEST with a higher SEQUENCE; cancelled: a CANCEL, higher still.
    await http.patch(`/api/events/${ev.id}/`, acme.admin.token, { location: 'Salle 4' });
    await drain();
    const moved = invitationIn(await catcher.latestTo(a!.user.email));
    expect(moved).toMatchObject({ method: 'REQUEST', sequence: 1 });
    expect(moved.vevent.getFirstPropertyValue('location')).toBe('Salle 4');
    expect((await http.del(`/api/events/${ev.id}/`, acme.admin.token)).json()).toEqual({
      outcome: 'cancelled',
    });
    await drain();
    const cancel = invitationIn(await catcher.latestTo(a!.user.email));
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
    expect(cancel.uid).toBe(invite.uid);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, a!.user.id), eq(notifications.type, 'event_cancelled')),
      );
    expect(told).toHaveLength(1);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('racing for the last seat (PostgreSQL)', () => {
  it('two learners enrol in the last seat at once: exactly one gets it, the other meets “full”', async () => {
    for (let round = 0; round < 5; round++) {
      const ev = await event({ capacity: 1 });
      const [a, b] = await learners(2);
      const answers = await Promise.all([enrol(a!, ev.id), enrol(b!, ev.id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.database.db
        .select()
        .from(eventEnrolments)
        .where(eq(eventEnrolments.eventId, ev.id));
      expect(rows.filter((r) => r.status === 'enrolled')).toHaveLength(1);
    }
  });
});
