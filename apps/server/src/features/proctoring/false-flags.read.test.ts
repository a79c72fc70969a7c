import { PROCTORING_FLAG_TYPES, ROLE, type TRoleId } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import { makeAssessment, makeFlag, makeProctoringSession } from '../../../test/factories/index.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { type FalseFlagQuery, falseFlagReport } from './false-flags.ts';

/*
 * The false-flag report: per flag type (all of them, in the contract's order) how many flags
 * were decided and how many of those dismissed, for one assessment or the whole organisation,
 * within whole days; and who may read which.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let colleague: SignedIn;
let first: number;
let second: number;

const actorOf = (who: SignedIn, roleId: TRoleId, organisationId = acme.org.id): Actor => ({
  userId: who.user.id,
  organisationId,
  roleId,
  isSuperadmin: false,
});
const report = (query: FalseFlagQuery, actor = actorOf(acme.admin, ROLE.ADMIN)) =>
  falseFlagReport(t.database.db, actor, query);
const row = (r: Awaited<ReturnType<typeof report>>, type: string) =>
  r.signals.find((s) => s.type === type);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  const make = async (
    organisationId: number,
    flags: [string, 'pending' | 'dismissed' | 'confirmed', string][],
  ) => {
    const createdBy = organisationId === acme.org.id ? acme.trainer.user.id : globex.admin.user.id;
    const assessment = await makeAssessment(db, { organisationId, createdBy });
    const learner = organisationId === acme.org.id ? acme.learner : globex.learner;
    const session = await makeProctoringSession(db, { assessment, userId: learner.user.id });
    for (const [type, decision, occurredAt] of flags)
      await makeFlag(db, {
        sessionId: session.id,
        type,
        decision,
        occurredAt: new Date(occurredAt),
      });
    return assessment.id;
  };
  first = await make(acme.org.id, [
    ['looking_away', 'dismissed', '2026-02-09T12:00:00Z'],
    ['looking_away', 'dismissed', '2026-02-10T00:00:00Z'],
    ['looking_away', 'dismissed', '2026-02-10T23:59:59Z'],
    ['looking_away', 'confirmed', '2026-02-11T00:00:00Z'],
    ['looking_away', 'pending', '2026-02-11T08:00:00Z'],
    ['tab_switch', 'pending', '2026-02-10T08:00:00Z'],
    ['no_face', 'confirmed', '2026-02-10T08:00:00Z'],
  ]);
  second = await make(acme.org.id, [
    ['looking_away', 'dismissed', '2026-02-12T08:00:00Z'],
    ['looking_away', 'dismissed', '2026-02-12T09:00:00Z'],
    ['looking_away', 'confirmed', '2026-02-12T10:00:00Z'],
    ['monitoring_stopped', 'dismissed', '2026-02-12T10:00:00Z'],
  ]);
  // Another organisation's flags count only in its own report.
  await make(globex.org.id, [['phone', 'dismissed', '2026-02-10T08:00:00Z']]);
});
afterAll(() => t.close());

describe('falseFlagReport', () => {
  it('lists every flag type in order, zeros included, with its false rate', async () => {
    const r = await report({ assessment: first });
    expect(r.signals.map((s) => s.type)).toEqual([...PROCTORING_FLAG_TYPES]);
    expect(row(r, 'looking_away')).toEqual({
      type: 'looking_away',
      total: 5,
      decided: 4,
      dismissed: 3,
      false_rate: 0.75,
    });
    // Nothing decided yet: no rate rather than 0.
    expect(row(r, 'tab_switch')).toMatchObject({ total: 1, decided: 0, false_rate: null });
    expect(row(r, 'no_face')).toMatchObject({ total: 1, decided: 1, dismissed: 0, false_rate: 0 });
    expect(row(r, 'phone')).toEqual({
      type: 'phone',
      total: 0,
      decided: 0,
      dismissed: 0,
      false_rate: null,
    });
  });

  it('rounds the rate to three decimals', async () => {
    expect(row(await report({ assessment: second }), 'looking_away')?.false_rate).toBe(0.667);
  });

  it('without an assessment: the whole organisation, for its admins', async () => {
    const r = await report({});
    expect(row(r, 'looking_away')).toMatchObject({ total: 8, decided: 7, dismissed: 5 });
    expect(row(r, 'looking_away')?.false_rate).toBe(0.714);
    expect(row(r, 'monitoring_stopped')).toMatchObject({ total: 1, false_rate: 1 });
    expect(row(r, 'phone')?.total).toBe(0);
    const theirs = await report({}, actorOf(globex.admin, ROLE.ADMIN, globex.org.id));
    expect(row(theirs, 'phone')).toMatchObject({ total: 1, false_rate: 1 });
    expect(row(theirs, 'looking_away')?.total).toBe(0);
  });

  it('keeps whole days, both inclusive', async () => {
    const r = await report({ assessment: first, from: '2026-02-10', to: '2026-02-10' });
    // 00:00:00 and 23:59:59 on the 10th; not the 9th, not midnight of the 11th.
    expect(row(r, 'looking_away')).toMatchObject({ total: 2, dismissed: 2 });
    expect(row(r, 'tab_switch')?.total).toBe(1);
    expect(
      row(await report({ assessment: first, from: '2026-02-11' }), 'looking_away'),
    ).toMatchObject({ total: 2, decided: 1, dismissed: 0 });
    expect(row(await report({ assessment: first, to: '2026-02-09' }), 'looking_away')?.total).toBe(
      1,
    );
  });

  it('refuses days that do not exist and a window that ends before it starts', async () => {
    await expect(report({ from: '2026-02-30' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(report({ from: '2026-02-12', to: '2026-02-10' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('one assessment for its proctors; the organisation’s for admins only', async () => {
    const author = actorOf(acme.trainer, ROLE.TRAINER);
    expect(row(await report({ assessment: first }, author), 'looking_away')?.total).toBe(5);
    await expect(report({}, author)).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      report({ assessment: first }, actorOf(colleague, ROLE.TRAINER)),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      report({ assessment: first }, actorOf(globex.admin, ROLE.ADMIN, globex.org.id)),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(report({}, actorOf(acme.learner, ROLE.LEARNER))).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
