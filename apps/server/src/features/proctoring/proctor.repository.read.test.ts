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
  makeFlag,
  makeProctoringSession,
  makeUser,
  storeThumbnail,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { type GridQuery, proctorGrid } from './proctor.repository.ts';

/*
 * The proctor's grid: the status each session is in at a given moment, the filters, the groups,
 * the order, the pages, who may see it, and a number of queries that does not grow with the page.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let reviewer: SignedIn;
let colleague: SignedIn;
let assessmentId: number;
const people: Record<string, number> = {};
const sessions: Record<string, number> = {};
const groups: Record<string, number> = {};
const NOW = new Date('2026-03-01T10:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const all = { limit: 50, offset: 0 };

const actorOf = (who: SignedIn, roleId: TRoleId, organisationId = acme.org.id): Actor => ({
  userId: who.user.id,
  organisationId,
  roleId,
  isSuperadmin: roleId === ROLE.SUPERADMIN,
});
const admin = () => actorOf(acme.admin, ROLE.ADMIN);
const grid = (q: Omit<GridQuery, 'assessment'> = {}, bounds = all, now = NOW, db?: DbOrTx) =>
  proctorGrid(db ?? t.database.db, admin(), { assessment: assessmentId, ...q }, bounds, now);
const namesOf = (rows: { learner: { id: number } }[]) =>
  rows.map((r) => Object.keys(people).find((k) => people[k] === r.learner.id));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  const org = acme.org.id;
  reviewer = await signedIn(t, { organisationId: org, roleId: ROLE.TRAINER });
  colleague = await signedIn(t, { organisationId: org, roleId: ROLE.TRAINER });
  const a = await makeAssessment(db, { organisationId: org, createdBy: acme.trainer.user.id });
  assessmentId = a.id;
  await db.insert(assessmentReviewers).values({ assessmentId, userId: reviewer.user.id });
  for (const [key, organisationId, name] of [
    ['sales', org, 'Sales'],
    ['ops', org, 'Ops'],
    ['foreign', globex.org.id, 'Globex Research'],
  ] as const) {
    const [d] = await db.insert(departments).values({ organisationId, name }).returning();
    groups[key] = d!.id;
  }
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve'])
    people[name] = (await makeUser(db, { organisationId: org, username: `${name}_grid` })).id;
  await placeUser(db, people.ann!, { departmentId: groups.sales! });
  await placeUser(db, people.bob!, { departmentId: groups.sales! });
  await placeUser(db, people.cat!, { departmentId: groups.ops! });
  // Eve's profile points at another organisation's department: not a group of this grid.
  await placeUser(db, people.eve!, { departmentId: groups.foreign! });

  const thumb = await storeThumbnail(t.app.ctx.files);
  const session = async (name: string, values: Parameters<typeof makeProctoringSession>[1]) => {
    sessions[name] = (await makeProctoringSession(db, values)).id;
  };
  const base = { assessment: a };
  await session('ann', { ...base, userId: people.ann!, startedAt: ago(300) });
  await session('bob', {
    ...base,
    userId: people.bob!,
    mode: 'live',
    lastSeenAt: ago(10),
    cameraOn: true,
    thumbnailKey: thumb.key,
    thumbnailAt: ago(8),
  });
  await session('cat', { ...base, userId: people.cat!, lastSeenAt: ago(60), cameraOn: true });
  await session('dan', { ...base, userId: people.dan!, lastSeenAt: ago(5), cameraOn: false });
  await session('eve', {
    ...base,
    userId: people.eve!,
    attemptStatus: 'submitted',
    lastSeenAt: ago(100),
    cameraOn: true,
    endedAt: ago(90),
    overBudgetAt: ago(120),
    outcome: 'clear',
  });
  await makeFlag(db, { sessionId: sessions.bob!, decision: 'confirmed' });
  await makeFlag(db, { sessionId: sessions.bob!, decision: 'dismissed' });
  await makeFlag(db, { sessionId: sessions.dan!, type: 'no_face' });
  await makeFlag(db, { sessionId: sessions.eve!, type: 'phone' });
  await makeFlag(db, { sessionId: sessions.eve!, type: 'phone', decision: 'confirmed' });
  // Another assessment's session never shows on this grid.
  const other = await makeAssessment(db, { organisationId: org, createdBy: acme.trainer.user.id });
  await makeProctoringSession(db, { assessment: other, userId: people.ann!, lastSeenAt: ago(1) });
});
afterAll(() => t.close());

describe('proctorGrid', () => {
  it('derives each status at `now`, with flag counts, thumbnail, budget and outcome', async () => {
    const page = await grid();
    expect(page.count).toBe(5);
    const by = Object.fromEntries(page.rows.map((r) => [namesOf([r])[0], r]));
    expect(by.ann).toMatchObject({ status: 'waiting', last_seen_at: null, thumbnail_url: null });
    expect(by.bob).toMatchObject({
      session: sessions.bob,
      learner: { id: people.bob, name: 'Test bob_grid', email: 'bob_grid@example.test' },
      group: { id: groups.sales, name: 'Sales' },
      status: 'monitoring',
      last_seen_at: ago(10).toISOString(),
      thumbnail_url: `/api/proctor/evidence/thumbnail/${sessions.bob}/?v=${ago(8).getTime()}`,
      flags: { total: 2, pending: 0, confirmed: 1, dismissed: 1 },
      over_budget: false,
      outcome: null,
    });
    expect(by.cat?.status).toBe('lost'); // silent for 60 s
    expect(by.dan?.status).toBe('lost'); // heard from 5 s ago, camera off
    expect(by.eve).toMatchObject({
      status: 'ended',
      group: null,
      flags: { total: 2, pending: 1, confirmed: 1, dismissed: 0 },
      over_budget: true,
      outcome: 'clear',
    });
    expect(by.bob?.attempt).toEqual(expect.any(Number));
  });

  it('counts a device as lost once silent for longer than MONITORING_LOST_SECONDS', async () => {
    const at = (seconds: number) =>
      grid({}, all, new Date(NOW.getTime() + seconds * 1000)).then(
        (p) => p.rows.find((r) => r.session === sessions.bob)?.status,
      );
    expect(await at(35)).toBe('monitoring'); // last seen 45 s before
    expect(await at(36)).toBe('lost');
  });

  it('puts pending flags first, then lost monitoring, then names', async () => {
    // dan: pending and lost; eve: pending; cat: lost; then ann and bob by name.
    expect(namesOf((await grid()).rows)).toEqual(['dan', 'eve', 'cat', 'ann', 'bob']);
  });

  it('filters by status, group and pending flags, in SQL (the count follows)', async () => {
    const names = async (q: Omit<GridQuery, 'assessment'>) => {
      const page = await grid(q);
      expect(page.count).toBe(page.rows.length);
      return namesOf(page.rows);
    };
    expect(await names({ status: 'lost' })).toEqual(['dan', 'cat']);
    expect(await names({ status: 'monitoring' })).toEqual(['bob']);
    expect(await names({ status: 'waiting' })).toEqual(['ann']);
    expect(await names({ group: groups.sales })).toEqual(['ann', 'bob']);
    expect(await names({ group: 0 })).toEqual(['dan', 'eve']);
    expect(await names({ flagged: 'true' })).toEqual(['dan', 'eve']);
    expect(await names({ flagged: 'false' })).toEqual(['cat', 'ann', 'bob']);
    expect(await names({ group: 0, status: 'ended' })).toEqual(['eve']);
    expect(await names({ group: groups.foreign })).toEqual([]);
  });

  it('lists the groups of all the sessions whatever the filter, no department last', async () => {
    const page = await grid({ status: 'waiting' });
    expect(page.groups).toEqual([
      { id: groups.ops, name: 'Ops', learners: 1 },
      { id: groups.sales, name: 'Sales', learners: 2 },
      { id: 0, name: 'No department', learners: 2 },
    ]);
  });

  it('pages with the total count', async () => {
    const page = await grid({}, { limit: 2, offset: 2 });
    expect(page.count).toBe(5);
    expect(namesOf(page.rows)).toEqual(['cat', 'ann']);
    expect(namesOf((await grid({}, { limit: 2, offset: 4 })).rows)).toEqual(['bob']);
  });

  it('runs the same number of statements for a page of 1 as for a page of 50', async () => {
    let statements = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'execute')
          return (...args: Parameters<typeof db.execute>) => {
            statements++;
            return target.execute(...args);
          };
        return Reflect.get(target, key, receiver);
      },
    });
    await grid({}, { limit: 1, offset: 0 }, NOW, counting);
    const one = statements;
    statements = 0;
    await grid({}, all, NOW, counting);
    expect(statements).toBe(one);
    expect(one).toBe(3); // the page, its count, the groups
  });

  it('is for the assessment’s proctors: 403 to a colleague, 404 outside the organisation', async () => {
    const q = { assessment: assessmentId };
    const db = t.database.db;
    for (const actor of [
      actorOf(reviewer, ROLE.TRAINER),
      actorOf(acme.trainer, ROLE.TRAINER),
      actorOf(acme.superadmin, ROLE.SUPERADMIN),
      actorOf(globex.superadmin, ROLE.SUPERADMIN, globex.org.id),
    ])
      expect((await proctorGrid(db, actor, q, all, NOW)).count).toBe(5);
    await expect(proctorGrid(db, actorOf(colleague, ROLE.TRAINER), q, all)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      proctorGrid(db, actorOf(globex.admin, ROLE.ADMIN, globex.org.id), q, all),
    ).rejects.toMatchObject({ statusCode: 404 });
    // A learner never sees an assessment's management (assessments' rule): 404 here, and the
    // route's role check answers 403 before this is reached.
    await expect(
      proctorGrid(db, actorOf(acme.learner, ROLE.LEARNER), q, all),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
