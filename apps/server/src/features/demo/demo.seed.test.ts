import { DEFAULT_ORGANISATION_ID, ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, tokenFor } from '../../../test/auth.ts';
import { courseCategories, courseModules, courses } from '../../schema/courses.table.ts';
import { discussions } from '../../schema/discussions.table.ts';
import { forums } from '../../schema/forums.table.ts';
import { organisations, organisationThemes } from '../../schema/organisations.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { verifyPassword } from '../auth/index.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('creates the default organisation with the spec §9 theme and one account per role', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(true);
    const [org] = await t.database.db.select().from(organisations);
    expect(org).toMatchObject({ id: DEFAULT_ORGANISATION_ID, isDefault: true });
    const [theme] = await t.database.db
      .select()
      .from(organisationThemes)
      .where(eq(organisationThemes.organisationId, org!.id));
    expect(theme).toMatchObject({
      headingColor: '#bd2518',
      themeColor: '#f9a72f',
      linkColor: '#1295EE',
      textColor: '#000000',
      buttonColor: '#ffd464',
    });
    const rows = await t.database.db
      .select({ username: users.username, role: memberships.roleId, hash: users.passwordHash })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .orderBy(memberships.roleId);
    expect(rows.map((r) => [r.username, r.role])).toEqual([
      ['superadmin', ROLE.SUPERADMIN],
      ['admin', ROLE.ADMIN],
      ['trainer', ROLE.TRAINER],
      ['learner', ROLE.LEARNER],
    ]);
    expect(rows[0]!.hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[3]!.hash!, DEMO_PASSWORD)).toBe(true);
  });

  it('seeds the General forum (auto) with a welcome thread, and a course forum', async () => {
    const db = t.database.db;
    const rows = await db.select().from(forums).orderBy(forums.id);
    expect(rows.map((f) => [f.slug, f.scope, f.subscriptionMode])).toEqual([
      ['general', 'organisation', 'auto'],
      ['fire-safety', 'course', 'optional'],
    ]);
    const threads = await db.select().from(discussions).where(eq(discussions.forumId, rows[0]!.id));
    expect(threads).toHaveLength(1);
    expect(threads[0]!.mailDueAt).toBeNull();
  });

  it('seeds two categories and three published courses (one CPD) with modules', async () => {
    const db = t.database.db;
    const cats = await db.select().from(courseCategories);
    expect(cats.map((c) => c.name).sort()).toEqual(['Professional Skills', 'Workplace Safety']);
    expect(cats.every((c) => c.organisationId === DEFAULT_ORGANISATION_ID)).toBe(true);
    const rows = await db
      .select({ course: courses, author: users.username })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.createdBy));
    expect(rows).toHaveLength(3);
    for (const { course, author } of rows) {
      expect(course).toMatchObject({
        organisationId: DEFAULT_ORGANISATION_ID,
        status: 'published',
      });
      expect(course.publishedAt).not.toBeNull();
      expect(['admin', 'trainer']).toContain(author);
      const modules = await db
        .select()
        .from(courseModules)
        .where(eq(courseModules.courseId, course.id));
      expect(modules.length).toBeGreaterThanOrEqual(2);
    }
    expect(rows.filter((r) => r.course.isCpd)).toHaveLength(1);
  });

  it('shows the seeded catalogue to the demo learner through the API', async () => {
    const [learner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    const token = await tokenFor(
      t.database.db,
      t.app.ctx.config,
      learner!,
      DEFAULT_ORGANISATION_ID,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/courses/get-courses/?ordering=title',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((c: { title: string }) => c.title)).toEqual([
      'Effective Communication',
      'Fire Safety Essentials',
      'First Aid at Work',
    ]);
  });

  it('shows the demo learner a published classroom with three upcoming sessions to book', async () => {
    const [learner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    const token = await tokenFor(
      t.database.db,
      t.app.ctx.config,
      learner!,
      DEFAULT_ORGANISATION_ID,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/classroom/',
      headers: bearer(token),
    });
    expect(list.json().results.map((c: { title: string }) => c.title)).toEqual([
      'First Aid Practical',
    ]);
    const classes = await t.app.inject({
      method: 'GET',
      url: `/api/classrooms/classes/?classroom_id=${list.json().results[0].id}`,
      headers: bearer(token),
    });
    const sessions = await t.app.inject({
      method: 'GET',
      url: `/api/classrooms/sessions/?class_id=${classes.json().results[0].id}`,
      headers: bearer(token),
    });
    expect(sessions.json()).toHaveLength(3);
    expect(sessions.json().every((s: { abilities: { book: boolean } }) => s.abilities.book)).toBe(
      true,
    );
  });

  it('shows the demo learner two published CPD events and a scheme with a 20-hour target', async () => {
    const [learner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    const headers = bearer(
      await tokenFor(t.database.db, t.app.ctx.config, learner!, DEFAULT_ORGANISATION_ID),
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/events/', headers });
    const rows = list.json().results as {
      title: string;
      rrule: string | null;
      cpd_value: number;
      abilities: { enrol: boolean };
    }[];
    expect(rows.map((e) => [e.title, e.rrule, e.cpd_value, e.abilities.enrol])).toEqual([
      ['Safety Briefing Webinar', 'FREQ=WEEKLY;COUNT=6', 1, true],
      ['Learning at Work Day', null, 6, true],
    ]);
    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/events/get-event/',
      headers,
      payload: { id: (list.json().results[0] as { id: number }).id },
    });
    expect(detail.json().occurrences).toHaveLength(6);
    const summary = await t.app.inject({ method: 'GET', url: '/api/cpd/summary/', headers });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().scheme).toMatchObject({ target: 20, unit: 'hours' });
    const types = await t.app.inject({ method: 'GET', url: '/api/events/Event-type/', headers });
    expect(types.json().map((ty: { name: string }) => ty.name)).toEqual([
      'Conference',
      'Webinar',
      'Workshop',
    ]);
  });

  it('seeds a wall with a mention, a hashtag, a comment and reactions', async () => {
    const [learner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    const headers = bearer(
      await tokenFor(t.database.db, t.app.ctx.config, learner!, DEFAULT_ORGANISATION_ID),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/feed/', headers });
    expect(res.statusCode).toBe(200);
    const posts = res.json().results as {
      hashtags: string[];
      mentions: { username: string }[];
      comment_count: number;
      reactions: { total: number; mine: string | null };
    }[];
    expect(posts).toHaveLength(2);
    expect(posts[1]).toMatchObject({
      hashtags: ['safety'],
      mentions: [{ username: 'learner' }],
      comment_count: 1,
      reactions: { total: 2, mine: 'like' },
    });
    const mentioned = await t.app.inject({
      method: 'GET',
      url: '/api/feed/?mentions_me=true&hashtag=safety',
      headers,
    });
    expect(mentioned.json().results).toHaveLength(1);
  });

  it('seeds a blog: two published posts with tags and a comment, and the admin’s draft', async () => {
    const headersOf = async (username: string) => {
      const [user] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, username));
      return bearer(
        await tokenFor(t.database.db, t.app.ctx.config, user!, DEFAULT_ORGANISATION_ID),
      );
    };
    const learner = await headersOf('learner');
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs/', headers: learner });
    expect(res.statusCode).toBe(200);
    const posts = res.json().results as { title: string; tags: string[]; comment_count: number }[];
    expect(posts.map((p) => p.title)).toEqual([
      'Five tips for a better handover',
      'Why we run fire drills every quarter',
    ]);
    expect(posts[1]).toMatchObject({ tags: ['fire-drill', 'safety'], comment_count: 1 });
    const drafts = await t.app.inject({
      method: 'GET',
      url: '/api/blogs/?status=draft',
      headers: await headersOf('admin'),
    });
    expect(drafts.json().results).toHaveLength(1);
    const trainer = await headersOf('trainer');
    const list = await t.app.inject({ method: 'GET', url: '/api/blogs/', headers: trainer });
    expect(list.json().abilities.create).toBe(true);
  });

  it('seeds levels and points: the learner is an Explorer at the top of the board', async () => {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    const learner = bearer(
      await tokenFor(t.database.db, t.app.ctx.config, user!, DEFAULT_ORGANISATION_ID),
    );
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/gamification/user-badge-leaderboard-list/',
      headers: learner,
    });
    expect(board.statusCode).toBe(200);
    expect(board.json().results[0]).toMatchObject({
      rank: 1,
      points: 140,
      is_me: true,
      level: { name: 'Explorer' },
    });
    expect(board.json().count).toBe(3);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: learner });
    expect(me.json().user_badge).toEqual({
      badge_name: 'Explorer',
      badge_color: '#1e88e5',
      badge_image_fk: null,
    });
  });

  it('is idempotent: a second run creates nothing', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(false);
    expect(await t.database.db.select().from(users)).toHaveLength(4);
    expect(await t.database.db.select().from(organisations)).toHaveLength(1);
    expect(await t.database.db.select().from(courses)).toHaveLength(3);
    expect(await t.database.db.select().from(courseCategories)).toHaveLength(2);
    expect(await t.database.db.select().from(courseModules)).toHaveLength(7);
  });

  it('later organisations get fresh ids past the default one', async () => {
    const [next] = await t.database.db
      .insert(organisations)
      .values({ title: 'Next', acronym: 'N' })
      .returning();
    expect(next!.id).toBeGreaterThan(DEFAULT_ORGANISATION_ID);
  });
});
