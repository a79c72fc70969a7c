import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { type ForumBed, forumAs, startForumApp, threadAs } from '../../../test/forums-bed.ts';
import { forumSubscriptions } from '../../schema/forums.table.ts';

/* Forums over HTTP: course forums (who manages, reads and posts) and the subscription modes. */

let bed: ForumBed;
let t: TestApp;
let http: ForumBed['http'];
let acme: Staff;
let types: ForumBed['types'];

beforeAll(async () => {
  bed = await startForumApp();
  ({ t, http, acme, types } = bed);
});
afterAll(() => t.close());

const forumOf = (who: SignedIn, body: Record<string, unknown> = {}) => forumAs(bed, who, body);
const threadIn = (who: SignedIn, slug: string, over: Record<string, unknown> = {}) =>
  threadAs(bed, who, slug, over);

describe('course forums', () => {
  it('the course’s managers create and manage them; its learners read and post; others 404', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const learner = await enrolledLearner(t, course);
    const outsider = await signedInLearner(t, acme.org.id);
    const otherTrainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const f = await forumOf(acme.trainer, {
      scope: 'course',
      scope_id: course.id,
      slug: 'course-q',
    });
    expect(f).toMatchObject({ scope: 'course', scope_ref: { id: course.id, name: course.title } });
    // Trainers may not make organisation forums; learners none.
    expect((await http.post('/api/forum/', acme.trainer.token, { name: 'Org' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await http.post('/api/forum/', learner.token, {
          name: 'L',
          scope: 'course',
          scope_id: course.id,
        })
      ).statusCode,
    ).toBe(403);
    // A trainer who neither wrote nor takes the course: it is not theirs to see.
    expect(
      (
        await http.post('/api/forum/', otherTrainer.token, {
          name: 'L',
          scope: 'course',
          scope_id: course.id,
        })
      ).statusCode,
    ).toBe(404);

    expect((await http.get('/api/forum/course-q/', learner.token)).json().abilities).toMatchObject({
      edit: false,
      post: true,
    });
    expect((await http.get('/api/forum/course-q/', outsider.token)).statusCode).toBe(404);
    expect((await http.get('/api/forum/course-q/', otherTrainer.token)).statusCode).toBe(404);
    const listed = (
      await http.get(`/api/forum/?scope=course&scope_id=${course.id}`, learner.token)
    ).json();
    expect(listed.results.map((r: { slug: string }) => r.slug)).toEqual(['course-q']);
    expect(
      (await http.get('/api/forum/?scope=course', outsider.token)).json().results,
    ).not.toContainEqual(expect.objectContaining({ slug: 'course-q' }));

    // A thread takes the forum's place whatever scope is sent.
    const thread = await threadIn(learner, 'course-q', { scope: 'organisation' });
    const detail = (await http.get(`/api/discussions/${thread.id}/`, learner.token)).json();
    expect(detail).toMatchObject({
      scope: 'course',
      scope_ref: { id: course.id },
      forum: { slug: 'course-q', name: expect.any(String) },
    });
    // Someone who cannot read the forum cannot post in it (400 on the field) nor list it (404).
    const refused = await http.post('/api/discussions/', outsider.token, {
      type: types.general,
      title: 'x',
      body: '<p>x</p>',
      forum: 'course-q',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.forum).toHaveLength(1);
    expect((await http.get('/api/thread/?forum=course-q', outsider.token)).statusCode).toBe(404);

    expect(
      (await http.patch('/api/forum/course-q/', acme.trainer.token, { description: 'Ask here' }))
        .statusCode,
    ).toBe(200);
    expect((await http.del('/api/forum/course-q/', learner.token)).statusCode).toBe(403);
    expect((await http.del('/api/forum/course-q/', acme.trainer.token)).statusCode).toBe(204);
  });
});

describe('subscriptions', () => {
  it('follow the mode: optional and auto choose, forced and off refuse (409); rows survive mode changes', async () => {
    const member = await signedInLearner(t, acme.org.id);
    await forumOf(acme.admin, { slug: 'subs', subscription_mode: 'optional' });
    const sub = (subscribed: boolean) =>
      http.post('/api/forum/subs/subscription/', member.token, { subscribed });
    const mine = async () => (await http.get('/api/forum/subs/', member.token)).json();
    expect((await mine()).subscribed).toBe(false);
    expect((await sub(true)).json()).toEqual({ subscribed: true });
    expect((await mine()).subscribed).toBe(true);

    const mode = (subscription_mode: string) =>
      http.patch('/api/forum/subs/', acme.admin.token, { subscription_mode });
    await mode('auto');
    expect((await sub(false)).json()).toEqual({ subscribed: false });
    expect((await mine()).subscribed).toBe(false);
    // Another member has no row: auto subscribes them.
    expect((await http.get('/api/forum/subs/', acme.learner.token)).json().subscribed).toBe(true);

    await mode('forced');
    expect(await mine()).toMatchObject({ subscribed: true, abilities: { subscribe: false } });
    const forced = await sub(false);
    expect(forced.statusCode).toBe(409);
    await mode('off');
    expect(await mine()).toMatchObject({ subscribed: false, abilities: { subscribe: false } });
    expect((await sub(true)).statusCode).toBe(409);
    // Back to auto: the member's own "no" still stands.
    await mode('auto');
    expect((await mine()).subscribed).toBe(false);
    const rows = await t.database.db
      .select()
      .from(forumSubscriptions)
      .where(eq(forumSubscriptions.userId, member.user.id));
    expect(rows).toHaveLength(1);
  });
});
