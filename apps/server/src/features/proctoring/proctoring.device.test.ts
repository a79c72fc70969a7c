import type { TProctoringSession } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { assignAssessment, makeAssessment, makeQuestion } from '../../../test/factories/index.ts';
import { api, call, type FormParts } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import {
  proctoringEvents,
  proctoringEvidence,
  proctoringFlags,
  proctoringSessions,
} from '../../schema/proctoring.table.ts';
import { applyRetention } from './proctoring.jobs.ts';
import { clock } from './sessions.service.ts';

/*
 * The learner's device against the server: logging in to monitor an attempt, heartbeats with a
 * controllable clock, flags with evidence, identity photos, live thumbnails, who may send what,
 * and the retention of evidence.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
export const WEBM = Buffer.concat([
  Buffer.from(
    '1a45dfa39f4286810142f7810142f2810442f381084282847765626d428781044285810218538067',
    'hex',
  ),
  Buffer.alloc(256),
]);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());
afterEach(() => {
  clock.now = () => new Date();
});

/** A published, proctored assessment assigned to a new learner, who has started it. */
async function started(options: { proctored?: boolean } = {}) {
  const q = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  const a = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: [q.id],
    settings: { proctored: options.proctored ?? true },
  });
  const learner = await signedInLearner(t, acme.org.id);
  await assignAssessment(db(), a.id, [learner.user.id]);
  const res = await http.post(`/api/assessment/start/${a.uuid}/`, learner.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return {
    a,
    learner,
    attempt: res.json().attempt.id as number,
    key: res.json().session as string,
  };
}

async function loggedIn(options: { proctored?: boolean } = {}) {
  const s = await started(options);
  const res = await http.post('/api/proctor/proctoring_login/', s.learner.token, {
    attempt: s.attempt,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, session: res.json() as TProctoringSession };
}

const flagForm = (
  session: number,
  extra: Partial<Record<string, string>> = {},
  files: FormParts = [],
): FormParts => [
  { name: 'session', value: String(session) },
  { name: 'type', value: extra.type ?? 'no_face' },
  { name: 'occurred_at', value: extra.occurred_at ?? new Date().toISOString() },
  { name: 'confidence', value: extra.confidence ?? '0.9' },
  ...files,
];
const frame = { name: 'frame', filename: 'frame.png', content: PNG };
const clip = { name: 'clip', filename: 'clip.webm', content: WEBM };
const upload = (who: SignedIn, form: FormParts, url = '/api/proctor/upload_frame/') =>
  call(t.app, 'POST', url, { token: who.token, form });
const evidenceCount = async () => db().$count(proctoringEvidence);

describe('logging in to monitor an attempt', () => {
  it('starts a session for the learner’s own proctored attempt, and resumes it on a reload', async () => {
    const { learner, attempt, session } = await loggedIn();
    expect(session).toMatchObject({
      attempt,
      mode: 'record',
      signals: ['no_face', 'multiple_faces', 'looking_away', 'tab_switch', 'fullscreen_exit'],
      heartbeat_seconds: 15,
      thumbnail_seconds: null,
      identity_done: false,
    });
    const again = await http.post('/api/proctor/proctoring_login/', learner.token, { attempt });
    expect(again.json().id).toBe(session.id);
    // The attempt's start made the session too (a waiting learner shows on the grid): still one.
    await t.app.ctx.jobs.drain();
    expect(await db().$count(proctoringSessions, eq(proctoringSessions.attemptId, attempt))).toBe(
      1,
    );
  });

  it('refuses someone else’s attempt (404), an unproctored one and a submitted one (409)', async () => {
    const { attempt, learner, key } = await started();
    const other = await signedInLearner(t, acme.org.id);
    const login = (who: SignedIn) =>
      http.post('/api/proctor/proctoring_login/', who.token, { attempt });
    expect((await login(other)).statusCode).toBe(404);
    expect((await login(globex.learner)).statusCode).toBe(404);
    const plain = await started({ proctored: false });
    const res = await http.post('/api/proctor/proctoring_login/', plain.learner.token, {
      attempt: plain.attempt,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This assessment is not proctored.');
    await http.post(`/api/assessment/attempt/${attempt}/submit/`, learner.token, { session: key });
    expect((await login(learner)).statusCode).toBe(409);
  });
});

describe('heartbeats', () => {
  it('notes a silence as lost and resumed with a monitoring_stopped flag, and the camera going off', async () => {
    const { learner, session } = await loggedIn();
    const beat = (camera = true) =>
      http.post('/api/proctor/heartbeat/', learner.token, {
        session: session.id,
        camera,
        visible: true,
      });
    const t0 = Date.now();
    clock.now = () => new Date(t0 + 10_000);
    expect((await beat()).json()).toEqual({ messages: [] });
    clock.now = () => new Date(t0 + 130_000);
    expect((await beat()).statusCode).toBe(200);
    clock.now = () => new Date(t0 + 140_000);
    await beat(false);
    const flags = await db()
      .select()
      .from(proctoringFlags)
      .where(eq(proctoringFlags.sessionId, session.id));
    expect(flags.map((f) => [f.type, f.occurredAt.getTime()])).toEqual([
      ['monitoring_stopped', t0 + 10_000],
    ]);
    expect(flags[0]!.detail).toContain('2 min');
    const events = await db()
      .select({ kind: proctoringEvents.kind, text: proctoringEvents.text })
      .from(proctoringEvents)
      .where(eq(proctoringEvents.sessionId, session.id))
      .orderBy(proctoringEvents.at);
    expect(events.map((e) => e.kind)).toEqual(['lost', 'resumed', 'lost']);
    expect(events[2]!.text).toBe('The camera was turned off.');
  });

  it('answers 403 for another learner’s session and 400 for a malformed beat', async () => {
    const { session } = await loggedIn();
    const other = await signedInLearner(t, acme.org.id);
    const res = await http.post('/api/proctor/heartbeat/', other.token, {
      session: session.id,
      camera: true,
      visible: true,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await http.post('/api/proctor/heartbeat/', other.token, { session: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('flags with evidence', () => {
  it('stores a flag with its still and clip, and more evidence for it later', async () => {
    const { learner, session } = await loggedIn();
    const res = await upload(learner, flagForm(session.id, {}, [frame, clip]));
    expect(res.statusCode, res.body).toBe(201);
    const flag = res.json();
    expect(flag).toMatchObject({
      type: 'no_face',
      confidence: 0.9,
      decision: 'pending',
      comment: '',
    });
    expect(
      flag.evidence.map((e: { kind: string; content_type: string }) => [e.kind, e.content_type]),
    ).toEqual([
      ['frame', 'image/png'],
      ['clip', 'video/webm'],
    ]);
    const more = await upload(
      learner,
      [{ name: 'flag', value: String(flag.id) }, clip],
      '/api/proctor/update_file_repo/',
    );
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json().evidence).toHaveLength(3);
    const [emitted] = await db()
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(and(eq(eventOutbox.name, 'proctoring.flagged')));
    expect(emitted).toBeDefined();
  });

  it('refuses, storing nothing: another’s session, an unwatched signal, a disguised file, a flag before the attempt', async () => {
    const { learner, session } = await loggedIn();
    const other = await signedInLearner(t, acme.org.id);
    const before = await evidenceCount();
    expect((await upload(other, flagForm(session.id, {}, [frame]))).statusCode).toBe(403);
    const unwatched = await upload(learner, flagForm(session.id, { type: 'phone' }, [frame]));
    expect(unwatched.statusCode).toBe(400);
    expect(unwatched.json().errors.type).toEqual([
      'This signal is not watched in this assessment.',
    ]);
    const fake = {
      name: 'frame',
      filename: 'frame.png',
      content: Buffer.from('<html>not an image</html>'),
    };
    expect((await upload(learner, flagForm(session.id, {}, [fake]))).statusCode).toBe(415);
    const early = await upload(
      learner,
      flagForm(session.id, { occurred_at: '2000-01-01T00:00:00Z' }, [frame]),
    );
    expect(early.statusCode).toBe(400);
    expect(
      (await upload(learner, flagForm(session.id, { type: 'bogus' }, [frame]))).statusCode,
    ).toBe(400);
    // Files after the fields only: a file first is refused before it is stored.
    const fileFirst = await upload(learner, [frame, ...flagForm(session.id)]);
    expect(fileFirst.statusCode).toBe(400);
    expect(await evidenceCount()).toBe(before);
    expect(await db().$count(proctoringFlags, eq(proctoringFlags.sessionId, session.id))).toBe(0);
    const theirs = await upload(learner, flagForm(session.id, {}, [frame]));
    const stolen = await upload(
      other,
      [{ name: 'flag', value: String(theirs.json().id) }, clip],
      '/api/proctor/update_file_repo/',
    );
    expect(stolen.statusCode).toBe(403);
  });

  it('believes a device clock a minute off, dating its flag within the attempt', async () => {
    const { learner, session } = await loggedIn();
    const early = new Date(Date.parse(session.started_at) - 60_000).toISOString();
    const res = await upload(learner, flagForm(session.id, { occurred_at: early }, [frame]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().occurred_at).toBe(session.started_at);
  });

  it('takes nothing once the attempt is submitted (409)', async () => {
    const { learner, session, attempt, key } = await loggedIn();
    await http.post(`/api/assessment/attempt/${attempt}/submit/`, learner.token, { session: key });
    expect((await upload(learner, flagForm(session.id, {}, [frame]))).statusCode).toBe(409);
    await t.app.ctx.jobs.drain();
    const beat = await http.post('/api/proctor/heartbeat/', learner.token, {
      session: session.id,
      camera: true,
      visible: true,
    });
    expect(beat.statusCode).toBe(409);
  });
});

describe('identity photos and live thumbnails', () => {
  it('keeps the identity photo with the device’s match, and refuses a thumbnail outside live mode', async () => {
    const { learner, session } = await loggedIn();
    const res = await upload(
      learner,
      [
        { name: 'session', value: String(session.id) },
        { name: 'similarity', value: '0.82' },
        { ...frame, name: 'photo' },
      ],
      '/api/proctor/identity/',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().identity_done).toBe(true);
    const [row] = await db()
      .select()
      .from(proctoringSessions)
      .where(eq(proctoringSessions.id, session.id));
    expect(row!.identitySimilarity).toBeCloseTo(0.82);
    const none = await upload(
      learner,
      [{ name: 'session', value: String(session.id) }],
      '/api/proctor/identity/',
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.photo).toBeDefined();
    const thumb = await upload(
      learner,
      [{ name: 'session', value: String(session.id) }, frame],
      '/api/proctor/thumbnail/',
    );
    expect(thumb.statusCode).toBe(409);
  });
});

describe('retention', () => {
  it('deletes evidence files past the assessment’s retention, keeping flags', async () => {
    const { learner, session, a } = await loggedIn();
    const res = await upload(learner, flagForm(session.id, {}, [frame]));
    const [evidence] = await db()
      .select()
      .from(proctoringEvidence)
      .where(eq(proctoringEvidence.flagId, res.json().id));
    expect(await t.app.ctx.files.stat(evidence!.key)).not.toBeNull();
    await http.put('/api/assessment/proctor/settings/', acme.trainer.token, {
      assessment: a.id,
      mode: 'record',
      signals: ['no_face'],
      look_away_seconds: 5,
      no_face_seconds: 5,
      identity_check: 'none',
      violation_budget: null,
      auto_submit: false,
      retention_days: 7,
    });
    await applyRetention(t.app.ctx, new Date(Date.now() + 6 * 86_400_000));
    expect(await t.app.ctx.files.stat(evidence!.key)).not.toBeNull();
    await applyRetention(t.app.ctx, new Date(Date.now() + 8 * 86_400_000));
    expect(await t.app.ctx.files.stat(evidence!.key)).toBeNull();
    expect(await db().$count(proctoringEvidence, eq(proctoringEvidence.id, evidence!.id))).toBe(0);
    expect(await db().$count(proctoringFlags, eq(proctoringFlags.id, res.json().id))).toBe(1);
  });
});
