import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { badgeImagePart, makeBadge, makeBadgeAward } from '../../../test/factories/badges.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import type { DomainEvents, EventName } from '../../core/events/event-bus.ts';
import { badgeAwards } from '../../schema/badges.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { wallPosts, wallSettings } from '../../schema/wall.table.ts';
import { evaluatePerson, recordFact } from './badges.award.ts';

/*
 * Automatic awards from events: criteria combinations (all must hold), exactly once under
 * duplicate and concurrent events, chains of badges, the backfill when a badge is created, a
 * revocation that sticks, and what hangs on an award (notification, wall post, live hint).
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const db = () => t.database.db;
const awarded: DomainEvents['badge.awarded'][] = [];

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config);
  globex = await makeOrganisationWithStaff(db(), t.config);
  t.app.ctx.bus.subscribe('badge.awarded', (p) => {
    awarded.push(p);
  });
});
afterAll(() => t.close());

async function publish<N extends EventName>(name: N, payload: DomainEvents[N]) {
  await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
    uow.emit(name, payload);
  });
  await t.app.ctx.jobs.drain();
}

const completed = (courseId: number, userId: number, organisationId = acme.org.id) =>
  publish('course.completed', {
    enrolmentId: 1,
    courseId,
    userId,
    organisationId,
    completedAt: new Date().toISOString(),
  });
const pathCompleted = (pathId: number, userId: number) =>
  publish('learning_path.completed', {
    pathId,
    userId,
    organisationId: acme.org.id,
    enrolmentId: 1,
    completedAt: new Date().toISOString(),
    cycle: 0,
  });
const passed = (assessmentId: number, userId: number) =>
  publish('assessment.passed', {
    assessmentId,
    attemptId: 1,
    userId,
    organisationId: acme.org.id,
    courseId: null,
    percent: 80,
  });

const awardsOf = (userId: number) =>
  db().select().from(badgeAwards).where(eq(badgeAwards.userId, userId));

describe('criteria', () => {
  it('courses, a path and an assessment: awarded only once all hold', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9101, 9102], learning_paths: [9201], assessments: [9301] },
    });
    await completed(9101, learner.user.id);
    await pathCompleted(9201, learner.user.id);
    await passed(9301, learner.user.id);
    expect(await awardsOf(learner.user.id)).toHaveLength(0);
    await completed(9102, learner.user.id);
    const rows = await awardsOf(learner.user.id);
    expect(rows).toEqual([expect.objectContaining({ badgeId: badge.id, manual: false })]);
    expect(awarded.filter((a) => a.userId === learner.user.id)).toEqual([
      expect.objectContaining({
        badgeId: badge.id,
        organisationId: acme.org.id,
        badgeName: badge.name,
        criteriaText: 'Complete 2 courses; complete 1 learning path; pass 1 assessment.',
        manual: false,
      }),
    ]);
  });

  it('points: reached through the points a course earns (points.awarded)', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), { organisationId: acme.org.id, criteria: { points: 150 } });
    await completed(9401, learner.user.id); // 100 points by default
    expect(await awardsOf(learner.user.id)).toHaveLength(0);
    await completed(9402, learner.user.id);
    expect((await awardsOf(learner.user.id)).map((a) => a.badgeId)).toEqual([badge.id]);
  });

  it('points count in the badge’s organisation only', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const other = await makeBadge(db(), { organisationId: globex.org.id, criteria: { points: 1 } });
    await recordFact(db(), {
      userId: learner.user.id,
      kind: 'points',
      refId: globex.org.id,
      value: 999,
    });
    await evaluatePerson(t.app.ctx, learner.user.id);
    expect((await awardsOf(learner.user.id)).some((a) => a.badgeId === other.id)).toBe(false);
  });

  it('earned badges: a chain settles in one run, and an inactive or manual badge never auto-awards', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const first = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9501] },
    });
    const second = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { badges: [first.id] },
    });
    const third = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { badges: [first.id, second.id], courses: [9501] },
    });
    const off = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9501] },
      active: false,
    });
    const manual = await makeBadge(db(), { organisationId: acme.org.id });
    await completed(9501, learner.user.id);
    const ids = (await awardsOf(learner.user.id)).map((a) => a.badgeId).sort((a, b) => a - b);
    expect(ids).toEqual([first.id, second.id, third.id]);
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(manual.id);
  });

  it('a person not a member of the badge’s organisation never gets it', async () => {
    const outsider = await signedInLearner(t, globex.org.id);
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9601] },
    });
    await completed(9601, outsider.user.id, globex.org.id);
    expect((await awardsOf(outsider.user.id)).some((a) => a.badgeId === badge.id)).toBe(false);
  });
});

describe('exactly once', () => {
  it('duplicate events award once', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9701] },
    });
    await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
      for (let i = 0; i < 3; i++)
        uow.emit('course.completed', {
          enrolmentId: 1,
          courseId: 9701,
          userId: learner.user.id,
          organisationId: acme.org.id,
          completedAt: new Date().toISOString(),
        });
    });
    await t.app.ctx.jobs.drain();
    await completed(9701, learner.user.id);
    expect((await awardsOf(learner.user.id)).filter((a) => a.badgeId === badge.id)).toHaveLength(1);
    expect(awarded.filter((a) => a.userId === learner.user.id)).toHaveLength(1);
  });

  it('ten concurrent judgements award once', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9801] },
    });
    await recordFact(db(), { userId: learner.user.id, kind: 'course', refId: 9801 });
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => evaluatePerson(t.app.ctx, learner.user.id)),
    );
    expect(runs.flat()).toHaveLength(1);
    expect((await awardsOf(learner.user.id)).filter((a) => a.badgeId === badge.id)).toHaveLength(1);
  });

  it('the partial unique index refuses a second live award', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), { organisationId: acme.org.id });
    await makeBadgeAward(db(), badge, learner.user.id);
    await expect(makeBadgeAward(db(), badge, learner.user.id)).rejects.toThrow();
  });

  it('a revoked award is not given again automatically', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9901] },
    });
    await completed(9901, learner.user.id);
    const [award] = await awardsOf(learner.user.id);
    const res = await api(t).post(
      `/api/gamification/user-badge-list/${award!.id}/revoke/`,
      acme.admin.token,
      { reason: 'Completed by someone else.' },
    );
    expect(res.statusCode).toBe(200);
    await completed(9901, learner.user.id);
    await evaluatePerson(t.app.ctx, learner.user.id);
    const rows = (await awardsOf(learner.user.id)).filter((a) => a.badgeId === badge.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).not.toBeNull();
  });
});

describe('backfill and what hangs on an award', () => {
  it('creating a badge awards it to people whose facts already meet it', async () => {
    const ready = await signedInLearner(t, acme.org.id);
    const notYet = await signedInLearner(t, acme.org.id);
    await completed(9951, ready.user.id);
    await completed(9952, notYet.user.id);
    const res = await api(t).form('POST', '/api/gamification/add-badge/', acme.admin.token, [
      { name: 'name', value: 'Early bird' },
      { name: 'criteria', value: JSON.stringify({ courses: [9951] }) },
      await badgeImagePart(),
    ]);
    expect(res.statusCode).toBe(201);
    await t.app.ctx.jobs.drain();
    const id = res.json().id as number;
    expect((await awardsOf(ready.user.id)).map((a) => a.badgeId)).toContain(id);
    expect((await awardsOf(notYet.user.id)).map((a) => a.badgeId)).not.toContain(id);
  });

  it('notifies the learner, posts to the wall when both allow it, and pushes a live hint', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    await db().insert(wallSettings).values({ userId: learner.user.id, shareAchievements: true });
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9961] },
      postToWall: true,
    });
    const quiet = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9961] },
    });
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    await completed(9961, learner.user.id);
    const notes = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, learner.user.id),
          eq(notifications.type, 'badge_awarded'),
        ),
      );
    expect(notes.map((n) => n.subjectId).sort()).toEqual([badge.id, quiet.id].sort());
    const posts = await db()
      .select()
      .from(wallPosts)
      .where(and(eq(wallPosts.userId, learner.user.id), eq(wallPosts.sourceKind, 'badge')));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toBe(`earned the badge “${badge.name}”`);
    const live = publish.mock.calls.filter(([to]) => to.includes(learner.user.id));
    expect(live.map(([, m]) => m.type)).toEqual(
      expect.arrayContaining(['gamification.points', 'gamification.badge']),
    );
    publish.mockRestore();

    // Revoked: the post goes.
    const [award] = (await awardsOf(learner.user.id)).filter((a) => a.badgeId === badge.id);
    await api(t).post(`/api/gamification/user-badge-list/${award!.id}/revoke/`, acme.admin.token, {
      reason: 'A mistake.',
    });
    await t.app.ctx.jobs.drain();
    const left = await db()
      .select()
      .from(wallPosts)
      .where(and(eq(wallPosts.userId, learner.user.id), eq(wallPosts.sourceKind, 'badge')));
    expect(left).toHaveLength(0);
  });

  it('the gallery and the awards list link the award’s Open Badges credential once issued', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const badge = await makeBadge(db(), {
      organisationId: acme.org.id,
      criteria: { courses: [9971] },
    });
    await completed(9971, learner.user.id);
    const gallery = (
      await api(t).get(`/api/gamification/user-badges/${learner.user.id}/`, learner.token)
    ).json();
    const item = gallery.results.find((r: { badge: { id: number } }) => r.badge.id === badge.id);
    expect(item.award.credential_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const list = (
      await api(t).get(`/api/gamification/user-badge-list/?badge_id=${badge.id}`, learner.token)
    ).json();
    expect(list.results[0].credential_uuid).toBe(item.award.credential_uuid);
  });
});
