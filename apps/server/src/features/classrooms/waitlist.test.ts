import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeClassroomSession, makeRoom } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { type CaughtMail, startMailCatcher } from '../../../test/mail-catcher.ts';
import { classroomBookings, classroomSessions } from '../../schema/classrooms.table.ts';
import { promoteWaitlist } from './bookings.waitlist.ts';

let t: TestApp;
let acme: Staff;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({
    env: { SMTP_URL: catcher.url, PUBLIC_BASE_URL: 'https://learn.example.org' },
  });
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const drain = () => t.app.ctx.jobs.drain();
const ATTENDEE = '/api/classroom/attendee/';

/** The invitation a mail carries: its text/calendar part, decoded and parsed. */
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
  const event = cal.getFirstSubcomponent('vevent')!;
  return {
    headers,
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    tzid: event.getFirstProperty('dtstart')!.getParameter('tzid'),
    location: event.getFirstPropertyValue('location'),
  };
}

const mailsTo = (address: string) => catcher.mails.filter((m) => m.to.includes(address));

describe('waitlist promotion, notification and invitations', () => {
  it('the first cancels: the first on the waitlist is booked, told, and sent the invitation', async () => {
    const room = await makeRoom(t.database.db, acme.org.id);
    const { session: s } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { capacity: 1, roomId: room.id, title: 'Fire safety' },
    });
    // Scheduled in Paris: the invitation keeps that zone.
    await t.database.db
      .update(classroomSessions)
      .set({ timeZone: 'Europe/Paris' })
      .where(eq(classroomSessions.id, s.id));
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => signedInLearner(t, acme.org.id)),
    );
    const booked = (await api(t).post(ATTENDEE, first!.token, { session: s.id })).json();
    const waiting = (await api(t).post(ATTENDEE, second!.token, { session: s.id })).json();
    await api(t).post(ATTENDEE, third!.token, { session: s.id });
    expect([booked.status, waiting.status, waiting.waitlist_position]).toEqual([
      'booked',
      'waitlisted',
      1,
    ]);
    await drain();
    // The booked learner has the calendar entry; the waitlisted ones none.
    const invite = invitationIn(await catcher.latestTo(first!.user.email));
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `classroom-session-${s.uuid}@learn.example.org`,
      sequence: 0,
      status: 'CONFIRMED',
      tzid: 'Europe/Paris',
    });
    expect(invite.headers).toMatch(/method=REQUEST/i);
    expect(invite.location).toContain(room.name);
    expect(mailsTo(second!.user.email)).toHaveLength(0);

    expect((await api(t).del(`${ATTENDEE}${booked.id}/`, first!.token)).statusCode).toBe(204);
    await drain();

    const [promoted] = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, waiting.id));
    expect(promoted?.status).toBe('booked');
    const mine = (await api(t).get('/api/classroom/event/', third!.token)).json();
    expect(mine.results[0]).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });

    // The bell: the promoted learner is told, with a link to their booking view.
    const bell = (
      await call(t.app, 'GET', '/api/notify/', {
        token: second!.token,
        query: { type: 'classroom_promoted' },
      })
    ).json();
    expect(bell.results).toEqual([
      expect.objectContaining({
        type: 'classroom_promoted',
        subject: { kind: 'classroom_session', id: s.id, title: 'Fire safety' },
        link: `/classroom/classes?session=${s.id}`,
        is_viewed: false,
      }),
    ]);
    expect(bell.results[0].message).toContain('Fire safety');

    // The promoted learner's invitation, and the CANCEL of the one who left, one SEQUENCE up.
    const theirs = invitationIn(await catcher.latestTo(second!.user.email));
    expect(theirs).toMatchObject({ method: 'REQUEST', uid: invite.uid });
    const cancel = invitationIn(await catcher.latestTo(first!.user.email));
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: invite.uid, status: 'CANCELLED' });
    expect(cancel.sequence).toBeGreaterThan(invite.sequence);

    // Booking again after the cancel: the new REQUEST is newer than the CANCEL.
    await call(t.app, 'DELETE', `${ATTENDEE}${waiting.id}/`, { token: second!.token });
    await drain();
    const again = (await api(t).post(ATTENDEE, first!.token, { session: s.id })).json();
    await drain();
    expect(again.status).toBe('waitlisted');
  });

  it('a rebooked learner’s REQUEST carries a SEQUENCE above their earlier CANCEL', async () => {
    const { session: s } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { online: true },
    });
    const ada = await signedInLearner(t, acme.org.id);
    const one = (await api(t).post(ATTENDEE, ada.token, { session: s.id })).json();
    await drain();
    await api(t).del(`${ATTENDEE}${one.id}/`, ada.token);
    await drain();
    await api(t).post(ATTENDEE, ada.token, { session: s.id });
    await drain();
    const sent = mailsTo(ada.user.email).map(invitationIn);
    expect(sent.map((i) => [i.method, i.sequence])).toEqual([
      ['REQUEST', 0],
      ['CANCEL', 1],
      ['REQUEST', 2],
    ]);
    // Online: the location is the booking page.
    expect(sent[0]!.location).toContain(`/classroom/classes?session=${s.id}`);
  });

  it('a raised capacity (seat_freed) moves the waitlist; after it closes nothing moves', async () => {
    const { session: s } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { capacity: 1 },
      classOptions: { waitlistClosesHours: 2 },
    });
    const learners = await Promise.all([1, 2, 3].map(() => signedInLearner(t, acme.org.id)));
    for (const l of learners) await api(t).post(ATTENDEE, l.token, { session: s.id });
    await t.database.db
      .update(classroomSessions)
      .set({ capacity: 3 })
      .where(eq(classroomSessions.id, s.id));
    // Within the closing hours nothing moves...
    const late = new Date(s.startsAt.getTime() - 3600_000);
    expect(await promoteWaitlist(t.app.ctx, s.id, late)).toEqual([]);
    // ...before them, the first come go first.
    const promoted = await promoteWaitlist(t.app.ctx, s.id);
    expect(promoted).toHaveLength(2);
    const rows = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.sessionId, s.id));
    expect(rows.every((r) => r.status === 'booked')).toBe(true);
    await drain();
  });

  it('a seat freed goes to the waitlist first: a newcomer queues behind, even before promotion runs', async () => {
    const { session: s } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { capacity: 1 },
    });
    const [first, second, newcomer] = await Promise.all(
      [1, 2, 3].map(() => signedInLearner(t, acme.org.id)),
    );
    const booked = (await api(t).post(ATTENDEE, first!.token, { session: s.id })).json();
    await api(t).post(ATTENDEE, second!.token, { session: s.id });
    expect((await api(t).del(`${ATTENDEE}${booked.id}/`, first!.token)).statusCode).toBe(204);
    // The promotion has not run yet: the free seat is the waitlist's, not the newcomer's.
    const late = (await api(t).post(ATTENDEE, newcomer!.token, { session: s.id })).json();
    expect(late).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    await drain();
    const rows = await t.database.db
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.sessionId, s.id));
    const statusOf = (userId: number) =>
      rows.find((r) => r.userId === userId && r.status !== 'cancelled')?.status;
    expect([statusOf(second!.user.id), statusOf(newcomer!.user.id)]).toEqual([
      'booked',
      'waitlisted',
    ]);
  });

  it('a manager raising the capacity through the session’s edit promotes the waitlist', async () => {
    const { session: s, classroom } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { capacity: 1, online: true },
    });
    const learners = await Promise.all([1, 2].map(() => signedInLearner(t, acme.org.id)));
    for (const l of learners) await api(t).post(ATTENDEE, l.token, { session: s.id });
    expect(classroom.organisationId).toBe(acme.org.id);
    const res = await api(t).patch(
      `/api/classrooms/session-update-delete/${s.id}/`,
      acme.admin.token,
      {
        capacity: 2,
      },
    );
    expect(res.statusCode).toBe(200);
    await drain();
    const after = await api(t).get(
      `/api/classrooms/session-update-delete/${s.id}/`,
      learners[1]!.token,
    );
    expect(after.json()).toMatchObject({
      booked_count: 2,
      waitlisted_count: 0,
      my_booking: { status: 'booked' },
    });
  });
});
