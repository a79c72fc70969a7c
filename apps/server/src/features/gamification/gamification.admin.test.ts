import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { award } from './gamification.award.ts';

/*
 * What admins set and read: point rules (defaults until changed, audited), levels (the first at
 * 0, no two at one start, an image of the organisation's store), everyone's points, one person's
 * detail with its series and ledger, and the superadmins' organisation list.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const db = () => t.database.db;
const http = () => api(t);
const LEVELS = '/api/gamification/user-badge-range-list/';
const RULES = '/api/gamification/point-rules/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config);
  globex = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t.close());

const auditOf = (action: string, organisationId: number) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.organisationId, organisationId)));

async function uploadImage(token: string): Promise<string> {
  const res = await http().form('POST', '/api/images/', token, [
    { name: 'image', filename: 'badge.png', content: PNG, type: 'image/png' },
  ]);
  expect(res.statusCode).toBe(201);
  return res.json().uuid;
}

describe('point rules', () => {
  it('an organisation without rows sees Atrium’s defaults; a change is saved and audited', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const before = await http().get(RULES, org.admin.token);
    expect(before.statusCode).toBe(200);
    expect(before.json().results).toHaveLength(7);
    expect(before.json().results.find((r: { rule: string }) => r.rule === 'daily_sign_in')).toEqual(
      {
        rule: 'daily_sign_in',
        points: 5,
        enabled: true,
        cooldown_minutes: 0,
        daily_cap: 1,
        customised: false,
      },
    );
    const saved = await http().put(RULES, org.admin.token, {
      rules: [
        { rule: 'course_completed', points: 250, enabled: true, cooldown_minutes: 0, daily_cap: 3 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().results.find((r: { rule: string }) => r.rule === 'course_completed'),
    ).toEqual({
      rule: 'course_completed',
      points: 250,
      enabled: true,
      cooldown_minutes: 0,
      daily_cap: 3,
      customised: true,
    });
    const [audit] = await auditOf('gamification.rules_changed', org.org.id);
    expect(audit).toMatchObject({ actorId: org.admin.user.id });
    expect(JSON.stringify(audit!.details)).toContain('"points":100');
    // The organisation's award uses its rule; another organisation keeps the default.
    const learner = await signedInLearner(t, org.org.id);
    const r = await award(t.app.ctx, {
      organisationId: org.org.id,
      userId: learner.user.id,
      rule: 'course_completed',
      sourceKey: 'course:1',
      at: new Date(),
    });
    expect(r).toMatchObject({ awarded: true, points: 250 });
    const other = await http().get(RULES, globex.admin.token);
    expect(
      other.json().results.find((x: { rule: string }) => x.rule === 'course_completed').points,
    ).toBe(100);
  });

  it('refuses out-of-range values and repeated rules, writing nothing; staff below admin 403', async () => {
    const bad = await http().put(RULES, acme.admin.token, {
      rules: [
        {
          rule: 'course_completed',
          points: 10_001,
          enabled: true,
          cooldown_minutes: 0,
          daily_cap: null,
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^rules/);
    const twice = await http().put(RULES, acme.admin.token, {
      rules: [
        {
          rule: 'course_completed',
          points: 1,
          enabled: true,
          cooldown_minutes: 0,
          daily_cap: null,
        },
        {
          rule: 'course_completed',
          points: 2,
          enabled: true,
          cooldown_minutes: 0,
          daily_cap: null,
        },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const unknown = await http().put(RULES, acme.admin.token, {
      rules: [{ rule: 'farming', points: 1, enabled: true, cooldown_minutes: 0, daily_cap: null }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await auditOf('gamification.rules_changed', acme.org.id)).length).toBe(0);
    expect((await http().get(RULES, acme.trainer.token)).statusCode).toBe(403);
    expect((await http().get(RULES, acme.learner.token)).statusCode).toBe(403);
  });
});

describe('levels', () => {
  it('the first level starts at 0, starts are unique, ranges follow from the order', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const post = (body: object) => http().post(LEVELS, org.admin.token, body);
    const first = await post({ name: 'Silver', min_points: 500, color: '#C0C0C0' });
    expect(first.statusCode).toBe(400);
    expect(first.json().errors.min_points).toEqual(['The first level must start at 0 points.']);
    expect((await post({ name: 'Bronze', min_points: 0, color: '#CD7F32' })).statusCode).toBe(201);
    const silver = await post({ name: 'Silver', min_points: 500, color: '#c0c0c0' });
    expect(silver.statusCode).toBe(201);
    const clash = await post({ name: 'Shiny', min_points: 500, color: '#ffffff' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.min_points).toEqual(['Another level starts at 500 points.']);
    expect((await post({ name: '<b>x</b>', min_points: 9, color: '#fff' })).statusCode).toBe(400);
    const list = await http().get(LEVELS, org.learner.token);
    expect(list.json().results).toEqual([
      expect.objectContaining({ name: 'Bronze', min_points: 0, max_points: 499, color: '#cd7f32' }),
      expect.objectContaining({ name: 'Silver', min_points: 500, max_points: null, image: null }),
    ]);
    expect((await http().get(LEVELS, globex.learner.token)).json().results).toEqual([]);
    expect((await auditOf('gamification.level_created', org.org.id)).length).toBe(2);
  });

  it('updates and deletes keep a level at 0; another organisation’s level is 404', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const base = (
      await http().post(LEVELS, org.admin.token, { name: 'A', min_points: 0, color: '#000000' })
    ).json();
    const top = (
      await http().post(LEVELS, org.admin.token, { name: 'B', min_points: 50, color: '#111111' })
    ).json();
    const moved = await http().patch(`${LEVELS}${base.id}/`, org.admin.token, { min_points: 10 });
    expect(moved.statusCode).toBe(400);
    const removed = await http().del(`${LEVELS}${base.id}/`, org.admin.token);
    expect(removed.statusCode).toBe(400);
    expect((await http().get(LEVELS, org.admin.token)).json().results).toHaveLength(2);
    const renamed = await http().patch(`${LEVELS}${top.id}/`, org.admin.token, {
      name: 'Beta',
      min_points: 80,
    });
    expect(renamed.json()).toMatchObject({ name: 'Beta', min_points: 80, max_points: null });
    expect(
      (await http().patch(`${LEVELS}${top.id}/`, globex.admin.token, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await http().del(`${LEVELS}${top.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await http().del(`${LEVELS}${top.id}/`, org.trainer.token)).statusCode).toBe(403);
    expect((await http().del(`${LEVELS}${top.id}/`, org.admin.token)).statusCode).toBe(204);
    expect((await http().del(`${LEVELS}${base.id}/`, org.admin.token)).statusCode).toBe(204);
    expect((await auditOf('gamification.level_deleted', org.org.id)).length).toBe(2);
  });

  it('an image from the organisation’s store shows on the level and the learner’s badge; another’s is refused', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const mine = await uploadImage(org.admin.token);
    const theirs = await uploadImage(globex.admin.token);
    const refused = await http().post(LEVELS, org.admin.token, {
      name: 'Start',
      min_points: 0,
      color: '#123456',
      image: theirs,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.image).toEqual(['Not an image of this organisation.']);
    const ok = await http().post(LEVELS, org.admin.token, {
      name: 'Start',
      min_points: 0,
      color: '#123456',
      image: mine,
    });
    expect(ok.json().image).toEqual({ uuid: mine, url: `/api/images/${mine}/` });
    const me = await http().get('/api/v1/me/', org.learner.token);
    expect(me.json().user_badge).toEqual({
      badge_name: 'Start',
      badge_color: '#123456',
      badge_image_fk: { file: `/api/images/${mine}/` },
    });
  });
});

describe('people’s points', () => {
  it('user-point-list: members by points with search, admins only, their organisation only', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const a = await signedInLearner(t, org.org.id);
    await award(t.app.ctx, {
      organisationId: org.org.id,
      userId: a.user.id,
      rule: 'course_completed',
      sourceKey: 'course:1',
      at: new Date(),
    });
    const res = await http().get('/api/gamification/user-point-list/', org.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(5);
    expect(res.json().results[0]).toMatchObject({
      user: { id: a.user.id, email: a.user.email },
      points: 100,
      month_points: 100,
    });
    const found = await http().get(
      `/api/gamification/user-point-list/?query=${a.user.username.toUpperCase()}`,
      org.admin.token,
    );
    expect(found.json().results.map((r: { user: { id: number } }) => r.user.id)).toEqual([
      a.user.id,
    ]);
    const none = await http().get('/api/gamification/user-point-list/?query=%25', org.admin.token);
    expect(none.json().count).toBe(0);
    expect(
      (await http().get('/api/gamification/user-point-list/', org.learner.token)).statusCode,
    ).toBe(403);
  });

  it('user-detail: themself or their admins; series of 12 months and the ledger, newest first', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    await http().post(LEVELS, org.admin.token, { name: 'One', min_points: 0, color: '#000000' });
    await http().post(LEVELS, org.admin.token, { name: 'Two', min_points: 1000, color: '#ffffff' });
    const l = org.learner;
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 5));
    for (const [i, at] of [lastMonth, now, now].entries()) {
      await award(t.app.ctx, {
        organisationId: org.org.id,
        userId: l.user.id,
        rule: 'course_completed',
        sourceKey: `course:${i}`,
        at,
      });
    }
    const url = `/api/gamification/user-detail/${l.user.id}/?page_size=2`;
    const res = await http().get(url, l.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { id: l.user.id },
      points: 300,
      month_points: 200,
      rank: 1,
      level: { name: 'One' },
      next_level: { name: 'Two', min_points: 1000 },
    });
    expect(body.monthly).toHaveLength(12);
    expect(body.monthly[11]).toEqual({ month: now.toISOString().slice(0, 7), points: 200 });
    expect(body.monthly[10].points).toBe(100);
    expect(body.ledger.count).toBe(3);
    expect(body.ledger.results).toHaveLength(2);
    expect(body.ledger.results[0]).toMatchObject({ rule: 'course_completed', points: 100 });
    expect(body.ledger.next).toContain('page=2');
    expect((await http().get(url, org.admin.token)).statusCode).toBe(200);
    expect((await http().get(url, org.superadmin.token)).statusCode).toBe(200);
    const peer = await signedInLearner(t, org.org.id);
    for (const who of [peer, org.trainer, globex.admin, globex.learner])
      expect((await http().get(url, who.token)).statusCode).toBe(404);
    // Someone who is not a member of the admin's organisation does not exist there.
    const outsider = `/api/gamification/user-detail/${globex.learner.user.id}/`;
    expect((await http().get(outsider, org.admin.token)).statusCode).toBe(404);
  });

  it('orgranization-list: superadmins see organisations with their totals', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    await award(t.app.ctx, {
      organisationId: org.org.id,
      userId: org.learner.user.id,
      rule: 'course_completed',
      sourceKey: 'course:1',
      at: new Date(),
    });
    const res = await http().get(
      `/api/gamification/orgranization-list/?page_size=100&query=${encodeURIComponent(org.org.title)}`,
      org.superadmin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: org.org.id, title: org.org.title, points: 100, people: 1 },
    ]);
    expect(
      (await http().get('/api/gamification/orgranization-list/', org.admin.token)).statusCode,
    ).toBe(403);
  });
});
