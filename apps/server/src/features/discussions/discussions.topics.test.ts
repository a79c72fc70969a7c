import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  discussionTypesOf,
  makeBooking,
  makeClassroomSession,
  makeCourse,
  makeLearningPath,
  makePathEnrolment,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { discussions } from '../../schema/discussions.table.ts';
import { TOPICS_PER_HOUR } from './discussions.routes.ts';

/*
 * Topics through the API: who starts, reads, edits, moderates and deletes them in each kind of
 * scope (the organisation, a course, a learning path, a class), and the answers they get.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let types: { question: number; idea: number; general: number };

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  types = await discussionTypesOf(t.database.db, acme.org.id);
});
afterAll(() => t.close());

const topicBody = (over: Record<string, unknown> = {}) => ({
  type: types.question,
  title: 'Where do I park?',
  body: '<p>The car park is <strong>full</strong>.</p>',
  ...over,
});

async function start(who: SignedIn, over: Record<string, unknown> = {}) {
  const res = await http.post('/api/discussions/', who.token, topicBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; abilities: Record<string, boolean> };
}

/**
 * One scope of each kind with its people: a member (enrolled or booked learner), a manager
 * (the course's or path's author, the class's trainer), and outsiders of the organisation.
 */
async function scopes() {
  const db = t.database.db;
  const manager = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  const course = await makeCourse(db, { organisationId: acme.org.id, createdBy: manager.user.id });
  const courseLearner = await enrolledLearner(t, course);
  const path = await makeLearningPath(db, {
    organisationId: acme.org.id,
    createdBy: manager.user.id,
  });
  const pathLearner = await signedInLearner(t, acme.org.id);
  await makePathEnrolment(db, path, { userId: pathLearner.user.id });
  const cls = await makeClassroomSession(db, {
    organisationId: acme.org.id,
    session: { trainerIds: [manager.user.id] },
  });
  const classLearner = await signedInLearner(t, acme.org.id);
  await makeBooking(db, cls.session, classLearner.user.id);
  const outsideTrainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  return {
    manager,
    outsideTrainer,
    course: { scope: 'course', scope_id: course.id, member: courseLearner, name: course.title },
    path: { scope: 'path', scope_id: path.id, member: pathLearner, name: path.title },
    class: { scope: 'class', scope_id: cls.cls.id, member: classLearner, name: cls.cls.name },
  } as const;
}

describe('scoped topics', () => {
  it.each(['course', 'path', 'class'] as const)(
    'a %s topic: its people and the admins read and answer it; others of the organisation and other organisations find nothing',
    async (kind) => {
      const s = await scopes();
      const scope = s[kind];
      // An outsider may not start one there (told nothing of it).
      const where = { scope: scope.scope, scope_id: scope.scope_id };
      const refused = await http.post('/api/discussions/', acme.learner.token, topicBody(where));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.scope_id).toHaveLength(1);

      const topic = await start(scope.member, where);
      expect(topic).toMatchObject({
        scope: kind,
        scope_ref: { id: scope.scope_id, name: scope.name },
        following: true,
        abilities: { edit: true, delete: true, moderate: false, accept: true },
      });
      const readers = [scope.member, s.manager, acme.admin, acme.superadmin];
      for (const who of readers) {
        const res = await http.get(`/api/discussions/${topic.id}/`, who.token);
        expect(res.statusCode, `${kind} reader`).toBe(200);
        const list = await http.get(
          `/api/discussions/?scope=${kind}&scope_id=${scope.scope_id}`,
          who.token,
        );
        expect(list.json().results.map((r: { id: number }) => r.id)).toContain(topic.id);
      }
      expect(
        (await http.get(`/api/discussions/${topic.id}/`, s.manager.token)).json().abilities,
      ).toMatchObject({ moderate: true, edit: false, delete: true, close: true });
      for (const who of [acme.learner, s.outsideTrainer, globex.admin, globex.superadmin]) {
        expect((await http.get(`/api/discussions/${topic.id}/`, who.token)).statusCode).toBe(404);
        const list = await http.get('/api/discussions/', who.token);
        expect(list.json().results.map((r: { id: number }) => r.id)).not.toContain(topic.id);
        const answer = await http.post('/api/discussions/answear/', who.token, {
          discussion: topic.id,
          body: '<p>Me too</p>',
        });
        expect(answer.statusCode).toBe(404);
      }
      const answered = await http.post('/api/discussions/answear/', s.manager.token, {
        discussion: topic.id,
        body: '<p>Use the one behind the gym.</p>',
      });
      expect(answered.statusCode).toBe(201);
    },
  );

  it('offers the organisation and the scopes the caller takes part in', async () => {
    const s = await scopes();
    const names = async (who: SignedIn) =>
      (
        (await http.get('/api/discussions/scopes/', who.token)).json() as {
          scope: string;
          id: number | null;
        }[]
      ).map((o) => `${o.scope}:${o.id}`);
    expect(await names(s.course.member)).toEqual([
      'organisation:null',
      `course:${s.course.scope_id}`,
    ]);
    expect(await names(s.manager)).toEqual(
      expect.arrayContaining([
        `course:${s.course.scope_id}`,
        `path:${s.path.scope_id}`,
        `class:${s.class.scope_id}`,
      ]),
    );
    expect(await names(s.outsideTrainer)).toEqual(['organisation:null']);
    expect(await names(acme.admin)).toEqual(expect.arrayContaining([`class:${s.class.scope_id}`]));
  });
});

describe('editing, moderating and deleting', () => {
  it('the author edits until it is locked; moderators pin, lock and close (audited); others may not', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    const topic = await start(author);
    const url = `/api/discussions/${topic.id}/`;
    const edited = await http.patch(url, author.token, {
      title: 'Where may I park?',
      type: types.idea,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Where may I park?',
      type: { id: types.idea, kind: 'idea' },
    });
    expect(edited.json().edited_at).not.toBeNull();
    expect((await http.patch(url, author.token, { type: 999999 })).statusCode).toBe(400);
    expect((await http.patch(url, other.token, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await http.patch(url, author.token, { pinned: true })).statusCode).toBe(403);
    expect(
      (await http.patch(url, author.token, { body: '<p> </p>' })).json().errors.body,
    ).toHaveLength(1);

    expect((await http.patch(url, author.token, { closed: true })).json()).toMatchObject({
      closed: true,
    });
    expect((await http.patch(url, author.token, { closed: false })).json()).toMatchObject({
      closed: false,
    });
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const moderated = await http.patch(url, acme.admin.token, { pinned: true, locked: true });
    // Its followers (the author) hear of it live.
    expect(publish).toHaveBeenCalledWith([author.user.id], {
      type: 'discussion.updated',
      data: { discussion: topic.id },
    });
    publish.mockRestore();
    expect(moderated.json()).toMatchObject({
      pinned: true,
      locked: true,
      edited_at: edited.json().edited_at,
    });
    expect((await http.patch(url, author.token, { title: 'Changed' })).statusCode).toBe(409);
    expect((await http.patch(url, author.token, { closed: true })).json().message).toBe(
      'This discussion is locked.',
    );
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'discussion.moderated'),
          eq(auditEvents.actorId, acme.admin.user.id),
        ),
      );
    expect(audit.at(-1)?.details).toMatchObject({
      discussionId: topic.id,
      pinned: true,
      locked: true,
    });
    expect((await http.patch(url, globex.admin.token, { locked: false })).statusCode).toBe(404);
  });

  it('the author deletes it while nobody else answered; moderators whenever (audited)', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const alone = await start(author);
    await http.post('/api/discussions/answear/', author.token, {
      discussion: alone.id,
      body: '<p>Bump</p>',
    });
    expect((await http.del(`/api/discussions/${alone.id}/`, author.token)).statusCode).toBe(204);

    const answered = await start(author);
    await http.post('/api/discussions/answear/', acme.trainer.token, {
      discussion: answered.id,
      body: '<p>Hi</p>',
    });
    const refused = await http.del(`/api/discussions/${answered.id}/`, author.token);
    expect(refused.statusCode).toBe(409);
    expect(
      (await http.del(`/api/discussions/${answered.id}/`, acme.trainer.token)).statusCode,
    ).toBe(403);
    expect(
      (await http.del(`/api/discussions/${answered.id}/`, globex.admin.token)).statusCode,
    ).toBe(404);
    expect((await http.del(`/api/discussions/${answered.id}/`, acme.admin.token)).statusCode).toBe(
      204,
    );
    expect(
      await t.database.db.select().from(discussions).where(eq(discussions.id, answered.id)),
    ).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'discussion.deleted'),
          eq(auditEvents.targetUserId, author.user.id),
        ),
      );
    expect(audit?.details).toMatchObject({ discussionId: answered.id, answers: 1 });
  });

  it('refuses a type of another organisation and a bad scope', async () => {
    const globexTypes = await discussionTypesOf(t.database.db, globex.org.id);
    const res = await http.post(
      '/api/discussions/',
      acme.learner.token,
      topicBody({ type: globexTypes.question }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.type).toHaveLength(1);
    const noId = await http.post(
      '/api/discussions/',
      acme.learner.token,
      topicBody({ scope: 'course' }),
    );
    expect(noId.json().errors.scope_id).toHaveLength(1);
    const stray = await http.post(
      '/api/discussions/',
      acme.admin.token,
      topicBody({ scope: 'course', scope_id: 999999 }),
    );
    expect(stray.statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it(`answers 429 past ${TOPICS_PER_HOUR} topics an hour, in the error shape`, async () => {
    const busy = await signedInLearner(t, acme.org.id);
    for (let i = 0; i < TOPICS_PER_HOUR; i++) await start(busy, { title: `Topic ${i}` });
    const refused = await http.post('/api/discussions/', busy.token, topicBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: expect.any(String) });
    const mine = await t.database.db
      .select()
      .from(discussions)
      .where(eq(discussions.userId, busy.user.id));
    expect(mine).toHaveLength(TOPICS_PER_HOUR);
  });
});
