import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedIn } from '../../../test/auth.ts';
import {
  makeBooking,
  makeClassroomSession,
  makeSession,
} from '../../../test/factories/classrooms.ts';
import { api } from '../../../test/http.ts';
import {
  classroomBookings,
  classroomMeetingSettings,
  classroomSessions,
  classroomSurveyResponses,
} from '../../schema/classrooms.table.ts';
import { type FakeBbb, startFakeBbb } from './meeting-providers/bbb.fixtures.ts';

/*
 * Online meetings through the API: the organisation's provider settings (secret sealed,
 * write-only), meeting creation and the token request for Jitsi (with and without JWT) and for
 * BigBlueButton against an in-process fake that checks every checksum, attendance recorded by
 * joining, and the end-meet page.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let a: Staff;
let b: Staff;
let bbb: FakeBbb;
const db = () => t.database.db;
const SETTINGS = '/api/classrooms/meeting-settings/';
const minutes = (m: number) => new Date(Date.now() + m * 60_000);

beforeAll(async () => {
  // The fake BBB listens on loopback: the outbound guard lets tests reach it, as the SSO tests do.
  t = await createTestApp({
    env: { OUTBOUND_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1' },
  });
  http = api(t);
  a = await makeOrganisationWithStaff(db(), t.config);
  b = await makeOrganisationWithStaff(db(), t.config);
  bbb = await startFakeBbb();
});
afterAll(async () => {
  await bbb?.close();
  await t?.close();
});

/** An online session of the organisation starting `inMinutes` from now, one booked learner. */
async function onlineSession(staff: Staff, inMinutes = -1, online = true) {
  const trainer = await signedIn(t, { organisationId: staff.org.id, roleId: ROLE.TRAINER });
  const made = await makeClassroomSession(db(), {
    organisationId: staff.org.id,
    session: { startsAt: minutes(inMinutes), minutes: 60, trainerIds: [trainer.user.id], online },
  });
  const learner = await signedIn(t, { organisationId: staff.org.id, roleId: ROLE.LEARNER });
  const booking = await makeBooking(db(), made.session, learner.user.id);
  return { ...made, trainer, learner, booking };
}

async function bookingRow(id: number) {
  const [row] = await db().select().from(classroomBookings).where(eq(classroomBookings.id, id));
  return row!;
}

describe('meeting settings', () => {
  it('default to the public Jitsi server without JWT', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const res = await http.get(SETTINGS, org.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organisation: org.org.id,
      provider: 'jitsi',
      base_url: 'https://meet.jit.si',
      app_id: '',
      has_secret: false,
      configured: false,
    });
    expect((await http.get(SETTINGS, org.trainer.token)).statusCode).toBe(403);
    expect((await http.get(SETTINGS, org.learner.token)).statusCode).toBe(403);
  });

  it('keep the secret sealed and write-only; a PUT without it keeps it', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const noSecret = await http.put(SETTINGS, org.admin.token, {
      provider: 'bbb',
      base_url: 'https://bbb.example.org/bigbluebutton/api',
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().errors.secret).toBeDefined();

    const saved = await http.put(SETTINGS, org.admin.token, {
      provider: 'bbb',
      base_url: 'https://bbb.example.org/bigbluebutton/api/',
      secret: 'super-secret-value',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      provider: 'bbb',
      base_url: 'https://bbb.example.org/bigbluebutton/api',
      has_secret: true,
    });
    expect(saved.body).not.toContain('super-secret-value');
    const [row] = await db()
      .select()
      .from(classroomMeetingSettings)
      .where(eq(classroomMeetingSettings.organisationId, org.org.id));
    expect(row!.secretSealed).toMatch(/^v1\./);
    expect(row!.secretSealed).not.toContain('super-secret');

    const kept = await http.put(SETTINGS, org.admin.token, {
      provider: 'bbb',
      base_url: 'https://bbb2.example.org/bigbluebutton/api',
    });
    expect(kept.json().has_secret).toBe(true);
    const cleared = await http.put(SETTINGS, org.admin.token, {
      provider: 'jitsi',
      base_url: 'https://meet.example.org',
      secret: null,
    });
    expect(cleared.json()).toMatchObject({ provider: 'jitsi', has_secret: false });
  });

  it('a superadmin names the organisation; an admin cannot reach another one (404)', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const res = await http.get(`${SETTINGS}?organisation=${org.org.id}`, a.superadmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().organisation).toBe(org.org.id);
    expect(
      (await http.get(`${SETTINGS}?organisation=${org.org.id}`, a.admin.token)).statusCode,
    ).toBe(404);
    const put = await http.put(`${SETTINGS}?organisation=${org.org.id}`, a.admin.token, {
      provider: 'jitsi',
      base_url: 'https://meet.example.org',
    });
    expect(put.statusCode).toBe(404);
  });
});

describe('Jitsi meetings', () => {
  it('the trainer creates the meeting and gets the room link; learners 403, others 404', async () => {
    const s = await onlineSession(b, 30);
    const res = await http.post('/api/meeting/create', s.trainer.token, { session: s.session.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'jitsi',
      meeting_id: `atrium-${s.session.uuid}`,
      join_url: `https://meet.jit.si/atrium-${s.session.uuid}`,
    });
    expect(
      (await http.post('/api/meeting/create', s.learner.token, { session: s.session.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.post('/api/meeting/create', b.trainer.token, { session: s.session.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.post('/api/meeting/create', a.admin.token, { session: s.session.id })).statusCode,
    ).toBe(404);
  });

  it('create needs an online session; create_classroom gives a room session its meeting', async () => {
    const s = await onlineSession(b, 30, false);
    const res = await http.post('/api/meeting/create', s.trainer.token, { session: s.session.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.session).toBeDefined();
    const made = await http.post('/api/meeting/create_classroom', s.trainer.token, {
      session: s.session.id,
    });
    expect(made.statusCode).toBe(200);
    const [row] = await db()
      .select({ provider: classroomSessions.meetingProvider })
      .from(classroomSessions)
      .where(eq(classroomSessions.id, s.session.id));
    expect(row!.provider).toBe('jitsi');
  });

  it('the token request: a learner waits for the window, then joins and is marked present', async () => {
    const early = await onlineSession(b, 30);
    const wait = await http.post('/api/meeting/token/', early.learner.token, {
      key: early.session.uuid,
    });
    expect(wait.statusCode).toBe(409);
    expect(wait.json().message).toBe('The meeting has not started yet.');

    const s = await onlineSession(b, 5);
    const res = await http.post('/api/meeting/token/', s.learner.token, { key: s.session.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toBe(`https://meet.jit.si/atrium-${s.session.uuid}`);
    expect(await bookingRow(s.booking.id)).toMatchObject({
      status: 'attended',
      attendance: 'present',
      checkinMethod: 'meeting',
    });
    // Joining again changes nothing.
    expect(
      (await http.post('/api/meeting/token/', s.learner.token, { key: s.session.uuid })).statusCode,
    ).toBe(200);

    const stranger = await signedIn(t, { organisationId: b.org.id, roleId: ROLE.LEARNER });
    expect(
      (await http.post('/api/meeting/token/', stranger.token, { key: s.session.uuid })).statusCode,
    ).toBe(403);
    expect(
      (await http.post('/api/meeting/token/', a.learner.token, { key: s.session.uuid })).statusCode,
    ).toBe(404);
    expect(
      (await http.post('/api/meeting/token/', s.learner.token, { key: 'not-a-uuid' })).statusCode,
    ).toBe(400);
  });

  it('with an app id and secret, the link carries a JWT that says who moderates', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const secret = 'jitsi-secret-for-tests-0123456789';
    await http.put(SETTINGS, org.admin.token, {
      provider: 'jitsi',
      base_url: 'https://meet.example.org',
      app_id: 'atrium',
      secret,
    });
    const s = await onlineSession(org, -1);
    for (const [who, moderator] of [
      [s.trainer, true],
      [s.learner, false],
    ] as const) {
      const res = await http.post('/api/meeting/token/', who.token, { key: s.session.uuid });
      const url = new URL(res.json().results);
      expect(url.pathname).toBe(`/atrium-${s.session.uuid}`);
      const { payload } = await jwtVerify(
        url.searchParams.get('jwt')!,
        new TextEncoder().encode(secret),
        { audience: 'jitsi', issuer: 'atrium', subject: 'meet.example.org' },
      );
      expect(payload).toMatchObject({
        room: `atrium-${s.session.uuid}`,
        context: { user: { id: String(who.user.id), moderator } },
      });
    }
  });
});

describe('BigBlueButton meetings', () => {
  let org: Staff;
  beforeAll(async () => {
    org = await makeOrganisationWithStaff(db(), t.config);
    const res = await http.put(SETTINGS, org.admin.token, {
      provider: 'bbb',
      base_url: bbb.apiUrl,
      secret: bbb.secret,
    });
    expect(res.statusCode).toBe(200);
  });

  it('create calls BBB with a valid checksum; the join addresses pass BBB too', async () => {
    const s = await onlineSession(org, -1);
    bbb.calls.length = 0;
    const res = await http.post('/api/meeting/create', s.trainer.token, { session: s.session.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'bbb', meeting_id: s.session.uuid });
    expect(bbb.calls).toHaveLength(1);
    expect(bbb.calls[0]).toMatchObject({ call: 'create', checksumOk: true });
    expect(bbb.calls[0]!.params.get('logoutURL')).toMatch(
      new RegExp(`/end-meet/${s.session.uuid}$`),
    );

    const moderatorUrl = new URL(res.json().join_url);
    expect(moderatorUrl.searchParams.get('role')).toBe('MODERATOR');
    const token = await http.post('/api/meeting/token/', s.learner.token, { key: s.session.uuid });
    const viewerUrl = new URL(token.json().results);
    expect(viewerUrl.searchParams.get('role')).toBe('VIEWER');
    bbb.calls.length = 0;
    await fetch(moderatorUrl);
    await fetch(viewerUrl);
    expect(bbb.calls.map((c) => [c.call, c.checksumOk])).toEqual([
      ['join', true],
      ['join', true],
    ]);
    expect((await bookingRow(s.booking.id)).checkinMethod).toBe('meeting');
  });

  it('a BBB refusal is a 503 that echoes nothing, and records no attendance', async () => {
    const s = await onlineSession(org, -1);
    bbb.failing = true;
    try {
      const res = await http.post('/api/meeting/token/', s.learner.token, { key: s.session.uuid });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('idNotUnique');
      expect((await bookingRow(s.booking.id)).status).toBe('booked');
    } finally {
      bbb.failing = false;
    }
  });
});

describe('the end-meet page', () => {
  it('shows a participant the session, the survey to answer and the next session', async () => {
    const s = await onlineSession(b, -1);
    const next = await makeSession(db(), s.topic, {
      startsAt: minutes(24 * 60),
      trainerIds: [s.trainer.user.id],
    });
    await http.post('/api/meeting/token/', s.learner.token, { key: s.session.uuid });
    const url = `/api/meeting/end/${s.session.uuid}/`;
    const res = await http.get(url, s.learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session: s.session.id,
      uuid: s.session.uuid,
      title: s.session.title,
      class_name: s.cls.name,
      classroom_title: s.classroom.title,
      ended: false,
      survey_open: true,
      next_session: { id: next.id, title: next.title, starts_at: next.startsAt.toISOString() },
    });
    await db()
      .insert(classroomSurveyResponses)
      .values({ sessionId: s.session.id, userId: s.learner.user.id, rating: 5, answers: [] });
    expect((await http.get(url, s.learner.token)).json().survey_open).toBe(false);
    expect((await http.get(url, s.trainer.token)).json().survey_open).toBe(false);

    const stranger = await signedIn(t, { organisationId: b.org.id, roleId: ROLE.LEARNER });
    expect((await http.get(url, stranger.token)).statusCode).toBe(404);
    expect((await http.get(url, a.admin.token)).statusCode).toBe(404);
  });
});
