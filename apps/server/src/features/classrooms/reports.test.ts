import type {
  TCalendarEntry,
  TClassReport,
  TClassroomDashboard,
  TClassroomLearnerReport,
  TDashboardAdditional,
  TSessionDataCount,
  TSessionReport,
} from '@atrium/contract';
import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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
  makeBooking,
  makeClass,
  makeClassroom,
  makeSession,
  makeTopic,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import {
  classroomBookings,
  classroomCompletions,
  classroomSurveyResponses,
} from '../../schema/classrooms.table.ts';

/*
 * Reports on a small fixture: one class, two past sessions and one to come, three learners with
 * marks set on their bookings, two survey answers and one completion. The figures are what a
 * manager reads; the scope is who may read them.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const H = 3_600_000;
let sessionTrainer: SignedIn;
let outsider: SignedIn;
let l1: SignedIn;
let l2: SignedIn;
let l3: SignedIn;
let cls: { id: number };
let s1: { id: number; organisationId: number };
let s2: { id: number; organisationId: number };
let s3: { id: number; organisationId: number };

async function mark(sessionId: number, userId: number, status: string, attendance: string | null) {
  const attended = status === 'attended' || status === 'partial';
  await db()
    .update(classroomBookings)
    .set({
      status: status as 'attended',
      attendance: attendance as 'present' | null,
      checkedInAt: attended ? new Date() : null,
      checkinMethod: status === 'attended' ? 'code' : status === 'partial' ? 'trainer' : null,
    })
    .where(eq(classroomBookings.id, (await bookingOf(sessionId, userId)).id));
}
async function bookingOf(sessionId: number, userId: number) {
  const rows = await db()
    .select()
    .from(classroomBookings)
    .where(eq(classroomBookings.sessionId, sessionId));
  return rows.find((r) => r.userId === userId)!;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
  sessionTrainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  outsider = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  [l1, l2, l3] = [
    await signedInLearner(t, acme.org.id),
    await signedInLearner(t, acme.org.id),
    await signedInLearner(t, acme.org.id),
  ];
  const classroom = await makeClassroom(db(), {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
  });
  cls = await makeClass(db(), {
    classroomId: classroom.id,
    organisationId: acme.org.id,
    surveyQuestions: ['Best part?'],
  });
  const topic = await makeTopic(db(), { id: cls.id, organisationId: acme.org.id });
  const now = Date.now();
  s1 = await makeSession(db(), topic, {
    startsAt: new Date(now - 72 * H),
    trainerIds: [sessionTrainer.user.id],
    title: 'One',
  });
  s2 = await makeSession(db(), topic, { startsAt: new Date(now - 24 * H), title: 'Two' });
  s3 = await makeSession(db(), topic, {
    startsAt: new Date(now + 48 * H),
    capacity: 5,
    minimumSize: 3,
    title: 'Three',
  });
  for (const l of [l1, l2, l3]) await makeBooking(db(), s1, l.user.id, 'booked');
  await makeBooking(db(), s2, l1.user.id, 'booked');
  await makeBooking(db(), s2, l2.user.id, 'booked');
  await makeBooking(db(), s2, l3.user.id, 'cancelled');
  await makeBooking(db(), s3, l1.user.id, 'booked');
  await makeBooking(db(), s3, l2.user.id, 'waitlisted');
  await mark(s1.id, l1.user.id, 'attended', 'present');
  await mark(s1.id, l2.user.id, 'partial', 'late');
  await mark(s1.id, l3.user.id, 'no_show', 'absent');
  await mark(s2.id, l1.user.id, 'attended', 'present');
  await mark(s2.id, l2.user.id, 'no_show', 'excused');
  await db()
    .insert(classroomSurveyResponses)
    .values([
      {
        sessionId: s1.id,
        userId: l1.user.id,
        rating: 5,
        answers: [{ question: 'Best part?', answer: 'Labs' }],
      },
      {
        sessionId: s1.id,
        userId: l2.user.id,
        rating: 3,
        answers: [{ question: 'Best part?', answer: '' }],
        comment: 'Too fast',
      },
    ]);
  await db().insert(classroomCompletions).values({ classId: cls.id, userId: l1.user.id });
});
afterAll(() => t.close());

describe('class-report', () => {
  it('gives per session seats, marks, rate and survey; per learner attendance and completion', async () => {
    const res = await http.get(
      `/api/classrooms/class-report/?class_id=${cls.id}`,
      acme.admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TClassReport;
    expect(
      r.sessions.map((s) => [
        s.title,
        s.booked,
        s.attended,
        s.partial,
        s.no_show,
        s.excused,
        s.attendance_rate,
        s.survey_average,
        s.survey_count,
      ]),
    ).toEqual([
      ['One', 3, 1, 1, 1, 0, 66.7, 4, 2],
      ['Two', 2, 1, 0, 1, 1, 100, null, 0],
      ['Three', 1, 0, 0, 0, 0, null, null, 0],
    ]);
    const byUser = new Map(r.learners.map((l) => [l.user.id, l]));
    expect(byUser.get(l1.user.id)).toMatchObject({
      attended: 2,
      partial: 0,
      total: 3,
      completed: true,
    });
    expect(byUser.get(l2.user.id)).toMatchObject({
      attended: 1,
      partial: 1,
      total: 3,
      completed: false,
    });
    expect(byUser.get(l3.user.id)).toMatchObject({ attended: 0, total: 3, completed: false });
    expect(r.survey).toEqual({
      average: 4,
      count: 2,
      questions: [{ question: 'Best part?', answers: ['Labs'] }],
      comments: ['Too fast'],
    });
  });

  it('a trainer of one of its sessions reads it; another trainer 403; a learner 403; another organisation 404', async () => {
    const url = `/api/classrooms/class-report/?class_id=${cls.id}`;
    expect((await http.get(url, sessionTrainer.token)).statusCode).toBe(200);
    expect((await http.get(url, outsider.token)).statusCode).toBe(403);
    expect((await http.get(url, l1.token)).statusCode).toBe(403);
    expect((await http.get(url, globex.admin.token)).statusCode).toBe(404);
    expect((await http.get(url, acme.superadmin.token)).statusCode).toBe(200);
  });

  it('exports its learners as CSV and XLSX', async () => {
    const csv = await http.get(
      `/api/classrooms/class-report/export/?class_id=${cls.id}`,
      acme.admin.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`class-report-${cls.id}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('name,email,attended,late,sessions,completed,completed_at');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes(l1.user.email))).toContain(',2,0,3,yes,');
    const xlsx = await http.get(
      `/api/classrooms/class-report/export/?class_id=${cls.id}&format=xlsx`,
      acme.admin.token,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
    expect(
      (
        await http.get(
          `/api/classrooms/class-report/export/?class_id=${cls.id}`,
          globex.admin.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('session-report', () => {
  it('lists attendees with status, mark and check-in, and the survey', async () => {
    const res = await http.get(
      `/api/classrooms/session-report/?session_id=${s1.id}`,
      sessionTrainer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TSessionReport;
    expect(r.counts).toEqual({
      booked: 3,
      attended: 1,
      partial: 1,
      no_show: 1,
      excused: 0,
      attendance_rate: 66.7,
      waitlisted: 0,
      requested: 0,
    });
    const a = new Map(r.attendees.map((x) => [x.user.id, x]));
    expect(a.get(l1.user.id)).toMatchObject({
      status: 'attended',
      attendance: 'present',
      checkin_method: 'code',
    });
    expect(a.get(l2.user.id)).toMatchObject({
      status: 'partial',
      attendance: 'late',
      checkin_method: 'trainer',
    });
    expect(a.get(l3.user.id)).toMatchObject({
      status: 'no_show',
      attendance: 'absent',
      checked_in_at: null,
    });
    expect(r.survey.average).toBe(4);
  });

  it('only the classroom’s managers and the session’s trainers', async () => {
    expect(
      (await http.get(`/api/classrooms/session-report/?session_id=${s2.id}`, sessionTrainer.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.get(`/api/classrooms/session-report/?session_id=${s1.id}`, globex.admin.token))
        .statusCode,
    ).toBe(404);
    const csv = await http.get(
      `/api/classrooms/session-report/export/?session_id=${s1.id}`,
      acme.admin.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(4);
  });
});

describe('learner-report', () => {
  it('a learner reads their own bookings and class progress', async () => {
    const res = await http.get('/api/classrooms/learner-report/', l2.token);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TClassroomLearnerReport;
    expect(r.user.id).toBe(l2.user.id);
    expect(r.bookings.map((b) => [b.session_title, b.status, b.attendance])).toEqual([
      ['Three', 'waitlisted', null],
      ['Two', 'no_show', 'excused'],
      ['One', 'partial', 'late'],
    ]);
    expect(r.classes).toEqual([
      expect.objectContaining({ class: cls.id, attended: 1, total: 3, completed: false }),
    ]);
    expect(
      (await http.get(`/api/classrooms/learner-report/?user_id=${l1.user.id}`, l2.token))
        .statusCode,
    ).toBe(403);
  });

  it('staff read a member’s; a trainer only the sessions in their scope; another organisation 404', async () => {
    const admin = (
      await http.get(`/api/classrooms/learner-report/?user_id=${l1.user.id}`, acme.admin.token)
    ).json() as TClassroomLearnerReport;
    expect(admin.bookings).toHaveLength(3);
    expect(admin.classes[0]).toMatchObject({ attended: 2, completed: true });
    const trainer = (
      await http.get(`/api/classrooms/learner-report/?user_id=${l1.user.id}`, sessionTrainer.token)
    ).json() as TClassroomLearnerReport;
    expect(trainer.bookings.map((b) => b.session)).toEqual([s1.id]);
    expect(
      (await http.get(`/api/classrooms/learner-report/?user_id=${l1.user.id}`, globex.admin.token))
        .statusCode,
    ).toBe(404);
    const csv = await http.get(
      `/api/classrooms/learner-report/export/?user_id=${l1.user.id}`,
      acme.admin.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(4);
  });
});

describe('session-data-count', () => {
  it('counts per session of the class or of the topic', async () => {
    const res = await http.get(
      `/api/classrooms/session-data-count/?class_id=${cls.id}`,
      acme.admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as TSessionDataCount[]).toEqual([
      { session: s1.id, booked: 3, waitlisted: 0, requested: 0, attended: 2, capacity: 10 },
      { session: s2.id, booked: 2, waitlisted: 0, requested: 0, attended: 1, capacity: 10 },
      { session: s3.id, booked: 1, waitlisted: 1, requested: 0, attended: 0, capacity: 5 },
    ]);
    expect(
      (await http.get(`/api/classrooms/session-data-count/?class_id=${cls.id}`, globex.admin.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await http.get('/api/classrooms/session-data-count/', acme.admin.token)).statusCode,
    ).toBe(400);
  });
});

describe('dashboard', () => {
  it('counts, the weekly series and the sessions to come, for the organisation', async () => {
    const res = await http.get('/api/classrooms/classroom-dashboard/', acme.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TClassroomDashboard;
    expect(d.counts).toEqual({
      classrooms: 1,
      classes: 1,
      upcoming_sessions: 1,
      bookings: 6,
      waitlisted: 1,
      attendance_rate_30d: 75,
    });
    expect(d.attendance_by_week).toHaveLength(12);
    const totals = d.attendance_by_week.reduce(
      (a, w) => ({ attended: a.attended + w.attended, booked: a.booked + w.booked }),
      { attended: 0, booked: 0 },
    );
    expect(totals).toEqual({ attended: 3, booked: 5 });
    expect(d.upcoming.map((u) => [u.id, u.booked, u.capacity])).toEqual([[s3.id, 1, 5]]);
    // Another organisation's admin sees none of it.
    const other = (
      await http.get('/api/classrooms/classroom-dashboard/', globex.admin.token)
    ).json() as TClassroomDashboard;
    expect(other.counts).toMatchObject({ classrooms: 0, bookings: 0, upcoming_sessions: 0 });
    // A superadmin asks for an organisation.
    const sup = (
      await http.get(
        `/api/classrooms/classroom-dashboard/?organisation=${acme.org.id}`,
        globex.superadmin.token,
      )
    ).json() as TClassroomDashboard;
    expect(sup.counts.bookings).toBe(6);
    // A trainer sees what they train.
    const tr = (
      await http.get('/api/classrooms/classroom-dashboard/', sessionTrainer.token)
    ).json() as TClassroomDashboard;
    expect(tr.counts).toMatchObject({ classrooms: 1, bookings: 3, upcoming_sessions: 0 });
    expect((await http.get('/api/classrooms/classroom-dashboard/', l1.token)).statusCode).toBe(403);
  });

  it('additional data: top classes, survey averages, sessions below their minimum', async () => {
    const res = await http.get('/api/classrooms/dashboard-additional-data/', acme.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TDashboardAdditional;
    expect(d.top_classes).toEqual([
      expect.objectContaining({ class: cls.id, attended: 3, marked: 4, attendance_rate: 75 }),
    ]);
    expect(d.survey_averages).toEqual([
      expect.objectContaining({ class: cls.id, average: 4, count: 2 }),
    ]);
    expect(d.below_minimum.map((s) => [s.id, s.booked, s.minimum_size])).toEqual([[s3.id, 1, 3]]);
  });
});

describe('classroom-calendar', () => {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('a learner sees their organisation’s published sessions with their booking', async () => {
    const draft = await makeClassroom(db(), { organisationId: acme.org.id, status: 'draft' });
    const dc = await makeClass(db(), { classroomId: draft.id, organisationId: acme.org.id });
    const hidden = await makeSession(db(), await makeTopic(db(), dc), {
      startsAt: new Date(Date.now() + 24 * H),
    });
    const res = await http.get(
      `/api/classrooms/classroom-calendar/?from=${day(-5)}&to=${day(5)}`,
      l2.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as TCalendarEntry[];
    expect(list.map((e) => [e.id, e.my_booking_status])).toEqual([
      [s1.id, 'partial'],
      [s2.id, 'no_show'],
      [s3.id, 'waitlisted'],
    ]);
    expect(list[0]).toMatchObject({
      class_name: expect.any(String),
      online: false,
      room: null,
      is_trainer: false,
    });
    const admin = (
      await http.get(
        `/api/classrooms/classroom-calendar/?from=${day(-5)}&to=${day(5)}`,
        acme.admin.token,
      )
    ).json() as TCalendarEntry[];
    expect(admin.map((e) => e.id)).toContain(hidden.id);
    const trainer = (
      await http.get(
        `/api/classrooms/classroom-calendar/?from=${day(-5)}&to=${day(5)}`,
        sessionTrainer.token,
      )
    ).json() as TCalendarEntry[];
    expect(trainer.find((e) => e.id === s1.id)?.is_trainer).toBe(true);
    const other = (
      await http.get(
        `/api/classrooms/classroom-calendar/?from=${day(-5)}&to=${day(5)}`,
        globex.learner.token,
      )
    ).json();
    expect(other).toEqual([]);
  });

  it('refuses more than 92 days and an end before the start', async () => {
    const long = await http.get(
      `/api/classrooms/classroom-calendar/?from=${day(0)}&to=${day(93)}`,
      l1.token,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to).toBeDefined();
    expect(
      (await http.get(`/api/classrooms/classroom-calendar/?from=${day(2)}&to=${day(1)}`, l1.token))
        .statusCode,
    ).toBe(400);
    expect(
      (await http.get(`/api/classrooms/classroom-calendar/?from=2024-13-01&to=${day(1)}`, l1.token))
        .statusCode,
    ).toBe(400);
  });
});
