import { ROLE, type TRoleId } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  makeAssessment,
  makeEvidence,
  makeFlag,
  makeProctoringEvent,
  makeProctoringSession,
  makeProctoringSettings,
  makeProctorMessage,
} from '../../../test/factories/index.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { buildTimeline, proctorDetail } from './proctor.timeline.ts';

/*
 * One learner's card: identity, flags with their evidence and deciders, the decision, and the
 * timeline merged in time order from the session, identity photos, flags, events and messages.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let reviewer: SignedIn;
let colleague: SignedIn;
let ended: Awaited<ReturnType<typeof makeProctoringSession>>;
let open: Awaited<ReturnType<typeof makeProctoringSession>>;
let assessment: Awaited<ReturnType<typeof makeAssessment>>;
const ids: Record<string, number> = {};
const T0 = new Date('2026-03-01T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const NOW = at(3600);

const actorOf = (who: SignedIn, roleId: TRoleId, organisationId = acme.org.id): Actor => ({
  userId: who.user.id,
  organisationId,
  roleId,
  isSuperadmin: false,
});
const detail = (sessionId: number, actor = actorOf(acme.admin, ROLE.ADMIN)) =>
  proctorDetail(t.database.db, actor, sessionId, NOW);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const files = t.app.ctx.files;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  assessment = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    title: 'Safety exam',
  });
  await db
    .insert(assessmentReviewers)
    .values({ assessmentId: assessment.id, userId: reviewer.user.id });
  await makeProctoringSettings(db, assessment.id, { identityCheck: 'id_photo' });
  ended = await makeProctoringSession(db, {
    assessment,
    userId: acme.learner.user.id,
    attemptStatus: 'submitted',
    startedAt: T0,
    lastSeenAt: at(195),
    cameraOn: true,
    endedAt: at(200),
    identityDone: true,
    identitySimilarity: 0.87,
    outcome: 'violation',
    outcomeComment: 'Read from a phone.',
    decidedBy: acme.admin.user.id,
    decidedAt: at(300),
  });
  const sessionId = ended.id;
  ids.photo = (await makeEvidence(db, files, { sessionId, kind: 'identity', createdAt: at(5) })).id;
  ids.idDoc = (
    await makeEvidence(db, files, { sessionId, kind: 'id_document', createdAt: at(6) })
  ).id;
  const tab = await makeFlag(db, {
    sessionId,
    type: 'tab_switch',
    occurredAt: at(60),
    confidence: 0.95,
    detail: 'Switched to another tab',
    decision: 'confirmed',
    comment: 'Clearly away.',
    decidedBy: acme.admin.user.id,
    decidedAt: at(130),
  });
  ids.tab = tab.id;
  ids.frame = (await makeEvidence(db, files, { sessionId, flagId: tab.id, createdAt: at(61) })).id;
  ids.clip = (await makeEvidence(db, files, { sessionId, flagId: tab.id, kind: 'clip' })).id;
  ids.face = (await makeFlag(db, { sessionId, type: 'no_face', occurredAt: at(120) })).id;
  await makeProctoringEvent(db, { sessionId, at: at(90), kind: 'lost', text: 'Connection lost' });
  await makeProctoringEvent(db, { sessionId, at: at(100), kind: 'resumed', text: 'Resumed' });
  await makeProctoringEvent(db, {
    sessionId,
    at: at(130),
    kind: 'decision',
    text: 'Left the assessment confirmed',
  });
  await makeProctorMessage(db, {
    sessionId,
    text: 'Please face the camera.',
    sentAt: at(95),
    sentBy: acme.trainer.user.id,
  });
  // Another assessment, no settings saved: the defaults' identity check.
  const plain = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  open = await makeProctoringSession(db, {
    assessment: plain,
    userId: acme.learner.user.id,
    startedAt: at(10),
    lastSeenAt: at(3590),
    cameraOn: true,
  });
});
afterAll(() => t.close());

describe('proctorDetail', () => {
  it('shows the session, its learner, identity and decision', async () => {
    const d = await detail(ended.id);
    expect(d).toMatchObject({
      session: ended.id,
      attempt: ended.attemptId,
      assessment: { id: assessment.id, uuid: assessment.uuid, title: 'Safety exam' },
      learner: {
        id: acme.learner.user.id,
        name: `Test ${acme.learner.user.username}`,
        email: acme.learner.user.email,
      },
      status: 'ended',
      mode: 'record',
      started_at: T0.toISOString(),
      last_seen_at: at(195).toISOString(),
      identity: { check: 'id_photo', similarity: 0.87 },
      outcome: 'violation',
      outcome_comment: 'Read from a phone.',
      decided_by: { id: acme.admin.user.id, name: `Test ${acme.admin.user.username}` },
      decided_at: at(300).toISOString(),
      abilities: { decide: true, message: false },
    });
    expect(d.identity.evidence.map((e) => [e.id, e.kind, e.url])).toEqual([
      [ids.photo, 'identity', `/api/proctor/evidence/${ids.photo}/`],
      [ids.idDoc, 'id_document', `/api/proctor/evidence/${ids.idDoc}/`],
    ]);
  });

  it('lists every flag in time order with its evidence and who decided it', async () => {
    const [tab, face] = (await detail(ended.id)).flags;
    expect(tab).toMatchObject({
      id: ids.tab,
      type: 'tab_switch',
      occurred_at: at(60).toISOString(),
      confidence: 0.95,
      detail: 'Switched to another tab',
      decision: 'confirmed',
      comment: 'Clearly away.',
      decided_by: { id: acme.admin.user.id },
      decided_at: at(130).toISOString(),
    });
    expect(tab!.evidence.map((e) => [e.id, e.kind, e.content_type])).toEqual([
      [ids.frame, 'frame', 'image/png'],
      [ids.clip, 'clip', 'video/webm'],
    ]);
    expect(face).toMatchObject({
      id: ids.face,
      decision: 'pending',
      decided_by: null,
      evidence: [],
    });
  });

  it('merges the timeline in time order', async () => {
    const timeline = (await detail(ended.id)).timeline;
    expect(timeline.map((e) => [e.at, e.kind, e.text, e.flag])).toEqual([
      [T0.toISOString(), 'started', 'Monitoring started (record mode)', null],
      [at(5).toISOString(), 'identity', 'Identity photo taken', null],
      [at(6).toISOString(), 'identity', 'ID document photographed', null],
      [at(60).toISOString(), 'flag', 'Left the assessment: Switched to another tab', ids.tab],
      [at(90).toISOString(), 'lost', 'Connection lost', null],
      [at(95).toISOString(), 'message', 'Message to the learner: Please face the camera.', null],
      [at(100).toISOString(), 'resumed', 'Resumed', null],
      [at(120).toISOString(), 'flag', 'No face', ids.face],
      [at(130).toISOString(), 'decision', 'Left the assessment confirmed', null],
      [at(200).toISOString(), 'ended', 'Monitoring ended', null],
    ]);
  });

  it('an open session: its live status, the default identity check, messages allowed', async () => {
    const d = await detail(open.id);
    expect(d).toMatchObject({
      status: 'monitoring',
      identity: { check: 'none', similarity: null, evidence: [] },
      flags: [],
      outcome: null,
      decided_by: null,
      abilities: { decide: true, message: true },
    });
    expect(d.timeline.map((e) => e.kind)).toEqual(['started']);
  });

  it('is for the proctors: a reviewer sees it, a colleague gets 403, others 404', async () => {
    expect((await detail(ended.id, actorOf(reviewer, ROLE.TRAINER))).session).toBe(ended.id);
    await expect(detail(ended.id, actorOf(colleague, ROLE.TRAINER))).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      detail(ended.id, actorOf(globex.admin, ROLE.ADMIN, globex.org.id)),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Proctoring session not found.' });
    // The session's own learner does not see the proctor's card (404 from assessments' rule).
    await expect(detail(ended.id, actorOf(acme.learner, ROLE.LEARNER))).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(detail(999_999)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('buildTimeline', () => {
  const session = { startedAt: T0, endedAt: at(50), mode: 'live' };
  const empty = { identity: [], flags: [], events: [], messages: [] };

  it('shows the end the write side recorded instead of a second, bare one', () => {
    const timeline = buildTimeline({
      ...empty,
      session,
      events: [{ at: at(50), kind: 'ended', text: 'Submitted automatically: over budget' }],
    });
    expect(timeline.map((e) => [e.kind, e.text])).toEqual([
      ['started', 'Monitoring started (live mode)'],
      ['ended', 'Submitted automatically: over budget'],
    ]);
  });

  it('puts the start first and the end last at the same instant, and skips unknown events', () => {
    const timeline = buildTimeline({
      ...empty,
      session: { ...session, endedAt: T0 },
      flags: [{ id: 7, type: 'phone', occurred_at: T0.toISOString(), detail: '' }],
      events: [{ at: T0, kind: 'heartbeat', text: 'not shown' }],
    });
    expect(timeline.map((e) => e.kind)).toEqual(['started', 'flag', 'ended']);
    expect(timeline[1]).toMatchObject({ text: 'Phone in view', flag: 7 });
  });
});
