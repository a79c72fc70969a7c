import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type SignedIn, signedInLearner } from '../../../test/auth.ts';
import { makeDepartment } from '../../../test/factories/structure.ts';
import { api } from '../../../test/http.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { award } from './gamification.award.ts';

/*
 * The leaderboards: ranks with ties, pages, the caller's own place wherever it is, the month's
 * board beside all time, a department's, anonymity for people who opted out, and whose board
 * a caller may read.
 */

let t: TestApp;
const db = () => t.database.db;
const http = () => api(t);
const BOARD = '/api/gamification/user-badge-leaderboard-list/';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let source = 0;
/** Gives a person points at a time through the course rule (100 each, else a custom rule). */
async function give(organisationId: number, userId: number, courses: number, at = new Date()) {
  for (let i = 0; i < courses; i++) {
    await award(t.app.ctx, {
      organisationId,
      userId,
      rule: 'course_completed',
      sourceKey: `course:${++source}`,
      at,
    });
  }
}

async function orgWithPeople(points: number[]) {
  const org = await makeOrganisationWithStaff(db(), t.config);
  const people: SignedIn[] = [];
  for (const p of points) {
    const person = await signedInLearner(t, org.org.id);
    await give(org.org.id, person.user.id, p);
    people.push(person);
  }
  return { ...org, people };
}

describe('all-time board', () => {
  it('ranks by points, ties share a rank, and the next rank skips past them', async () => {
    const o = await orgWithPeople([3, 5, 3, 1]);
    const res = await http().get(BOARD, o.people[0]!.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.results.map((r: { rank: number; points: number }) => [r.rank, r.points])).toEqual([
      [1, 500],
      [2, 300],
      [2, 300],
      [4, 100],
    ]);
    expect(body.me).toEqual({ rank: 2, points: 300, level: null, listed: true });
    const mine = body.results.find((r: { is_me: boolean }) => r.is_me);
    expect(mine.person).toMatchObject({ id: o.people[0]!.user.id, anonymous: false });
  });

  it('a later page keeps the ranks (a tie across the page edge too) and "me" comes from outside it', async () => {
    const o = await orgWithPeople([5, 4, 4, 4, 1]);
    const res = await http().get(`${BOARD}?page=2&page_size=2`, o.people[4]!.token);
    const body = res.json();
    expect(body.results.map((r: { rank: number }) => r.rank)).toEqual([2, 2]);
    expect(body.next).toBe(`${BOARD}?page=3&page_size=2`);
    expect(body.me).toMatchObject({ rank: 5, points: 100 });
    const first = await http().get(`${BOARD}?page_size=2`, o.people[4]!.token);
    expect(first.json().me).toMatchObject({ rank: 5 });
    expect(first.json().results.some((r: { is_me: boolean }) => r.is_me)).toBe(false);
  });

  it('someone without points has no rank; staff without points are not listed', async () => {
    const o = await orgWithPeople([1]);
    const res = await http().get(BOARD, o.admin.token);
    expect(res.json().count).toBe(1);
    expect(res.json().me).toEqual({ rank: null, points: 0, level: null, listed: true });
  });
});

describe('monthly board', () => {
  it('counts only the month’s points, so an early lead does not stay for ever', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const veteran = await signedInLearner(t, org.org.id);
    const newcomer = await signedInLearner(t, org.org.id);
    await give(org.org.id, veteran.user.id, 10, new Date(Date.UTC(2026, 0, 15)));
    await give(org.org.id, veteran.user.id, 1, new Date(Date.UTC(2026, 1, 10)));
    await give(org.org.id, newcomer.user.id, 2, new Date(Date.UTC(2026, 1, 11)));
    const feb = await http().get(`${BOARD}?period=month&month=2026-02`, veteran.token);
    expect(feb.statusCode).toBe(200);
    expect(feb.json()).toMatchObject({ period: 'month', month: '2026-02' });
    expect(
      feb
        .json()
        .results.map((r: { person: { id: number }; points: number }) => [r.person.id, r.points]),
    ).toEqual([
      [newcomer.user.id, 200],
      [veteran.user.id, 100],
    ]);
    expect(feb.json().me).toMatchObject({ rank: 2, points: 100 });
    const all = await http().get(BOARD, veteran.token);
    expect(all.json().results[0]).toMatchObject({ rank: 1, points: 1100 });
    const empty = await http().get(`${BOARD}?period=month&month=2025-12`, veteran.token);
    expect(empty.json()).toMatchObject({ count: 0, results: [], me: { rank: null, points: 0 } });
  });

  it('refuses a malformed month', async () => {
    const o = await orgWithPeople([]);
    const res = await http().get(`${BOARD}?period=month&month=2026-13`, o.learner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.month).toBeDefined();
  });
});

describe('department, anonymity, organisations', () => {
  it('a department’s board ranks its members only; another organisation’s department is refused', async () => {
    const o = await orgWithPeople([3, 2, 1]);
    const dept = await makeDepartment(db(), { organisationId: o.org.id });
    for (const p of [o.people[1]!, o.people[2]!]) {
      await db()
        .insert(userProfiles)
        .values({ userId: p.user.id, departmentId: dept.id })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { departmentId: dept.id } });
    }
    const res = await http().get(`${BOARD}?department=${dept.id}`, o.people[2]!.token);
    expect(
      res.json().results.map((r: { rank: number; points: number }) => [r.rank, r.points]),
    ).toEqual([
      [1, 200],
      [2, 100],
    ]);
    expect(res.json().me).toMatchObject({ rank: 2 });
    const outsider = await http().get(`${BOARD}?department=${dept.id}`, o.people[0]!.token);
    expect(outsider.json().me).toMatchObject({ rank: null, points: 300 });
    const other = await makeDepartment(db());
    const refused = await http().get(`${BOARD}?department=${other.id}`, o.people[0]!.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.department).toEqual(['Not a department of this organisation.']);
  });

  it('someone who opted out is an anonymous learner to others, themself by name', async () => {
    const o = await orgWithPeople([2, 1]);
    const shy = o.people[0]!;
    const off = await http().patch('/api/gamification/settings/', shy.token, { listed: false });
    expect(off.json()).toEqual({ listed: false });
    expect((await http().get('/api/gamification/settings/', shy.token)).json()).toEqual({
      listed: false,
    });
    const seen = (await http().get(BOARD, o.people[1]!.token)).json().results[0];
    expect(seen).toMatchObject({
      rank: 1,
      points: 200,
      person: { id: null, fullname: 'Anonymous learner', avatar: null, anonymous: true },
    });
    expect(JSON.stringify(seen)).not.toContain(shy.user.username);
    const admin = (await http().get(BOARD, o.admin.token)).json().results[0];
    expect(admin.person.anonymous).toBe(true);
    const own = await http().get(BOARD, shy.token);
    expect(own.json().results[0].person).toMatchObject({ id: shy.user.id, anonymous: false });
    expect(own.json().me.listed).toBe(false);
  });

  it('org_id: a superadmin reads any organisation’s board; anyone else gets 404 for another', async () => {
    const a = await orgWithPeople([1]);
    const b = await orgWithPeople([2]);
    const sa = await http().get(`${BOARD}?org_id=${b.org.id}`, a.superadmin.token);
    expect(sa.statusCode).toBe(200);
    expect(sa.json()).toMatchObject({ organisation_id: b.org.id, count: 1 });
    expect(sa.json().results[0].points).toBe(200);
    for (const who of [a.admin, a.learner]) {
      const res = await http().get(`${BOARD}?org_id=${b.org.id}`, who.token);
      expect(res.statusCode).toBe(404);
    }
    expect((await http().get(`${BOARD}?org_id=${a.org.id}`, a.learner.token)).statusCode).toBe(200);
    expect((await http().get(`${BOARD}?org_id=999999`, a.superadmin.token)).statusCode).toBe(404);
  });

  it('a person removed from the organisation drops off its board, ranks and count included', async () => {
    const o = await orgWithPeople([2, 1]);
    const leaver = o.people[0]!.user.id;
    const removed = await http().del(`/api/v1/accounts/remove-user/${leaver}/`, o.admin.token);
    expect(removed.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const res = await http().get(BOARD, o.people[1]!.token);
    expect(res.json().count).toBe(1);
    expect(res.json().results.map((r: { rank: number }) => r.rank)).toEqual([1]);
    expect(res.json().me.rank).toBe(1);
  });

  it('removed from one organisation, a person keeps their points in another', async () => {
    const a = await orgWithPeople([3, 1]);
    const b = await orgWithPeople([1]);
    const both = a.people[0]!.user.id;
    await db()
      .insert(memberships)
      .values({ userId: both, organisationId: b.org.id, roleId: 4, viewRoleId: 4 });
    await give(b.org.id, both, 2);
    expect(
      (await http().del(`/api/v1/accounts/remove-user/${both}/`, a.admin.token)).statusCode,
    ).toBe(200);
    await t.app.ctx.jobs.drain();
    const boardA = (await http().get(BOARD, a.people[1]!.token)).json();
    expect(boardA.results.map((r: { points: number }) => r.points)).toEqual([100]);
    expect(boardA.me.rank).toBe(1);
    const boardB = (await http().get(BOARD, b.people[0]!.token)).json();
    expect(boardB.results.map((r: { points: number }) => r.points)).toEqual([200, 100]);
  });

  it('a membership gone before its reaction ran is not listed', async () => {
    const o = await orgWithPeople([2, 1]);
    await db().delete(memberships).where(eq(memberships.userId, o.people[0]!.user.id));
    const res = await http().get(BOARD, o.people[1]!.token);
    expect(res.json().results.map((r: { points: number }) => r.points)).toEqual([100]);
  });
});
