import type { TProctoringSession } from '@atrium/contract';
import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { assignAssessment, makeAssessment, makeQuestion } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { assessmentAttempts } from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * The proctors' side: settings (and who may switch auto-submit on), the consent a learner reads,
 * decisions on flags and on the attempt (a violation voids the result, a later decision gives it
 * back), messages to the learner, and the violation budget.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let reviewer: SignedIn;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const SETTINGS = '/api/assessment/proctor/settings/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  http = api(t);
});
afterAll(() => t.close());

const settings = (assessment: number, over: Record<string, unknown> = {}) => ({
  assessment,
  mode: 'record',
  signals: ['no_face', 'tab_switch'],
  look_away_seconds: 5,
  no_face_seconds: 5,
  identity_check: 'none',
  violation_budget: null,
  auto_submit: false,
  retention_days: 30,
  ...over,
});

async function proctored() {
  const q = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  const a = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: [q.id],
    settings: { proctored: true, passMark: 0 },
  });
  await http.post('/api/assessment/reviewer/', acme.trainer.token, {
    assessment: a.id,
    users: [reviewer.user.id],
  });
  return a;
}

async function taking(a: { id: number; uuid: string }) {
  const learner = await signedInLearner(t, acme.org.id);
  await assignAssessment(db(), a.id, [learner.user.id]);
  const start = (await http.post(`/api/assessment/start/${a.uuid}/`, learner.token, {})).json();
  const session = (
    await http.post('/api/proctor/proctoring_login/', learner.token, { attempt: start.attempt.id })
  ).json() as TProctoringSession;
  const flag = async (type: string) => {
    const res = await call(t.app, 'POST', '/api/proctor/upload_frame/', {
      token: learner.token,
      form: [
        { name: 'session', value: String(session.id) },
        { name: 'type', value: type },
        { name: 'occurred_at', value: new Date().toISOString() },
        { name: 'frame', filename: 'f.png', content: PNG },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const submit = () =>
    http.post(`/api/assessment/attempt/${start.attempt.id}/submit/`, learner.token, {
      session: start.session,
    });
  return { learner, attempt: start.attempt.id as number, session, flag, submit };
}

const attemptRow = async (id: number) =>
  (await db().select().from(assessmentAttempts).where(eq(assessmentAttempts.id, id)))[0]!;

describe('settings', () => {
  it('reads defaults, saves for the author with an audit, and keeps auto-submit an admin’s switch', async () => {
    const a = await proctored();
    const read = await http.get(`${SETTINGS}?assessment=${a.id}`, reviewer.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      assessment: a.id,
      proctored: true,
      mode: 'record',
      retention_days: 30,
    });

    const saved = await http.put(
      SETTINGS,
      acme.trainer.token,
      settings(a.id, { mode: 'live', violation_budget: 3 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      mode: 'live',
      violation_budget: 3,
      signals: ['no_face', 'tab_switch'],
    });
    const refused = await http.put(
      SETTINGS,
      acme.trainer.token,
      settings(a.id, { auto_submit: true, violation_budget: 2 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.auto_submit).toBeDefined();
    expect(
      (
        await http.put(
          SETTINGS,
          acme.admin.token,
          settings(a.id, { auto_submit: true, violation_budget: 2 }),
        )
      ).statusCode,
    ).toBe(200);
    // The author may save again without touching the admin's switch.
    expect(
      (
        await http.put(
          SETTINGS,
          acme.trainer.token,
          settings(a.id, { auto_submit: true, violation_budget: 2 }),
        )
      ).statusCode,
    ).toBe(200);

    expect((await http.put(SETTINGS, reviewer.token, settings(a.id))).statusCode).toBe(403);
    expect((await http.put(SETTINGS, globex.admin.token, settings(a.id))).statusCode).toBe(404);
    expect((await http.get(`${SETTINGS}?assessment=${a.id}`, acme.learner.token)).statusCode).toBe(
      403,
    );
    const idle = await http.put(
      SETTINGS,
      acme.admin.token,
      settings(a.id, { auto_submit: true, violation_budget: null }),
    );
    expect(idle.json().errors.auto_submit).toEqual([
      'Auto-submit needs a violation budget to act on.',
    ]);
    const bad = await http.put(
      SETTINGS,
      acme.admin.token,
      settings(a.id, { retention_days: 0, signals: ['x'] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['retention_days', 'signals.0']);

    const audits = await db()
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'proctoring.settings_changed'));
    expect(
      audits.map((x) => Object.keys((x.details as { changed: object }).changed).sort()),
    ).toEqual([
      ['mode', 'signals', 'violation_budget'],
      ['auto_submit', 'mode', 'violation_budget'],
    ]);
  });

  it('tells a learner of the organisation what they agree to; 404 elsewhere', async () => {
    const a = await proctored();
    const res = await http.get(`/api/proctor/consent/${a.uuid}/`, acme.learner.token);
    expect(res.json()).toMatchObject({ proctored: true, mode: 'record', retention_days: 30 });
    expect(
      (await http.get(`/api/proctor/consent/${a.uuid}/`, globex.learner.token)).statusCode,
    ).toBe(404);
  });
});

describe('decisions', () => {
  it('a proctor dismisses one flag and confirms another; the learner sees only the confirmed one', async () => {
    const a = await proctored();
    const x = await taking(a);
    const dismissed = await x.flag('no_face');
    const confirmed = await x.flag('tab_switch');
    const decide = (who: SignedIn, id: number, decision: string) =>
      http.patch(`/api/proctor/flag/${id}/`, who.token, {
        decision,
        comment: 'Looked at the clip.',
      });
    expect((await decide(x.learner, dismissed, 'dismissed')).statusCode).toBe(403);
    expect((await decide(globex.admin, dismissed, 'dismissed')).statusCode).toBe(404);
    const colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect((await decide(colleague, dismissed, 'dismissed')).statusCode).toBe(403);
    const res = await decide(reviewer, dismissed, 'dismissed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      decision: 'dismissed',
      decided_by: { id: reviewer.user.id },
    });
    expect((await decide(acme.trainer, confirmed, 'confirmed')).statusCode).toBe(200);

    const seen = await http.get(`/api/proctor/result/${x.attempt}/`, x.learner.token);
    expect(seen.json()).toMatchObject({ proctored: true, outcome: null });
    expect(seen.json().confirmed.map((f: { type: string }) => f.type)).toEqual(['tab_switch']);
    const audited = await db().$count(
      auditEvents,
      and(
        eq(auditEvents.action, 'proctoring.flag_decided'),
        eq(auditEvents.targetUserId, x.learner.user.id),
      ),
    );
    expect(audited).toBe(2);
  });

  it('a violation voids the result once submitted; clearing it gives the result back', async () => {
    const a = await proctored();
    const x = await taking(a);
    await x.submit();
    const before = await attemptRow(x.attempt);
    expect(before.status).toBe('graded');
    const decide = (outcome: string) =>
      http.post('/api/proctor/decision/', acme.admin.token, {
        session: x.session.id,
        outcome,
        comment: 'Phone in view.',
      });
    const unexplained = await http.post('/api/proctor/decision/', acme.admin.token, {
      session: x.session.id,
      outcome: 'violation',
      comment: ' ',
    });
    expect(unexplained.json().errors.comment).toEqual(['Say why.']);
    const res = await decide('violation');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'violation', outcome_comment: 'Phone in view.' });
    await t.app.ctx.jobs.drain();
    expect(await attemptRow(x.attempt)).toMatchObject({
      voided: true,
      score: 0,
      passed: false,
      percent: 0,
    });
    const mine = await http.get(`/api/assessment/results/${a.id}/`, x.learner.token);
    expect(mine.json().attempts[0]).toMatchObject({ voided: true });

    // The learner hears that their result is void.
    const told = await db()
      .select({ link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, x.learner.user.id),
          eq(notifications.type, 'proctoring_decided'),
        ),
      );
    expect(told).toEqual([{ link: `/assessment/result/${x.attempt}` }]);

    await decide('clear');
    await t.app.ctx.jobs.drain();
    expect(await attemptRow(x.attempt)).toMatchObject({
      voided: false,
      score: before.score,
      passed: before.passed,
    });
    const refused = await http.post('/api/proctor/decision/', x.learner.token, {
      session: x.session.id,
      outcome: 'clear',
      comment: '',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('messages and the violation budget', () => {
  it('a proctor’s message reaches the learner’s heartbeat until read', async () => {
    const a = await proctored();
    const x = await taking(a);
    const sent = await http.post('/api/proctor/message/', reviewer.token, {
      session: x.session.id,
      text: 'Please face the camera.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const beat = () =>
      http.post('/api/proctor/heartbeat/', x.learner.token, {
        session: x.session.id,
        camera: true,
        visible: true,
      });
    const messages = (await beat()).json().messages;
    expect(messages.map((m: { text: string }) => m.text)).toEqual(['Please face the camera.']);
    await http.post('/api/proctor/message/read/', x.learner.token, {
      session: x.session.id,
      messages: [messages[0].id],
    });
    expect((await beat()).json().messages).toEqual([]);
    await x.submit();
    await t.app.ctx.jobs.drain();
    const late = await http.post('/api/proctor/message/', reviewer.token, {
      session: x.session.id,
      text: 'Too late.',
    });
    expect(late.statusCode).toBe(409);
  });

  it('past the budget, the proctors are told once and, where an admin chose it, the attempt is submitted', async () => {
    const a = await proctored();
    await http.put(
      SETTINGS,
      acme.admin.token,
      settings(a.id, { violation_budget: 1, auto_submit: true }),
    );
    const x = await taking(a);
    await x.flag('no_face');
    await x.flag('tab_switch');
    await x.flag('no_face');
    await t.app.ctx.jobs.drain();
    const told = await db()
      .select({ to: notifications.recipientId, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.type, 'proctoring_over_budget'));
    const recipients = told.map((n) => n.to);
    expect(recipients).toEqual(
      expect.arrayContaining([acme.trainer.user.id, reviewer.user.id, acme.admin.user.id]),
    );
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(told[0]!.link).toBe(`/assessment/${a.id}/proctor/`);
    expect(await attemptRow(x.attempt)).toMatchObject({ status: 'graded', submittedBy: 'staff' });
  });
});
