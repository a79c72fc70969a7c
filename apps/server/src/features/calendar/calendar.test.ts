import type { TCalendarItem } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  assignAssessment,
  makeAssessment,
  makeBooking,
  makeClassroomSession,
  makeCourse,
  makeEnrolment,
  makeLearningPath,
  makePathEnrolment,
} from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import type { CalendarProvider } from '../../core/calendar-provider.ts';
import { organisationFeatures } from '../../schema/admin.table.ts';
import { assessmentOverrides } from '../../schema/assessments.table.ts';
import { assignments } from '../../schema/enrolments.table.ts';
import { userMenuPermissions } from '../../schema/permissions.table.ts';

/**
 * The calendar through the API: what each provider puts on whose calendar, the range and kind
 * filters, the counts, and a provider failing without taking the calendar with it.
 */

const DAY = 86_400_000;
let t: TestApp;
let acme: Staff;
let globex: Staff;

/** 00:00 UTC, `days` from today: the tests' dates stay in the future, as bookings need. */
const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
};
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const from = dayFromNow(10);
const to = dayFromNow(40);

async function items(token: string, query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/api/calendar/', {
    token,
    query: { from: ymd(from), to: ymd(to), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: TCalendarItem[]; unavailable: string[]; from: string; to: string };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/calendar/kinds/', () => {
  it("lists every provider's kinds with their labels, for every signed-in role", async () => {
    for (const who of ['learner', 'trainer', 'admin', 'superadmin'] as const) {
      const res = await call(t.app, 'GET', '/api/calendar/kinds/', { token: acme[who].token });
      expect(res.statusCode).toBe(200);
      const kinds = res.json() as { kind: string; label: string; source: string }[];
      expect(kinds).toEqual(
        expect.arrayContaining([
          { kind: 'course_due', label: 'Course due dates', source: 'learning' },
          { kind: 'assignment_due', label: 'Assignment deadlines', source: 'learning' },
          {
            kind: 'learning_path_due',
            label: 'Learning path due dates',
            source: 'learning-paths',
          },
          { kind: 'assessment_window', label: 'Assessment windows', source: 'assessments' },
          { kind: 'classroom_session', label: 'My classroom sessions', source: 'classrooms' },
          { kind: 'classroom_open', label: 'Other classroom sessions', source: 'classrooms' },
        ]),
      );
    }
    expect((await call(t.app, 'GET', '/api/calendar/kinds/')).statusCode).toBe(401);
  });

  it('is refused (403) to a user whose /calendar menu entry is switched off', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    await t.database.db.insert(userMenuPermissions).values({
      userId: learner.user.id,
      menu: [{ title: 'Calendar', href: '/calendar', icon: 'CalendarMonth', permission: false }],
    });
    for (const url of ['/api/calendar/kinds/', `/api/calendar/?from=${ymd(from)}&to=${ymd(to)}`]) {
      expect((await call(t.app, 'GET', url, { token: learner.token })).statusCode).toBe(403);
    }
    const create = await call(t.app, 'POST', '/api/calendar/feed-token/', { token: learner.token });
    expect(create.statusCode).toBe(403);
  });
});

describe('GET /api/calendar/ range', () => {
  const ask = (query: Record<string, string>) =>
    call(t.app, 'GET', '/api/calendar/', { token: acme.learner.token, query });

  it('names the field at fault: missing, malformed, end not after start, over 92 days', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ to: '2026-03-01' }, 'from'],
      [{ from: 'yesterday', to: '2026-03-01' }, 'from'],
      [{ from: '2026-03-01', to: '2026-03-01T10:00:00' }, 'to'],
      [{ from: '2026-03-10', to: '2026-03-09' }, 'to'],
      [{ from: '2026-03-01T10:00:00Z', to: '2026-03-01T10:00:00Z' }, 'to'],
      [{ from: '2026-01-01', to: '2026-04-03' }, 'to'],
      [{ from: '2026-03-01', to: '2026-03-02', kinds: 'course_due,nonsense' }, 'kinds'],
      [{ from: '2026-03-01', to: '2026-03-02', kinds: 'Not a kind!' }, 'kinds'],
    ];
    for (const [query, field] of cases) {
      const res = await ask(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(query)).toBeDefined();
    }
  });

  it('accepts dates (whole UTC days) and instants, up to 92 days', async () => {
    const res = await ask({ from: '2026-01-01', to: '2026-04-02' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-04-03T00:00:00.000Z',
      items: [],
      unavailable: [],
    });
    const instants = await ask({ from: '2026-03-01T09:00:00+01:00', to: '2026-03-01T18:00:00Z' });
    expect(instants.json()).toMatchObject({
      from: '2026-03-01T08:00:00.000Z',
      to: '2026-03-01T18:00:00.000Z',
    });
  });
});

describe('providers', () => {
  it("a course's due date shows on its learner's calendar only, as the whole day", async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    // Due at the end of the day in Paris (the web stores 23:59:59 of the day picked).
    const day = dayFromNow(15);
    const dueAt = new Date(day.getTime() + 22 * 3600_000 + 59 * 60_000 + 59_000);
    const enrolment = await makeEnrolment(t.database.db, {
      course,
      userId: learner.user.id,
      dueAt,
    });
    // Another learner of the course without a due date, and one whose course is done.
    await makeEnrolment(t.database.db, { course, userId: other.user.id });
    const done = await makeCourse(t.database.db, { organisationId: acme.org.id });
    await makeEnrolment(t.database.db, {
      course: done,
      userId: learner.user.id,
      status: 'completed',
      dueAt,
    });

    const mine = (await items(learner.token)).items.filter((i) => i.kind === 'course_due');
    expect(mine).toEqual([
      {
        id: `course-due:${enrolment.id}`,
        kind: 'course_due',
        title: `Due: ${course.title}`,
        starts_at: day.toISOString(),
        ends_at: new Date(day.getTime() + DAY).toISOString(),
        all_day: true,
        time_zone: null,
        link: `/course-module/${course.id}`,
        location: null,
        detail: 'Course due date',
      },
    ]);
    for (const token of [other.token, acme.admin.token, acme.trainer.token]) {
      expect((await items(token)).items.filter((i) => i.kind === 'course_due')).toEqual([]);
    }
  });

  it("an assignment's deadline shows, at its hour, to the course's enrolled learners", async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    const outsider = await signedInLearner(t, acme.org.id);
    await makeEnrolment(t.database.db, { course, userId: learner.user.id });
    const dueAt = new Date(dayFromNow(20).getTime() + 12 * 3600_000);
    const [assignment] = await t.database.db
      .insert(assignments)
      .values({ courseId: course.id, title: 'Essay', dueAt })
      .returning();
    const found = (await items(learner.token, { kinds: 'assignment_due' })).items;
    expect(found).toEqual([
      expect.objectContaining({
        id: `assignment-due:${assignment!.id}`,
        kind: 'assignment_due',
        title: 'Due: Essay',
        starts_at: dueAt.toISOString(),
        ends_at: null,
        all_day: false,
        link: `/course-module/${course.id}`,
        detail: course.title,
      }),
    ]);
    expect((await items(outsider.token, { kinds: 'assignment_due' })).items).toEqual([]);
  });

  it("a learning path's due date shows to its enrolled learner", async () => {
    const path = await makeLearningPath(t.database.db, { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    const day = dayFromNow(12);
    const enrolment = await makePathEnrolment(t.database.db, path, {
      userId: learner.user.id,
      dueAt: new Date(day.getTime() + 12 * 3600_000),
    });
    const found = (await items(learner.token, { kinds: 'learning_path_due' })).items;
    expect(found).toEqual([
      expect.objectContaining({
        id: `learning-path-due:${enrolment.id}`,
        title: `Due: ${path.title}`,
        starts_at: day.toISOString(),
        all_day: true,
        link: `/learning-path/learner/learning-path/${path.id}`,
      }),
    ]);
    expect((await items(acme.learner.token, { kinds: 'learning_path_due' })).items).toEqual([]);
  });

  it("an assessment's window shows to whom it is assigned, with their own override", async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const late = await signedInLearner(t, acme.org.id);
    const opensAt = new Date(dayFromNow(14).getTime() + 9 * 3600_000);
    const closesAt = new Date(dayFromNow(14).getTime() + 11 * 3600_000);
    const exam = await makeAssessment(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
      title: 'Safety exam',
      settings: { opensAt, closesAt },
    });
    const draft = await makeAssessment(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
      status: 'draft',
      settings: { opensAt, closesAt },
    });
    await assignAssessment(t.database.db, exam.id, [learner.user.id, late.user.id]);
    await assignAssessment(t.database.db, draft.id, [learner.user.id]);
    const lateClose = new Date(closesAt.getTime() + 2 * DAY);
    await t.database.db
      .insert(assessmentOverrides)
      .values({ assessmentId: exam.id, userId: late.user.id, closesAt: lateClose });

    const window = (await items(learner.token, { kinds: 'assessment_window' })).items;
    expect(window).toEqual([
      {
        id: `assessment:${exam.id}`,
        kind: 'assessment_window',
        title: 'Safety exam',
        starts_at: opensAt.toISOString(),
        ends_at: closesAt.toISOString(),
        all_day: false,
        time_zone: null,
        link: `/assessment/${exam.uuid}`,
        location: null,
        detail: 'Assessment',
      },
    ]);
    const theirs = (await items(late.token, { kinds: 'assessment_window' })).items;
    expect(theirs.map((i) => i.ends_at)).toEqual([lateClose.toISOString()]);
    // Not assigned: not on the calendar.
    expect((await items(acme.learner.token, { kinds: 'assessment_window' })).items).toEqual([]);
  });

  it('classroom sessions: the booked one is mine, the others open to book; cross-org never', async () => {
    const startsAt = new Date(dayFromNow(18).getTime() + 8 * 3600_000);
    const { session, classroom, cls } = await makeClassroomSession(t.database.db, {
      organisationId: acme.org.id,
      session: { startsAt, minutes: 90, title: 'First aid' },
    });
    const learner = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    await makeBooking(t.database.db, session, learner.user.id, 'booked');
    // globex's session on the same day: never on acme's calendars, nor the other way round.
    const foreign = await makeClassroomSession(t.database.db, {
      organisationId: globex.org.id,
      session: { startsAt },
    });
    await makeBooking(t.database.db, foreign.session, globex.learner.user.id, 'booked');

    const expected = {
      id: `classroom-session:${session.id}`,
      title: 'First aid',
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      all_day: false,
      time_zone: 'UTC',
      link: `/classroom/classes?session=${session.id}`,
    };
    const mine = (await items(learner.token, { kinds: 'classroom_session,classroom_open' })).items;
    expect(mine).toEqual([
      expect.objectContaining({
        ...expected,
        kind: 'classroom_session',
        detail: `${classroom.title} · ${cls.name}`,
      }),
    ]);
    const theirs = (await items(other.token, { kinds: 'classroom_session,classroom_open' })).items;
    expect(theirs).toEqual([expect.objectContaining({ ...expected, kind: 'classroom_open' })]);
    const ids = (await items(globex.learner.token)).items.map((i) => i.id);
    expect(ids).toEqual([`classroom-session:${foreign.session.id}`]);
    const admins = (await items(globex.admin.token)).items.map((i) => i.id);
    expect(admins).not.toContain(`classroom-session:${session.id}`);
  });

  it('sorts by start and filters by kind', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    await makeEnrolment(t.database.db, {
      course,
      userId: learner.user.id,
      dueAt: new Date(dayFromNow(25).getTime() + 12 * 3600_000),
    });
    const path = await makeLearningPath(t.database.db, { organisationId: acme.org.id });
    await makePathEnrolment(t.database.db, path, {
      userId: learner.user.id,
      dueAt: new Date(dayFromNow(11).getTime() + 12 * 3600_000),
    });
    // (Kinds named: acme's sessions open to book are on every acme learner's calendar.)
    const dues = 'course_due,learning_path_due,assignment_due,assessment_window';
    const all = (await items(learner.token, { kinds: dues })).items;
    expect(all.map((i) => i.kind)).toEqual(['learning_path_due', 'course_due']);
    const some = (await items(learner.token, { kinds: 'course_due' })).items;
    expect(some.map((i) => i.kind)).toEqual(['course_due']);
    // Outside the range: nothing.
    const before = await call(t.app, 'GET', '/api/calendar/', {
      token: learner.token,
      query: { from: ymd(dayFromNow(1)), to: ymd(dayFromNow(9)), kinds: dues },
    });
    expect(before.json().items).toEqual([]);
  });
});

describe('GET /api/calendar/counts/', () => {
  it('counts per kind and per day (in the zone asked for)', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const course2 = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const day = dayFromNow(16);
    for (const c of [course, course2]) {
      await makeEnrolment(t.database.db, {
        course: c,
        userId: learner.user.id,
        dueAt: new Date(day.getTime() + 12 * 3600_000),
      });
    }
    // An assignment due at 23:30 UTC: the next day in Paris.
    await makeEnrolment(t.database.db, {
      course: await makeCourse(t.database.db, { organisationId: acme.org.id }),
      userId: learner.user.id,
    });
    await t.database.db.insert(assignments).values({
      courseId: course.id,
      title: 'Late essay',
      dueAt: new Date(day.getTime() + 23.5 * 3600_000),
    });
    const next = ymd(new Date(day.getTime() + DAY));
    const res = await call(t.app, 'GET', '/api/calendar/counts/', {
      token: learner.token,
      query: {
        from: ymd(from),
        to: ymd(to),
        time_zone: 'Europe/Paris',
        kinds: 'course_due,assignment_due',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: from.toISOString(),
      to: new Date(to.getTime() + DAY).toISOString(),
      time_zone: 'Europe/Paris',
      total: 3,
      by_kind: { course_due: 2, assignment_due: 1 },
      by_day: [
        { date: ymd(day), total: 2, by_kind: { course_due: 2 } },
        { date: next, total: 1, by_kind: { assignment_due: 1 } },
      ],
      unavailable: [],
    });
    const bad = await call(t.app, 'GET', '/api/calendar/counts/', {
      token: learner.token,
      query: { from: ymd(from), to: ymd(to), time_zone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.time_zone).toBeDefined();
  });
});

describe('a provider that fails', () => {
  // A slice whose provider throws, wired in beside the real ones for these tests only.
  const failing: CalendarProvider = {
    kinds: { broken_kind: 'Never answers' },
    items: async () => {
      throw new Error('the slice is down');
    },
  };
  const providers = () => t.app.ctx.calendarProviders as Map<string, CalendarProvider>;
  beforeAll(() => {
    providers().set('broken', failing);
  });
  afterAll(() => {
    providers().delete('broken');
  });

  it('is reported unavailable while the others answer', async () => {
    const staff = await makeOrganisationWithStaff(t.database.db, t.config);
    const course = await makeCourse(t.database.db, { organisationId: staff.org.id });
    await makeEnrolment(t.database.db, {
      course,
      userId: staff.learner.user.id,
      dueAt: new Date(dayFromNow(15).getTime() + 12 * 3600_000),
    });
    const query = { from: ymd(from), to: ymd(to) };
    const res = await call(t.app, 'GET', '/api/calendar/', {
      token: staff.learner.token,
      query,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().unavailable).toEqual(['broken_kind']);
    expect(res.json().items.map((i: TCalendarItem) => i.kind)).toEqual(['course_due']);
    // Not asked for: not tried.
    const only = await call(t.app, 'GET', '/api/calendar/', {
      token: staff.learner.token,
      query: { ...query, kinds: 'course_due' },
    });
    expect(only.json().unavailable).toEqual([]);
    const counts = await call(t.app, 'GET', '/api/calendar/counts/', {
      token: staff.learner.token,
      query,
    });
    expect(counts.json()).toMatchObject({ total: 1, unavailable: ['broken_kind'] });
  });

  it('is not asked when the feature of its module is switched off for the organisation', async () => {
    const staff = await makeOrganisationWithStaff(t.database.db, t.config);
    const features = t.app.ctx.moduleFeatures as Map<string, string>;
    features.set('broken', 'blogs');
    try {
      await t.database.db
        .insert(organisationFeatures)
        .values({ organisationId: staff.org.id, feature: 'blogs', enabled: false });
      const res = await call(t.app, 'GET', '/api/calendar/', {
        token: staff.learner.token,
        query: { from: ymd(from), to: ymd(to) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().unavailable).toEqual([]);
    } finally {
      features.delete('broken');
    }
  });

  it('makes the feed a 503, so that subscribed calendars keep their last copy', async () => {
    const staff = await makeOrganisationWithStaff(t.database.db, t.config);
    const made = await call(t.app, 'POST', '/api/calendar/feed-token/', {
      token: staff.learner.token,
    });
    const path = new URL(made.json().url).pathname;
    const res = await call(t.app, 'GET', path);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('300');
    expect(res.json().message).toMatch(/not available/);
    expect((await call(t.app, 'GET', `${path}?kinds=course_due`)).statusCode).toBe(200);
  });
});
