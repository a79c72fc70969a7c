import type { TBlogComment, TBlogPost, TModerationItem } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * Banned words on blogs: a post or comment that contains one is held for review (others do not
 * see it, its author does, labelled), opens a queue item, tells nobody; released, it shows and
 * the post's author hears of the comment then.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  const word = await http.post('/api/moderation/banned-words/', acme.admin.token, {
    phrase: 'Grumbleweed',
  });
  expect(word.statusCode, word.body).toBe(201);
});
afterAll(() => t.close());

const BLOGS = '/api/blogs/';
const QUEUE = '/api/moderation/queue/';

async function queued(kind: string, id: number): Promise<TModerationItem | undefined> {
  const res = await http.get(`${QUEUE}?kind=${kind}&page_size=100`, acme.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.find((i: TModerationItem) => i.target_id === id);
}

const commentNotices = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, 'blog_comment')));

describe('banned words on blogs', () => {
  it('holds a comment: hidden from others, labelled for its author, released by a moderator', async () => {
    const post = (
      await http.post(BLOGS, acme.admin.token, {
        title: 'Rota changes',
        body_html: '<p>New rota from Monday.</p>',
        status: 'published',
      })
    ).json() as TBlogPost;
    const res = await http.post(`${BLOGS}${post.id}/comments/`, acme.learner.token, {
      body: 'What a GRUMBLEWEED idea.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json() as TBlogComment;
    expect(held.moderation_state).toBe('held');

    const others = await http.get(`${BLOGS}${post.id}/comments/`, acme.trainer.token);
    expect(others.json().results).toEqual([]);
    const own = await http.get(`${BLOGS}${post.id}/comments/`, acme.learner.token);
    expect(own.json().results.map((c: TBlogComment) => c.moderation_state)).toEqual(['held']);
    await t.app.ctx.jobs.drain();
    expect(await commentNotices(acme.admin.user.id)).toHaveLength(0);

    const item = await queued('blog_comment', held.id);
    expect(item).toMatchObject({ held: true, status: 'open' });
    const released = await http.post(`${QUEUE}${item!.id}/action/`, acme.admin.token, {
      action: 'restore',
    });
    expect(released.statusCode, released.body).toBe(200);
    const after = await http.get(`${BLOGS}${post.id}/comments/`, acme.trainer.token);
    expect(after.json().results.map((c: TBlogComment) => c.id)).toEqual([held.id]);
    await t.app.ctx.jobs.drain();
    expect(await commentNotices(acme.admin.user.id)).toHaveLength(1);
  });

  it('holds a post whose title has the word; a clean one stays visible', async () => {
    const clean = await http.post(BLOGS, acme.admin.token, {
      title: 'Tidy loading bay',
      body_html: '<p>Thanks all.</p>',
      status: 'published',
    });
    expect(clean.json().moderation_state).toBe('visible');
    const res = await http.post(BLOGS, acme.admin.token, {
      title: 'Grumbleweed season',
      body_html: '<p>Again.</p>',
      status: 'published',
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as TBlogPost;
    expect(post.moderation_state).toBe('held');
    expect((await http.get(`${BLOGS}${post.id}/`, acme.learner.token)).statusCode).toBe(404);
    const list = await http.get(`${BLOGS}?page_size=100`, acme.learner.token);
    const ids = list.json().results.map((p: TBlogPost) => p.id);
    expect(ids).toContain(clean.json().id);
    expect(ids).not.toContain(post.id);
    expect(await queued('blog_post', post.id)).toMatchObject({ held: true });
  });
});
