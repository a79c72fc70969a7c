import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  makeBooking,
  makeClassroomSession,
  makeCourse,
  makeEnrolment,
} from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { calendarFeedTokens } from '../../schema/calendar.table.ts';
import { classroomSessions } from '../../schema/classrooms.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

/**
 * The private iCal feed: the token made, shown once and stored hashed; the feed fetched as a
 * calendar app does (no sign-in) and read with ical.js; revoking or replacing the token ends the
 * old URL; the feed acts as its user, in the organisation it was made in, while they belong.
 */

const DAY = 86_400_000;
let t: TestApp;
let acme: Staff;

const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
};

const newToken = async (token: string) => {
  const res = await call(t.app, 'POST', '/api/calendar/feed-token/', { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; created_at: string };
};
/** The feed's path, fetched as Outlook or Google would: no Authorization, no cookie. */
const fetchFeed = (url: string) => call(t.app, 'GET', new URL(url).pathname);

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://learn.example.org' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
}, 120_000);
afterAll(() => t?.close());

describe('feed token', () => {
  it('two made at once leave one live token', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const made = await Promise.all([newToken(learner.token), newToken(learner.token)]);
    const rows = await t.database.db
      .select()
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.userId, learner.user.id));
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
    const answers = await Promise.all(made.map((m) => fetchFeed(m.url)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('is made once, shown once, stored as a hash; the state never shows it', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const none = await call(t.app, 'GET', '/api/calendar/feed-token/', { token: learner.token });
    expect(none.json()).toEqual({ exists: false, created_at: null });

    const { url, created_at } = await newToken(learner.token);
    expect(url).toMatch(
      /^https:\/\/learn\.example\.org\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    const token = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
    const state = await call(t.app, 'GET', '/api/calendar/feed-token/', { token: learner.token });
    expect(state.json()).toEqual({ exists: true, created_at });
    expect(state.body).not.toContain(token);
    const rows = await t.database.db
      .select()
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.userId, learner.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.organisationId).toBe(acme.org.id);

    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(t.app, method, '/api/calendar/feed-token/')).statusCode).toBe(401);
    }
  });
});

describe('GET /api/calendar/feed/:token', () => {
  it('answers the calendar without sign-in: UIDs, a Paris session in its zone, due days', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    // A session at 08:00 UTC in summer or winter: 09:00 or 10:00 in Paris.
    const startsAt = new Date(dayFromNow(20).getTime() + 8 * 3600_000);
    const { session, classroom } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { startsAt, minutes: 60, title: 'Fire safety' },
    });
    await t.database.db
      .update(classroomSessions)
      .set({ timeZone: 'Europe/Paris' })
      .where(eq(classroomSessions.id, session.id));
    await makeBooking(t.database.db, session, learner.user.id, 'booked');
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const dueDay = dayFromNow(30);
    const enrolment = await makeEnrolment(t.database.db, {
      course,
      userId: learner.user.id,
      dueAt: new Date(dueDay.getTime() + 22 * 3600_000),
    });

    const { url } = await newToken(learner.token);
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['content-disposition']).toBe('inline; filename="atrium.ics"');
    // Without the .ics too.
    expect((await fetchFeed(url.replace(/\.ics$/, ''))).statusCode).toBe(200);

    const cal = new ICAL.Component(ICAL.parse(res.body));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = new Map(
      cal.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]),
    );
    const sessionEvent = events.get(`classroom-session:${session.id}@learn.example.org`);
    expect(sessionEvent, [...events.keys()].join()).toBeDefined();
    const start = sessionEvent!.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('Europe/Paris');
    const parisHour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(startsAt),
    );
    const wall = start.getFirstValue() as ICAL.Time;
    expect([wall.hour, wall.minute]).toEqual([parisHour, 0]);
    // The VTIMEZONE makes it the same instant.
    const paris = cal
      .getAllSubcomponents('vtimezone')
      .find((z) => z.getFirstPropertyValue('tzid') === 'Europe/Paris');
    expect(paris).toBeDefined();
    wall.zone = new ICAL.Timezone(paris!);
    expect(wall.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(sessionEvent!.getFirstPropertyValue('summary')).toBe('Fire safety');
    expect(sessionEvent!.getFirstPropertyValue('url')).toBe(
      `https://learn.example.org/classroom/classes?session=${session.id}`,
    );
    expect(String(sessionEvent!.getFirstPropertyValue('description'))).toContain(classroom.title);

    const due = events.get(`course-due:${enrolment.id}@learn.example.org`);
    expect(due).toBeDefined();
    const dueStart = due!.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(dueStart.isDate).toBe(true);
    expect(dueStart.toString()).toBe(dueDay.toISOString().slice(0, 10));
    expect(due!.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(due!.getFirstPropertyValue('summary')).toBe(`Due: ${course.title}`);
  });

  it('a replaced token answers 404, and so does a revoked one', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const first = await newToken(learner.token);
    const second = await newToken(learner.token);
    const gone = await fetchFeed(first.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Calendar feed not found.' });
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    const revoke = await call(t.app, 'DELETE', '/api/calendar/feed-token/', {
      token: learner.token,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    const state = await call(t.app, 'GET', '/api/calendar/feed-token/', { token: learner.token });
    expect(state.json()).toEqual({ exists: false, created_at: null });
  });

  it('an unknown token is a 404', async () => {
    const res = await call(t.app, 'GET', '/api/calendar/feed/not-a-real-token.ics');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Calendar feed not found.');
  });

  it("acts as its user in its organisation: another organisation's items never appear", async () => {
    const globex = await makeOrganisationWithStaff(t.database.db, t.config);
    const startsAt = new Date(dayFromNow(5).getTime() + 8 * 3600_000);
    const foreign = await makeClassroomSession(t.database.db, {
      organisationId: globex.org.id,
      session: { startsAt },
    });
    const own = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { startsAt },
    });
    const { url } = await newToken(acme.admin.token);
    const body = (await fetchFeed(url)).body;
    expect(body).toContain(`classroom-session:${own.session.id}@`);
    expect(body).not.toContain(`classroom-session:${foreign.session.id}@`);
    // Signed in elsewhere, the caller reads the feed the same: the token decides, not the header.
    const asGlobex = await call(t.app, 'GET', new URL(url).pathname, { token: globex.admin.token });
    expect(asGlobex.body).toContain(`classroom-session:${own.session.id}@`);
    expect(asGlobex.body).not.toContain(`classroom-session:${foreign.session.id}@`);
  });

  it('stops when the user is deactivated or leaves the organisation', async () => {
    const leaver = await signedInLearner(t, acme.org.id);
    const sleeper = await signedInLearner(t, acme.org.id);
    const leaving = await newToken(leaver.token);
    const sleeping = await newToken(sleeper.token);
    expect((await fetchFeed(leaving.url)).statusCode).toBe(200);
    await t.database.db.delete(memberships).where(eq(memberships.userId, leaver.user.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, sleeper.user.id));
    expect((await fetchFeed(leaving.url)).statusCode).toBe(404);
    expect((await fetchFeed(sleeping.url)).statusCode).toBe(404);
  });

  it('filters by kind when the URL asks (?kinds=)', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    await makeEnrolment(t.database.db, {
      course,
      userId: learner.user.id,
      dueAt: new Date(dayFromNow(3).getTime() + 12 * 3600_000),
    });
    const { url } = await newToken(learner.token);
    const path = new URL(url).pathname;
    const only = await call(t.app, 'GET', `${path}?kinds=course_due`);
    expect(only.body).toContain('course-due:');
    expect(only.body).not.toContain('classroom-session:');
    const none = await call(t.app, 'GET', `${path}?kinds=classroom_session`);
    expect(none.body).not.toContain('course-due:');
    expect((await call(t.app, 'GET', `${path}?kinds=bogus`)).statusCode).toBe(400);
  });
});
